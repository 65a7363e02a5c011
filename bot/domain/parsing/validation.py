"""Problems in a parsed post that the bot turns into a friendly question or warning.

`validate` returns problem keys (stable strings, also used as text keys by the bot):

- intent.none        not recognisably an offer or a need
- product.missing    no product could be found
- product.markup     the product contains HTML/Markdown markup (kept as text, escaped
                     when shown; the bot may ask the user to rephrase)
- product.too_long   the product name is longer than 60 characters
- quantity.zero      an order quantity or MOQ of zero
- quantity.absurd    an order quantity or MOQ above 10^9
- moq.above_quantity the minimum order is larger than the quantity offered/wanted
- price.zero         a price of zero
- price.absurd       a unit price above 10^7 (any currency)
- price.inverted     a range whose low end is above its high end
- price.no_currency  an amount without a currency
"""

from __future__ import annotations

import re
from decimal import Decimal

from bot.domain.models import Intent, ParsedPost, Quantity

PROBLEMS: tuple[str, ...] = (
    "intent.none",
    "product.missing",
    "product.markup",
    "product.too_long",
    "quantity.zero",
    "quantity.absurd",
    "moq.above_quantity",
    "price.zero",
    "price.absurd",
    "price.inverted",
    "price.no_currency",
)

_MARKUP = re.compile(r"</?[a-zA-Z][^>]{0,80}>|\*\*|__|`|\[[^\]]{0,80}\]\([^)]{0,200}\)")
_MAX_QUANTITY = Decimal(10) ** 9
_MAX_PRICE = Decimal(10) ** 7


def _quantity_problems(q: Quantity | None) -> list[str]:
    if q is None:
        return []
    if q.amount <= 0:
        return ["quantity.zero"]
    if q.amount > _MAX_QUANTITY:
        return ["quantity.absurd"]
    return []


def validate(parsed: ParsedPost) -> list[str]:
    """Problem keys for `parsed`, in the order of PROBLEMS, without duplicates."""
    found: set[str] = set()
    if parsed.intent is Intent.NONE:
        found.add("intent.none")
    if not parsed.product:
        found.add("product.missing")
    else:
        if _MARKUP.search(parsed.product):
            found.add("product.markup")
        if len(parsed.product) > 60:
            found.add("product.too_long")
    found.update(_quantity_problems(parsed.quantity))
    found.update(_quantity_problems(parsed.moq))
    q, moq = parsed.quantity, parsed.moq
    if q and moq and q.unit == moq.unit and moq.amount > q.amount > 0:
        found.add("moq.above_quantity")
    price = parsed.price
    if price is not None:
        values = [v for v in (price.low, price.high) if v is not None]
        if any(v <= 0 for v in values):
            found.add("price.zero")
        if any(v > _MAX_PRICE for v in values):
            found.add("price.absurd")
        if price.low is not None and price.high is not None and price.low > price.high:
            found.add("price.inverted")
        if values and price.currency is None:
            found.add("price.no_currency")
    return [key for key in PROBLEMS if key in found]
