"""The /settings message and its buttons' labels, and the notices of a member's time zone
and currency: one that followed a place they named, one the bot guessed."""

from __future__ import annotations

from datetime import datetime

from bot.domain.home import Conversion
from bot.domain.models import Lang, User
from bot.domain.parsing.gazetteer import place_named
from bot.domain.quiet_hours import zone
from bot.texts import Html, plain, t
from bot.texts.cards import CURRENCY_SYMBOLS


def zone_name(user: User, city: str | None) -> str:
    return plain(user.language, f"city.{city}") if city else user.timezone


def currency_name(code: str) -> str:
    """ "€ EUR", "PKR": the symbol a card shows, and the code."""
    symbol = CURRENCY_SYMBOLS.get(code)
    return f"{symbol} {code}" if symbol else code


def settings_text(user: User, now: datetime, city: str | None, currency: str) -> Html:
    """`currency`: the one prices are shown to them in (`bot.domain.home.reader_currency`)."""
    local = now.astimezone(zone(user.timezone)).strftime("%H:%M")
    return t(
        user.language,
        "settings.text",
        zone=zone_name(user, city),
        time=local,
        currency=currency_name(currency),
    )


def switch_label(user: User, switch: str, on: bool) -> str:
    return f"{'✅' if on else '⬜'} {plain(user.language, f'settings.switch.{switch}')}"


def currency_notice(conversion: Conversion, lang: Lang) -> str:
    """Under the first message that showed a price converted into a guessed currency, the
    line that names it, once ("" otherwise: the caller records it was told)."""
    if not conversion.told:
        return ""
    return f"\n\n{t(lang, 'currency.guessed', currency=currency_name(conversion.currency))}"


def zone_followed(
    user: User, place: str, now: datetime, city: str | None, currency: str | None
) -> Html:
    """Their time zone followed a place they named (`place`, the gazetteer's or the city's
    name); `currency`: the one prices are now shown in, unless they picked one."""
    lang = user.language
    local = now.astimezone(zone(user.timezone)).strftime("%H:%M")
    known = place_named(place)
    shown = known.display(lang, written_in_english=False) if known else place
    lines = [t(lang, "zone.followed", place=shown, zone=zone_name(user, city), time=local)]
    if currency:
        lines.append(t(lang, "zone.followed_currency", currency=currency_name(currency)))
    return Html("\n".join(lines))
