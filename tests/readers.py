"""How prices are shown to a reader in tests: their language's guessed currency, at the
built-in rates (`bot.domain.home.Conversion`)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.domain.home import LANGUAGE_CURRENCIES, Conversion
from bot.domain.models import Lang
from bot.domain.money import DEFAULT_RATES


def conversion(lang: Lang, rates: Mapping[str, float] = DEFAULT_RATES) -> Conversion:
    return Conversion(LANGUAGE_CURRENCIES[lang], rates)


def guessed(currency: str, rates: Mapping[str, float] = DEFAULT_RATES) -> Conversion:
    """A reader whose `currency` is a guess not named to them yet: a message that shows a
    price converted names it (a fresh one for each message: it records what it showed)."""
    return Conversion(currency, rates, tell=True)
