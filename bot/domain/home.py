"""Where a member is, as far as the bot can tell, and the currency prices are shown to them in.

Their time zone (quiet hours, the digest's hour, a bare 元) is a city they picked in
/settings, else a place they named (their /profile region; for someone nothing placed, their
side of a post: where an offer ships from, where a need goes to), else their language's
default (`ZoneSource`). Their currency is the one they picked in /settings, else their
city's (the country of their time zone), else their language's guess; a guess is named to
them once, with the first price shown converted into it (`Conversion.told`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.domain.models import Lang, PostKind, User, ZoneSource
from bot.domain.money import BASE_CURRENCY
from bot.domain.parsing.gazetteer import find_places
from bot.domain.text import normalise

NOWHERE = "UTC"  # the zone of someone nothing placed (an English reader, no region code)
# The cities /settings offers, by time zone; "utc" for anyone else.
CITIES: dict[str, str] = {
    "shanghai": "Asia/Shanghai",
    "hong_kong": "Asia/Hong_Kong",
    "taipei": "Asia/Taipei",
    "singapore": "Asia/Singapore",
    "bangkok": "Asia/Bangkok",
    "kolkata": "Asia/Kolkata",
    "karachi": "Asia/Karachi",
    "dubai": "Asia/Dubai",
    "moscow": "Europe/Moscow",
    "istanbul": "Europe/Istanbul",
    "berlin": "Europe/Berlin",
    "london": "Europe/London",
    "lagos": "Africa/Lagos",
    "sao_paulo": "America/Sao_Paulo",
    "new_york": "America/New_York",
    "los_angeles": "America/Los_Angeles",
    "utc": NOWHERE,
}
# The currencies /settings offers.
CURRENCY_CHOICES = (
    "CNY", "HKD", "TWD", "USD", "EUR", "GBP", "JPY", "KRW", "INR", "PKR", "AED", "RUB",
)  # fmt: skip
LANGUAGE_CURRENCIES = {Lang.EN: "USD", Lang.ZH_HANS: "CNY", Lang.ZH_HANT: "TWD"}
# The currency of each time zone's country. One whose rate the operator's table lacks
# (CURRENCY_RATES) is passed over for the language's (`reader_currency`).
ZONE_CURRENCIES: Mapping[str, str] = {
    "Asia/Shanghai": "CNY", "Asia/Hong_Kong": "HKD", "Asia/Taipei": "TWD",
    "Asia/Macau": "MOP", "Asia/Singapore": "SGD", "Asia/Seoul": "KRW", "Asia/Tokyo": "JPY",
    "Asia/Ho_Chi_Minh": "VND", "Asia/Bangkok": "THB", "Asia/Kuala_Lumpur": "MYR",
    "Asia/Jakarta": "IDR", "Asia/Manila": "PHP", "Asia/Phnom_Penh": "KHR",
    "Asia/Yangon": "MMK", "Asia/Kolkata": "INR", "Asia/Karachi": "PKR", "Asia/Dhaka": "BDT",
    "Asia/Colombo": "LKR", "Asia/Dubai": "AED", "Asia/Riyadh": "SAR", "Asia/Qatar": "QAR",
    "Asia/Tehran": "IRR", "Asia/Almaty": "KZT", "Asia/Tashkent": "UZS",
    "Asia/Ulaanbaatar": "MNT", "Asia/Vladivostok": "RUB", "Europe/Moscow": "RUB",
    "Europe/Istanbul": "TRY", "Europe/London": "GBP", "Europe/Berlin": "EUR",
    "Europe/Paris": "EUR", "Europe/Amsterdam": "EUR", "Europe/Brussels": "EUR",
    "Europe/Madrid": "EUR", "Europe/Rome": "EUR", "Europe/Athens": "EUR",
    "Africa/Cairo": "EGP", "Africa/Lagos": "NGN", "Africa/Nairobi": "KES",
    "Africa/Johannesburg": "ZAR", "America/New_York": "USD", "America/Chicago": "USD",
    "America/Los_Angeles": "USD", "America/Toronto": "CAD", "America/Vancouver": "CAD",
    "America/Mexico_City": "MXN", "America/Sao_Paulo": "BRL", "America/Lima": "PEN",
    "America/Argentina/Buenos_Aires": "ARS", "America/Santiago": "CLP",
    "Australia/Sydney": "AUD", "Australia/Melbourne": "AUD", "Australia/Brisbane": "AUD",
    "Pacific/Auckland": "NZD",
}  # fmt: skip
# The time zone of the gazetteer's places outside Greater China (by their English name);
# a country of several zones (USA, Russia, Brazil ...) has none: it does not say the hour.
PLACE_ZONES: Mapping[str, str] = {
    "Singapore": "Asia/Singapore", "Busan": "Asia/Seoul", "Seoul": "Asia/Seoul",
    "Incheon": "Asia/Seoul", "Korea": "Asia/Seoul", "Tokyo": "Asia/Tokyo",
    "Yokohama": "Asia/Tokyo", "Osaka": "Asia/Tokyo", "Nagoya": "Asia/Tokyo",
    "Kobe": "Asia/Tokyo", "Japan": "Asia/Tokyo", "Ho Chi Minh City": "Asia/Ho_Chi_Minh",
    "Hanoi": "Asia/Ho_Chi_Minh", "Haiphong": "Asia/Ho_Chi_Minh",
    "Vietnam": "Asia/Ho_Chi_Minh", "Bangkok": "Asia/Bangkok", "Laem Chabang": "Asia/Bangkok",
    "Thailand": "Asia/Bangkok", "Kuala Lumpur": "Asia/Kuala_Lumpur",
    "Port Klang": "Asia/Kuala_Lumpur", "Malaysia": "Asia/Kuala_Lumpur",
    "Jakarta": "Asia/Jakarta", "Surabaya": "Asia/Jakarta", "Manila": "Asia/Manila",
    "Philippines": "Asia/Manila", "Phnom Penh": "Asia/Phnom_Penh", "Yangon": "Asia/Yangon",
    "Mumbai": "Asia/Kolkata", "Nhava Sheva": "Asia/Kolkata", "Chennai": "Asia/Kolkata",
    "New Delhi": "Asia/Kolkata", "India": "Asia/Kolkata", "Karachi": "Asia/Karachi",
    "Pakistan": "Asia/Karachi", "Chittagong": "Asia/Dhaka", "Dhaka": "Asia/Dhaka",
    "Bangladesh": "Asia/Dhaka", "Colombo": "Asia/Colombo", "Dubai": "Asia/Dubai",
    "Jebel Ali": "Asia/Dubai", "Abu Dhabi": "Asia/Dubai", "UAE": "Asia/Dubai",
    "Jeddah": "Asia/Riyadh", "Riyadh": "Asia/Riyadh", "Dammam": "Asia/Riyadh",
    "Saudi Arabia": "Asia/Riyadh", "Doha": "Asia/Qatar", "Tehran": "Asia/Tehran",
    "Istanbul": "Europe/Istanbul", "Turkey": "Europe/Istanbul", "Cairo": "Africa/Cairo",
    "Alexandria": "Africa/Cairo", "Egypt": "Africa/Cairo", "Lagos": "Africa/Lagos",
    "Nigeria": "Africa/Lagos", "Mombasa": "Africa/Nairobi", "Nairobi": "Africa/Nairobi",
    "Kenya": "Africa/Nairobi", "Durban": "Africa/Johannesburg",
    "Johannesburg": "Africa/Johannesburg", "South Africa": "Africa/Johannesburg",
    "Rotterdam": "Europe/Amsterdam", "Netherlands": "Europe/Amsterdam",
    "Antwerp": "Europe/Brussels", "Hamburg": "Europe/Berlin", "Bremerhaven": "Europe/Berlin",
    "Berlin": "Europe/Berlin", "Germany": "Europe/Berlin", "Felixstowe": "Europe/London",
    "London": "Europe/London", "UK": "Europe/London", "Paris": "Europe/Paris",
    "Le Havre": "Europe/Paris", "France": "Europe/Paris", "Valencia": "Europe/Madrid",
    "Barcelona": "Europe/Madrid", "Spain": "Europe/Madrid", "Genoa": "Europe/Rome",
    "Milan": "Europe/Rome", "Italy": "Europe/Rome", "Piraeus": "Europe/Athens",
    "Moscow": "Europe/Moscow", "St Petersburg": "Europe/Moscow",
    "Vladivostok": "Asia/Vladivostok", "Almaty": "Asia/Almaty", "Kazakhstan": "Asia/Almaty",
    "Tashkent": "Asia/Tashkent", "Ulaanbaatar": "Asia/Ulaanbaatar",
    "Mongolia": "Asia/Ulaanbaatar", "Los Angeles": "America/Los_Angeles",
    "Long Beach": "America/Los_Angeles", "Oakland": "America/Los_Angeles",
    "Seattle": "America/Los_Angeles", "New York": "America/New_York",
    "Savannah": "America/New_York", "Miami": "America/New_York",
    "Houston": "America/Chicago", "Chicago": "America/Chicago",
    "Vancouver": "America/Vancouver", "Toronto": "America/Toronto",
    "Montreal": "America/Toronto", "Mexico City": "America/Mexico_City",
    "Manzanillo": "America/Mexico_City", "Santos": "America/Sao_Paulo",
    "Sao Paulo": "America/Sao_Paulo", "Buenos Aires": "America/Argentina/Buenos_Aires",
    "Argentina": "America/Argentina/Buenos_Aires", "Lima": "America/Lima",
    "Chile": "America/Santiago", "Sydney": "Australia/Sydney",
    "Melbourne": "Australia/Melbourne", "Brisbane": "Australia/Brisbane",
    "Auckland": "Pacific/Auckland", "New Zealand": "Pacific/Auckland",
    "China": "Asia/Shanghai",
}  # fmt: skip
REGION_ZONES = {
    "CN": "Asia/Shanghai", "TW": "Asia/Taipei", "HK": "Asia/Hong_Kong", "MO": "Asia/Macau",
}  # fmt: skip
_KIND_ORDER = {"city": 0, "port": 0, "province": 1, "country": 2}  # the narrowest first


@dataclass(frozen=True, slots=True)
class NamedPlace:
    """A place a member named, by the gazetteer's name for it ("Hamburg", "义乌") or the
    /settings city's ("Berlin"), and its time zone."""

    name: str
    zone: str


def city_of(timezone: str) -> str | None:
    """The /settings city of a time zone, if it is one's."""
    return next((city for city, zone in CITIES.items() if zone == timezone), None)


def zone_named(text: str) -> NamedPlace | None:
    """The narrowest place `text` names that has one time zone: a gazetteer's city or port
    ("Hamburg", "义乌"), else a /settings city ("Berlin"), else a province or a country of
    one zone ("Germany"); None for anything else ("USA", "UTC", words)."""
    key = normalise(text[:200])
    found: list[tuple[int, int, NamedPlace]] = []
    for hit in find_places(key):
        place = hit.place
        zone = REGION_ZONES.get(place.region) or PLACE_ZONES.get(place.english)
        if zone:
            name = place.english if hit.english else place.simplified
            found.append((_KIND_ORDER.get(place.kind, 2), hit.start, NamedPlace(name, zone)))
    for city, zone in CITIES.items():
        words = city.replace("_", " ")
        at = re.search(rf"(?<![a-z]){words}(?![a-z])", key)
        if at and zone != NOWHERE:
            found.append((0, at.start(), NamedPlace(words.title(), zone)))
    return min(found, key=lambda f: f[:2])[2] if found else None


def writers_side(kind: PostKind, place: str | None, destination: str | None) -> str | None:
    """Where the writer of a post is, as far as it says: an offer's place (where it ships
    from), a need's destination (where it goes). A need's place is the seller's side
    (FOB Shenzhen), an offer's destination the buyer's (CIF Hamburg)."""
    return place if kind is PostKind.OFFER else destination


def moved_by_profile(user: User) -> bool:
    """Their /profile region moves any time zone but one they picked in /settings."""
    return user.timezone_source is not ZoneSource.SETTINGS


def moved_by_post(user: User) -> bool:
    """A post moves only the zone of someone nothing placed yet: a Chinese reader's default
    (Shanghai, Taipei) says more than the cities their posts ship from and to."""
    return user.timezone_source is ZoneSource.LANGUAGE and user.timezone == NOWHERE


def reader_currency(user: User, rates: Mapping[str, float]) -> str:
    """The currency prices are shown to `user` in: the one they picked, else their city's,
    else their language's; one `rates` (CNY per unit) do not know is passed over."""
    guess = LANGUAGE_CURRENCIES[user.language]
    for code in (user.currency, ZONE_CURRENCIES.get(user.timezone)):
        if code and (code == BASE_CURRENCY or code in rates):
            return code
    return guess


def currency_guessed(user: User) -> bool:
    """Neither picked nor from a city they named: from their language (or its zone)."""
    return user.currency is None and user.timezone_source is ZoneSource.LANGUAGE


@dataclass(slots=True)
class Conversion:
    """How prices are shown to one reader: about what they are in `currency`, at `rates`
    (CNY per unit: the operator's CURRENCY_RATES over the defaults, the table matching
    converts at). `tell`: the currency is a guess they were not told of yet. A renderer
    that shows a price converted sets `shown`; then the message names the currency and
    the caller records it was told (`told`)."""

    currency: str
    rates: Mapping[str, float]
    tell: bool = False
    shown: bool = False

    @property
    def told(self) -> bool:
        return self.tell and self.shown


def conversion_for(user: User, rates: Mapping[str, float]) -> Conversion:
    tell = currency_guessed(user) and not user.currency_told
    return Conversion(reader_currency(user, rates), rates, tell=tell)
