"""How domain values are written to and read from JSON columns.

Decimals are written as strings (`str(Decimal)`) so that "12.50" comes back as
Decimal("12.50") on both backends; JSONB would otherwise turn numbers into floats or
normalise them. Datetimes are ISO 8601 with offset.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from bot.domain.models import Intent, Lang, ParsedPost, Price, Quantity

FORMAT_VERSION = 1


def _dec(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def _undec(value: Any) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def quantity_to_dict(quantity: Quantity | None) -> dict[str, Any] | None:
    if quantity is None:
        return None
    return {
        "amount": _dec(quantity.amount),
        "unit": quantity.unit,
        "unit_word": quantity.unit_word,
    }


def quantity_from_dict(data: dict[str, Any] | None) -> Quantity | None:
    if data is None:
        return None
    return Quantity(
        amount=Decimal(str(data["amount"])),
        unit=data.get("unit"),
        unit_word=data.get("unit_word"),
    )


def price_to_dict(price: Price | None) -> dict[str, Any] | None:
    if price is None:
        return None
    return {
        "low": _dec(price.low),
        "high": _dec(price.high),
        "currency": price.currency,
        "per_unit": price.per_unit,
        "per_count": price.per_count,
        "negotiable": price.negotiable,
        "per_unit_word": price.per_unit_word,
    }


def price_from_dict(data: dict[str, Any] | None) -> Price | None:
    if data is None:
        return None
    return Price(
        low=_undec(data.get("low")),
        high=_undec(data.get("high")),
        currency=data.get("currency"),
        per_unit=data.get("per_unit"),
        per_count=int(data.get("per_count", 1)),
        negotiable=bool(data.get("negotiable", False)),
        per_unit_word=data.get("per_unit_word"),
    )


def parsed_to_dict(parsed: ParsedPost) -> dict[str, Any]:
    return {
        "v": FORMAT_VERSION,
        "intent": parsed.intent.value,
        "language": parsed.language.value,
        "product": parsed.product,
        "specs": list(parsed.specs),
        "quantity": quantity_to_dict(parsed.quantity),
        "moq": quantity_to_dict(parsed.moq),
        "price": price_to_dict(parsed.price),
        "trade_term": parsed.trade_term,
        "port": parsed.port,
        "place": parsed.place,
        "destination": parsed.destination,
        "valid_days": parsed.valid_days,
        "valid_until": None if parsed.valid_until is None else parsed.valid_until.isoformat(),
        "contacts": list(parsed.contacts),
        "keywords": list(parsed.keywords),
        "features": list(parsed.features),
    }


def parsed_from_dict(data: dict[str, Any]) -> ParsedPost:
    valid_until = data.get("valid_until")
    return ParsedPost(
        intent=Intent(data["intent"]),
        language=Lang(data["language"]),
        product=data.get("product"),
        specs=tuple(data.get("specs") or ()),
        quantity=quantity_from_dict(data.get("quantity")),
        moq=quantity_from_dict(data.get("moq")),
        price=price_from_dict(data.get("price")),
        trade_term=data.get("trade_term"),
        port=data.get("port"),
        place=data.get("place"),
        destination=data.get("destination"),
        valid_days=data.get("valid_days"),
        valid_until=None if valid_until is None else datetime.fromisoformat(valid_until),
        contacts=tuple(data.get("contacts") or ()),
        keywords=tuple(data.get("keywords") or ()),
        features=tuple(data.get("features") or ()),  # none in posts stored before them
    )


def buttons_to_json(buttons: list[list[tuple[str, str]]]) -> list[list[list[str]]]:
    return [[[label, data] for label, data in row] for row in buttons]


def buttons_from_json(rows: list[list[list[str]]]) -> list[list[tuple[str, str]]]:
    return [[(label, data) for label, data in row] for row in rows]
