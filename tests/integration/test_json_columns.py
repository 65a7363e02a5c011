"""ParsedPost <-> JSON dict is exact, including Decimal formatting (no database)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from bot.domain.models import Intent, Lang, ParsedPost, Price, Quantity
from storage.json_columns import parsed_from_dict, parsed_to_dict

decimals = st.decimals(allow_nan=False, allow_infinity=False, places=None)
units = st.none() | st.sampled_from(["pcs", "set", "carton", "kg", "ton"])
texts = st.none() | st.text(max_size=20)
quantities = st.none() | st.builds(Quantity, amount=decimals, unit=units)
prices = st.none() | st.builds(
    Price,
    low=st.none() | decimals,
    high=st.none() | decimals,
    currency=st.none() | st.sampled_from(["CNY", "USD", "TWD"]),
    per_unit=units,
    per_count=st.integers(1, 1000),
    negotiable=st.booleans(),
)
moments = st.none() | st.datetimes(
    min_value=datetime(2000, 1, 1), timezones=st.just(UTC) | st.just(timezone(timedelta(hours=8)))
)
parsed_posts = st.builds(
    ParsedPost,
    intent=st.sampled_from(list(Intent)),
    language=st.sampled_from(list(Lang)),
    product=texts,
    specs=st.lists(st.text(max_size=10), max_size=3).map(tuple),
    quantity=quantities,
    moq=quantities,
    price=prices,
    trade_term=st.none() | st.sampled_from(["FOB", "CIF", "EXW"]),
    port=texts,
    place=texts,
    destination=texts,
    valid_days=st.none() | st.integers(0, 365),
    valid_until=moments,
    contacts=st.lists(st.text(max_size=15), max_size=2).map(tuple),
    keywords=st.lists(st.text(max_size=8), max_size=3).map(tuple),
    features=st.lists(st.sampled_from(["logo", "oem", "samples", "cert:CE"]), max_size=3).map(
        tuple
    ),
)


@given(parsed_posts)
def test_parsed_post_survives_json(parsed: ParsedPost) -> None:
    restored = parsed_from_dict(json.loads(json.dumps(parsed_to_dict(parsed))))
    assert restored == parsed
    # Equal is not enough for Decimal: 12.50 == 12.5, but the card shows what was written.
    for before, after in ((parsed.quantity, restored.quantity), (parsed.moq, restored.moq)):
        assert repr(before) == repr(after)
    assert repr(parsed.price) == repr(restored.price)


def test_a_post_stored_before_features_loads_with_none() -> None:
    parsed = ParsedPost(intent=Intent.OFFER, language=Lang.EN, features=("oem", "cert:CE"))
    data = parsed_to_dict(parsed)
    assert data["features"] == ["oem", "cert:CE"]
    del data["features"]
    assert parsed_from_dict(data).features == ()


def test_decimal_text_is_kept() -> None:
    parsed = ParsedPost(
        intent=Intent.OFFER, language=Lang.EN, price=Price(low=Decimal("1.50"), currency="USD")
    )
    data = parsed_to_dict(parsed)
    assert data["price"]["low"] == "1.50"
    restored = parsed_from_dict(data).price
    assert restored is not None and str(restored.low) == "1.50"
