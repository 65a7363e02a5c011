"""ParsedPost -> MatchFields (prices in CNY per base unit, quantities in base units), and a
flat record form of MatchFields that stored.py turns into what posts keep for a rebuild."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal

from bot.domain import money
from bot.domain.models import ParsedPost, Price, Quantity
from bot.domain.vocabulary import units

from .accessories import item_type
from .types import MatchFields


def fields_from_parsed(
    parsed: ParsedPost,
    created: datetime | float,
    expires: datetime | float,
    rates: Mapping[str, float] = money.DEFAULT_RATES,
    *,
    trust: float = 0.5,
) -> MatchFields:
    """Comparable fields of one post. A price in an unknown currency is dropped (treated
    as not stated) rather than guessed; a ceiling ("10元以内") becomes price_high only."""
    price_low, price_high, price_unit = _price(parsed.price, rates)
    quantity, quantity_unit = _quantity(parsed.quantity)
    moq, moq_unit = _quantity(parsed.moq)
    return MatchFields(
        price_low=price_low,
        price_high=price_high,
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
        item_type=item_type(parsed.product) if parsed.product else None,
        features=features_label(parsed.features),
    )


def features_label(codes: Sequence[str]) -> str | None:
    """A post's features as one label ("cert:CE oem"): the same set, the same label."""
    return " ".join(sorted(set(codes))) or None


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
    amount: Decimal | None,
    currency: str | None,
    per_base: Decimal,
    rates: Mapping[str, float],
) -> float | None:
    if amount is None:
        return None
    return money.to_base(amount, currency, rates) / float(per_base)


# -- a flat form of MatchFields (the stored form in stored.py is built from it) -----------

RECORD_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(MatchFields))


def fields_to_record(fields: MatchFields) -> tuple:
    """MatchFields as a flat tuple in `RECORD_FIELDS` order (plain str/float/bool/None),
    for SQL columns or a JSON list."""
    return tuple(getattr(fields, name) for name in RECORD_FIELDS)
