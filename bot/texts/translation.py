"""A counterpart's words in the reader's language, with the original beside them:
"vacuum flask (保温杯)", "Yiwu (义乌)", "¥12 ≈ $1.67". Only what the vocabulary knows is
translated; anything else is shown as written."""

from __future__ import annotations

from decimal import Decimal

from bot.domain import money
from bot.domain.matching.glossary import PRODUCT, default_glossary
from bot.domain.models import Lang, Price
from bot.domain.parsing.places import place_named

READER_CURRENCY = {Lang.EN: "USD", Lang.ZH_HANS: "CNY", Lang.ZH_HANT: "TWD"}


def product_name(product: str, lang: Lang) -> str:
    """The glossary's name of the one product concept `product` names, and the original."""
    glossary = default_glossary()
    ids = [c for c in glossary.lookup(product) if glossary.concept(c).kind == PRODUCT]
    if len(ids) != 1:
        return product
    name = glossary.display_name(ids[0], lang)
    return product if not name or name.lower() == product.lower() else f"{name} ({product})"


def place_name(place: str, lang: Lang) -> str:
    known = place_named(place)
    if known is None:
        return place
    name = known.display(lang, written_in_english=False)
    return place if name == place else f"{name} ({place})"


def converted(price: Price, lang: Lang) -> tuple[Decimal, str] | None:
    """About what the price is in the reader's currency, when it is quoted in another."""
    target = READER_CURRENCY[lang]
    amount = price.low if price.low is not None else price.high
    currency = price.currency or money.BASE_CURRENCY
    if amount is None or currency == target:
        return None
    try:
        in_cny = money.to_base(amount, currency)
        rate = money.DEFAULT_RATES.get(target, 1.0) if target != money.BASE_CURRENCY else 1.0
    except money.UnknownCurrencyError:
        return None
    value = Decimal(str(in_cny / rate))
    return value.quantize(Decimal("0.01") if value < 100 else Decimal("1")), target
