"""ParsedPost -> MatchFields (prices in CNY per base unit, quantities in base units), and a
flat record form of MatchFields / PostTerms for storage.

Rebuilding the index at start-up from stored records costs a fraction of re-parsing the
parsed JSON (see docs/matching.md, "Speed"): the storage layer can keep
`fields_to_record(...)` as columns and `terms_to_text(...)` as a text column.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal

from bot.domain import money, units
from bot.domain.models import ParsedPost, Price, Quantity

from .types import MatchFields, PostTerms


def fields_from_parsed(
    parsed: ParsedPost,
    created: datetime | float,
    expires: datetime | float,
    rates: Mapping[str, float] = money.DEFAULT_RATES,
    *,
    trust: float = 0.5,
) -> MatchFields:
    """Comparable fields of one post. A price in an unknown currency is dropped (treated
    as not stated) rather than guessed; a ceiling ("10元以内") becomes price_max only."""
    price_min, price_max, price_unit = _price(parsed.price, rates)
    quantity, quantity_unit = _quantity(parsed.quantity)
    moq, moq_unit = _quantity(parsed.moq)
    return MatchFields(
        price_min=price_min,
        price_max=price_max,
        price_unit=price_unit,
        negotiable=bool(parsed.price and parsed.price.negotiable),
        quantity=quantity,
        quantity_unit=quantity_unit,
        moq=moq,
        moq_unit=moq_unit,
        place=_label(parsed.place),
        destination=_label(parsed.destination),
        trade_term=parsed.trade_term.upper() if parsed.trade_term else None,
        created_ts=_ts(created),
        expires_ts=_ts(expires),
        trust=trust,
    )


def _ts(value: datetime | float) -> float:
    return value.timestamp() if isinstance(value, datetime) else float(value)


def _label(text: str | None) -> str | None:
    return text.strip().lower() if text and text.strip() else None


def _quantity(q: Quantity | None) -> tuple[float | None, str | None]:
    if q is None:
        return None, None
    amount, unit = units.to_base(q.amount, q.unit)
    return float(amount), unit


def _price(
    price: Price | None, rates: Mapping[str, float]
) -> tuple[float | None, float | None, str | None]:
    if price is None or (price.low is None and price.high is None):
        return None, None, None
    # Price per base unit: a price per dozen is divided by 12, per ton by 1000 (per kg).
    per_base, unit = units.to_base(Decimal(max(price.per_count, 1)), price.per_unit)
    try:
        low = _per_base(price.low, price.currency, per_base, rates)
        high = _per_base(price.high, price.currency, per_base, rates)
    except money.UnknownCurrencyError:
        return None, None, None
    return low, high, unit


def _per_base(
    amount: Decimal | None, currency: str | None, per_base: Decimal,
    rates: Mapping[str, float],
) -> float | None:
    if amount is None:
        return None
    return money.to_base(amount, currency, rates) / float(per_base)


# -- a flat form for storage, so the start-up rebuild need not re-parse anything ----------

RECORD_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(MatchFields))


def fields_to_record(fields: MatchFields) -> tuple:
    """MatchFields as a flat tuple in `RECORD_FIELDS` order (plain str/float/bool/None),
    for SQL columns or a JSON list."""
    return tuple(getattr(fields, name) for name in RECORD_FIELDS)


def fields_from_record(values: Sequence) -> MatchFields:
    return MatchFields(*values)


def terms_to_text(terms: PostTerms) -> str:
    """PostTerms as one string: groups on lines, words separated by tabs (normalised terms
    contain neither). Four lines: product, specs, concepts, categories."""
    return "\n".join("\t".join(group) for group in
                     (terms.product, terms.specs, terms.concepts, terms.categories))


def terms_from_text(text: str) -> PostTerms:
    groups = [tuple(line.split("\t")) if line else () for line in text.split("\n")]
    groups += [()] * (4 - len(groups))
    return PostTerms(*groups[:4])
