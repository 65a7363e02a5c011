"""fields_from_parsed: ParsedPost prices and quantities to comparable MatchFields."""

import json
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from bot.domain.matching.engine import fields_from_parsed
from bot.domain.matching.fields import (
    RECORD_FIELDS,
    fields_to_record,
)
from bot.domain.matching.types import MatchFields
from bot.domain.models import Intent, Lang, ParsedPost, Price, Quantity

CREATED = datetime(2026, 12, 1, tzinfo=UTC)
EXPIRES = datetime(2026, 12, 31, tzinfo=UTC)


def parsed(**kw) -> ParsedPost:
    return ParsedPost(intent=Intent.OFFER, language=Lang.ZH_HANS, **kw)


@pytest.mark.parametrize(
    ("price", "expected"),
    [
        (Price(Decimal(12), Decimal(12), "CNY", "pcs"), (12.0, 12.0, "pcs")),
        (Price(None, Decimal(10), "CNY", "pcs"), (None, 10.0, "pcs")),  # 10元以内
        (Price(Decimal("1.5"), Decimal("1.5"), "USD", "pcs"), (10.8, 10.8, "pcs")),
        (Price(Decimal(24), Decimal(36), None, "dozen"), (2.0, 3.0, "pcs")),  # per dozen
        (Price(Decimal(12), Decimal(12), "CNY", "pcs", per_count=12), (1.0, 1.0, "pcs")),
        (Price(Decimal(8000), Decimal(8000), "CNY", "ton"), (8.0, 8.0, "kg")),
        (Price(Decimal(5), Decimal(5), "CNY", "jin"), (10.0, 10.0, "kg")),
        (Price(Decimal(5), Decimal(5), "CNY", None), (5.0, 5.0, None)),
        (Price(Decimal(5), Decimal(5), "XYZ", "pcs"), (None, None, None)),  # unknown currency
        (Price(negotiable=True), (None, None, None)),
        (None, (None, None, None)),
    ],
)
def test_prices_in_cny_per_base_unit(price, expected):
    f = fields_from_parsed(parsed(price=price), CREATED, EXPIRES)
    got = (f.price_low, f.price_high, f.price_unit)
    assert got[2] == expected[2]
    for value, want in zip(got[:2], expected[:2], strict=True):
        assert value == (None if want is None else pytest.approx(want))


def test_configured_rates_are_used():
    price = Price(Decimal(2), Decimal(2), "USD", "pcs")
    f = fields_from_parsed(parsed(price=price), CREATED, EXPIRES, {"USD": 7.0})
    assert f.price_low == pytest.approx(14.0)


@pytest.mark.parametrize(
    ("qty", "expected"),
    [
        (Quantity(Decimal(5000), "pcs"), (5000.0, "pcs")),
        (Quantity(Decimal(10), "dozen"), (120.0, "pcs")),
        (Quantity(Decimal(2), "ton"), (2000.0, "kg")),
        (Quantity(Decimal(300), None), (300.0, None)),
    ],
)
def test_quantities_and_moq_in_base_units(qty, expected):
    f = fields_from_parsed(parsed(quantity=qty, moq=qty), CREATED, EXPIRES)
    assert (f.quantity, f.quantity_unit) == expected
    assert (f.moq, f.moq_unit) == expected


def test_places_times_and_trust():
    p = parsed(
        place=" 义乌 ",
        destination="Shanghai",
        trade_term="fob",
        price=Price(Decimal(1), Decimal(1), negotiable=True),
    )
    f = fields_from_parsed(p, CREATED, EXPIRES.timestamp(), trust=0.8)
    assert (f.place, f.destination, f.trade_term) == ("义乌", "shanghai", "FOB")
    assert f.created_ts == CREATED.timestamp()
    assert f.expires_ts == EXPIRES.timestamp()
    assert f.trust == 0.8
    assert f.negotiable is True


@pytest.mark.parametrize(
    "fields",
    [
        MatchFields(),
        MatchFields(
            price_low=1.5,
            price_high=2.0,
            price_unit="pcs",
            negotiable=True,
            quantity=10.0,
            quantity_unit="kg",
            moq=5.0,
            moq_unit="kg",
            place="义乌",
            destination="上海",
            trade_term="FOB",
            created_ts=1.0,
            expires_ts=2.0,
            trust=0.9,
        ),
    ],
)
def test_fields_record_is_flat_and_in_field_order(fields):
    record = fields_to_record(fields)
    assert len(record) == len(RECORD_FIELDS)
    assert MatchFields(*json.loads(json.dumps(record))) == fields
