"""Numbers as merchants write them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.parsing.numbers import parse_chinese, parse_number


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5000", "5000"),
        ("5,000", "5000"),
        ("12,500.50", "12500.5"),
        ("0.02", "0.02"),
        ("1.2万", "12000"),
        ("3k", "3000"),
        ("5K", "5000"),
        ("20k", "20000"),
        ("2w", "20000"),
        ("5千", "5000"),
        ("3百", "300"),
        ("五千", "5000"),
        ("两千五", "2500"),
        ("一百二十", "120"),
        ("十五", "15"),
        ("一万二", "12000"),
        ("一千零五", "1005"),
        ("二十万", "200000"),
        ("十万", "100000"),
        ("三百五", "350"),
        ("壹仟", "1000"),
        ("贰拾伍", "25"),
        ("参百", "300"),
        ("二〇二四", "2024"),
        ("一千零十", "1010"),
        ("两万五千", "25000"),
        ("十一万三", "113000"),
        ("三千五百万", "35000000"),
        ("一亿", "100000000"),
        ("一亿二", "120000000"),
        ("三亿五千万", "350000000"),  # the hand-written reader gave 3000050000000
    ],
)
def test_parse_number(text: str, expected: str) -> None:
    assert parse_number(text) == Decimal(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # what cn2an does not read on its own (see the adapter in parse_chinese)
        ("千五", 1500),
        ("万二", 12000),
        ("三五千", 5000),  # "three to five thousand": the upper end
        ("两三百", 300),
        ("一两万", 20000),
    ],
)
def test_colloquial_forms(text: str, expected: int) -> None:
    assert parse_chinese(text) == expected


@pytest.mark.parametrize(
    "text", ["", "千", "万", "abc", "1..2", "百万", "十十", "一千一千", "五元", "一点五"]
)
def test_not_a_number(text: str) -> None:
    assert parse_number(text) is None


def test_integers_have_no_exponent() -> None:
    assert str(parse_number("1.2万")) == "12000"
    assert str(parse_number("3k")) == "3000"


@pytest.mark.parametrize(
    ("text", "expected"), [("一", 1), ("十", 10), ("两百", 200), ("九千九百九十九", 9999)]
)
def test_parse_chinese(text: str, expected: int) -> None:
    assert parse_chinese(text) == expected
