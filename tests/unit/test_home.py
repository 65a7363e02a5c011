"""Where a member is and the currency prices are shown to them in (issue 35): the places
that name a time zone, whose side of a post is its writer's, what moves a zone, and the
currency a reader gets, picked, from their city, or guessed from their language."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from bot.domain.home import (
    CITIES,
    CURRENCY_CHOICES,
    LANGUAGE_CURRENCIES,
    NOWHERE,
    PLACE_ZONES,
    REGION_ZONES,
    ZONE_CURRENCIES,
    conversion_for,
    moved_by_post,
    moved_by_profile,
    reader_currency,
    writers_side,
    zone_named,
)
from bot.domain.models import Action, Lang, PostKind, User, ZoneSource
from bot.domain.money import DEFAULT_RATES, parse_rates
from bot.domain.parsing.gazetteer import place_named


@pytest.mark.parametrize(
    ("text", "name", "zone"),
    [
        ("Hamburg", "Hamburg", "Europe/Berlin"),
        ("Hamburg, Germany", "Hamburg", "Europe/Berlin"),  # the city before its country
        ("Germany", "Germany", "Europe/Berlin"),
        ("berlin-mitte", "Berlin", "Europe/Berlin"),
        ("Karachi, Pakistan", "Karachi", "Asia/Karachi"),
        ("浙江义乌", "义乌", "Asia/Shanghai"),  # a Chinese city by its region
        ("臺北市", "台北", "Asia/Taipei"),
        ("Mumbai", "Mumbai", "Asia/Kolkata"),
        ("New York City", "New York", "America/New_York"),
    ],
)
def test_a_named_place_has_a_time_zone(text: str, name: str, zone: str) -> None:
    named = zone_named(text)
    assert named is not None and (named.name, named.zone) == (name, zone)


@pytest.mark.parametrize("text", ["USA", "Russia", "UTC", "my warehouse", "", "<b>x</b>"])
def test_a_country_of_several_zones_or_no_place_names_none(text: str) -> None:
    assert zone_named(text) is None


def test_every_zone_is_real_and_has_its_country_s_currency() -> None:
    zones = {*CITIES.values(), *PLACE_ZONES.values(), *REGION_ZONES.values()} - {NOWHERE}
    for zone in zones:
        ZoneInfo(zone)  # a real IANA name
        assert zone in ZONE_CURRENCIES, zone
    for name in PLACE_ZONES:  # every place is the gazetteer's, by its English name
        place = place_named(name)
        assert place is not None and place.english == name, name


def test_the_currencies_offered_have_rates_and_short_buttons() -> None:
    from handlers.keyboards import action_data

    for code in CURRENCY_CHOICES:
        assert code in DEFAULT_RATES
        assert len(action_data(Action.SET_CURRENCY, code=code).encode()) <= 64
    assert set(LANGUAGE_CURRENCIES.values()) <= set(CURRENCY_CHOICES)


def test_the_writer_s_side_of_a_post() -> None:
    """An offer's place is where it ships from; a need's destination where it goes. The
    other side's (a need's FOB Shenzhen, an offer's CIF Hamburg) is not the writer's."""
    assert writers_side(PostKind.OFFER, "义乌", "Hamburg") == "义乌"
    assert writers_side(PostKind.NEED, "Shenzhen", "Hamburg") == "Hamburg"
    assert writers_side(PostKind.NEED, "Shenzhen", None) is None


@pytest.mark.parametrize(
    ("zone", "source", "by_post", "by_profile"),
    [
        (NOWHERE, ZoneSource.LANGUAGE, True, True),  # nothing placed them: anything may
        ("Asia/Shanghai", ZoneSource.LANGUAGE, False, True),  # a Chinese reader's default
        ("Europe/Berlin", ZoneSource.PLACE, False, True),  # a post placed them once
        ("Europe/London", ZoneSource.SETTINGS, False, False),  # picked: never moved
        (NOWHERE, ZoneSource.SETTINGS, False, False),  # picked UTC is picked too
    ],
)
def test_what_moves_a_zone(zone: str, source: ZoneSource, by_post: bool, by_profile: bool) -> None:
    user = User(1, Lang.EN, timezone=zone, timezone_source=source)
    assert (moved_by_post(user), moved_by_profile(user)) == (by_post, by_profile)


@pytest.mark.parametrize(
    ("user", "currency"),
    [
        (User(1, Lang.EN, timezone=NOWHERE), "USD"),  # the language's guess
        (User(1, Lang.ZH_HANT, timezone="Asia/Taipei"), "TWD"),
        (User(1, Lang.ZH_HANT, timezone="Asia/Hong_Kong"), "HKD"),  # Telegram's zh-HK
        (User(1, Lang.EN, timezone="Europe/Berlin", timezone_source=ZoneSource.PLACE), "EUR"),
        (User(1, Lang.EN, timezone="Asia/Karachi"), "PKR"),
        (User(1, Lang.EN, timezone="Asia/Jakarta"), "USD"),  # IDR has no rate: passed over
        (User(1, Lang.ZH_HANS, timezone="Europe/Berlin", currency="GBP"), "GBP"),  # picked
    ],
)
def test_the_reader_s_currency(user: User, currency: str) -> None:
    assert reader_currency(user, DEFAULT_RATES) == currency


def test_a_currency_the_operator_adds_comes_in() -> None:
    jakarta = User(1, Lang.EN, timezone="Asia/Jakarta")
    assert reader_currency(jakarta, parse_rates("IDR=0.00045")) == "IDR"


def test_only_a_guess_not_yet_named_is_told() -> None:
    guessed = User(1, Lang.EN, timezone=NOWHERE)
    placed = User(2, Lang.EN, timezone="Europe/Berlin", timezone_source=ZoneSource.PLACE)
    assert conversion_for(guessed, DEFAULT_RATES).tell
    assert not conversion_for(User(1, Lang.EN, currency_told=True), DEFAULT_RATES).tell
    assert not conversion_for(placed, DEFAULT_RATES).tell
    assert not conversion_for(User(3, Lang.EN, currency="EUR"), DEFAULT_RATES).tell
