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
        ("二〇二四", "2024"),
    ],
)
def test_parse_number(text: str, expected: str) -> None:
    assert parse_number(text) == Decimal(expected)


@pytest.mark.parametrize("text", ["", "千", "万", "abc", "1..2", "百万"])
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
