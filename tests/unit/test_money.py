"""Currency conversion and the settings rate-table syntax."""

from decimal import Decimal

import pytest

from bot.domain import money


@pytest.mark.parametrize(
    ("amount", "currency", "expected"),
    [
        (12, "CNY", 12.0),
        (12, None, 12.0),  # no currency named: CNY
        (Decimal("1.5"), "USD", 1.5 * 7.2),
        (10, "usd", 72.0),  # codes are case-insensitive
        (100, "HKD", 92.0),
        (1000, "JPY", 48.0),
        (0, "EUR", 0.0),
    ],
)
def test_to_base_with_default_rates(amount, currency, expected):
    assert money.to_base(amount, currency) == pytest.approx(expected)


def test_to_base_uses_the_given_table():
    assert money.to_base(2, "USD", {"USD": 7.0}) == pytest.approx(14.0)


def test_unknown_currency_raises():
    with pytest.raises(money.UnknownCurrencyError):
        money.to_base(1, "XYZ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("USD=7.2,EUR=7.8", {"USD": 7.2, "EUR": 7.8}),
        ("usd=7.0; gbp=9", {"USD": 7.0, "GBP": 9.0}),
        ("USD=7.1 EUR=7.7\nTHB=0.21", {"USD": 7.1, "EUR": 7.7, "THB": 0.21}),
        ("", {}),
    ],
)
def test_parse_rates_overrides_defaults(text, expected):
    table = money.parse_rates(text)
    for code, rate in expected.items():
        assert table[code] == rate
    assert table["CNY"] == 1.0
    assert table["JPY"] == money.DEFAULT_RATES["JPY"]  # untouched entries stay


@pytest.mark.parametrize(
    "text",
    [
        *("USD", "USD=", "USD=abc", "US=7", "USD=-1", "USD=0", "USD=inf", "7.2=USD"),
        *("USD=nan", "EUR=1e300", "EUR=1e-300", "ÄBC=1"),  # past sense, and a code not ISO's
    ],
)
def test_parse_rates_rejects_bad_entries(text):
    with pytest.raises(ValueError):
        money.parse_rates(text)


def test_parse_rates_cannot_change_the_base():
    assert money.parse_rates("CNY=2")["CNY"] == 1.0


def test_format_rates_round_trips():
    table = money.parse_rates("USD=7.25,EUR=7.8")
    assert money.parse_rates(money.format_rates(table)) == table
