"""Currency conversion to the base currency (CNY) with a configurable rate table.

Rates say how many CNY one unit of a currency is worth. `DEFAULT_RATES` holds plain,
APPROXIMATE numbers (late-2020s ballpark) that only serve to compare prices stated in
different currencies; operators override them with a settings string such as
"USD=7.2,EUR=7.8" (see `parse_rates`). Nothing here fetches live rates.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

BASE_CURRENCY = "CNY"

# Approximate CNY per unit of currency; configurable, not authoritative.
DEFAULT_RATES: Mapping[str, float] = {
    "CNY": 1.0,
    "USD": 7.2,
    "EUR": 7.8,
    "GBP": 9.1,
    "HKD": 0.92,
    "TWD": 0.22,
    "MOP": 0.89,
    "JPY": 0.048,
    "KRW": 0.0052,
    "SGD": 5.4,
    "MYR": 1.6,
    "THB": 0.2,
    "VND": 0.00028,
    "RUB": 0.08,
    "AUD": 4.7,
    "CAD": 5.2,
    "AED": 1.96,
    "INR": 0.085,
    "PKR": 0.026,
}
# A rate outside this range is a typo (CNY per unit: VND is 0.00028, a troy ounce of gold
# would be 2e4); past it, converted amounts stop meaning anything.
MIN_RATE, MAX_RATE = 1e-6, 1e6


class UnknownCurrencyError(ValueError):
    """The currency has no rate in the table in use."""


def to_base(
    amount: float | Decimal, currency: str | None, rates: Mapping[str, float] = DEFAULT_RATES
) -> float:
    """Convert `amount` of `currency` to CNY. A missing currency counts as CNY, because
    posts that name none ("12元", "12块") are overwhelmingly in CNY."""
    code = (currency or BASE_CURRENCY).upper()
    if code == BASE_CURRENCY:
        return float(amount)
    rate = rates.get(code)
    if rate is None:
        raise UnknownCurrencyError(code)
    return float(amount) * float(rate)


def parse_rates(text: str, base: Mapping[str, float] = DEFAULT_RATES) -> dict[str, float]:
    """Parse "USD=7.2, EUR=7.8" into a rate table layered over `base`.

    Separators may be commas, semicolons or whitespace. Raises ValueError on a malformed
    entry or a rate outside MIN_RATE..MAX_RATE, so a bad setting fails at start-up rather
    than silently.
    """
    table = {code.upper(): float(rate) for code, rate in base.items()}
    for raw in text.replace(";", ",").replace("\n", ",").split(","):
        for item in raw.split():
            code, sep, value = item.partition("=")
            code = code.strip().upper()
            if not sep or not (code.isascii() and code.isalpha()) or len(code) != 3:
                raise ValueError(f"bad rate entry {item!r}; expected like USD=7.2")
            try:
                rate = float(value)
            except ValueError as exc:
                raise ValueError(f"bad rate value in {item!r}") from exc
            if not MIN_RATE <= rate <= MAX_RATE:  # NaN, infinity, zero and typos fail
                raise ValueError(f"rate must be from {MIN_RATE:g} to {MAX_RATE:g} in {item!r}")
            table[code] = rate
    table[BASE_CURRENCY] = 1.0
    return table


def format_rates(rates: Mapping[str, float]) -> str:
    """Inverse of `parse_rates` (without the base entry), for logs and /admin output."""
    return ",".join(
        f"{code}={rate:g}" for code, rate in sorted(rates.items()) if code != BASE_CURRENCY
    )
