"""Prices in the reader's currency at the operator's rates, and the time zone from the city
they name (issue 35): the playground's Hamburg buyer and Yiwu seller, CURRENCY_RATES through
the alerts a post sends, /settings' currency, and what may and may not move a zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.app import build_matching_index
from bot.config import Settings
from bot.domain.models import Lang, User, ZoneSource
from bot.services.after_effects import Table
from bot.services.circles import groups
from bot.services.errors import UserFacingError
from bot.services.follow_ups import DIGEST
from bot.services.matching import meaning
from bot.services.matching.indexing import MatchingIndex, MatchPolicy
from bot.services.ports import UowFactory
from bot.services.reminders import user_settings
from bot.services.schedule import Schedule
from tests.fakes import FixedClock
from tests.unit.services.test_meaning import MARKET, SHARED
from tests.unit.services.world import TTL, add_user, new_index, opened

BUYER, SELLER, OTHER_SELLER = 1, 2, 3
HAMBURG_NEED = (  # the playground's: it shares no word with the cups, only their meaning
    "Looking for insulated water bottles, stainless steel, 500ml, 3000 pcs, "
    "budget under 2 USD each, ship to Hamburg"
)
FLASKS = "Looking for stainless steel vacuum flasks, 3000 pcs"  # the cups' words
FLASKS_TO_HAMBURG = f"{FLASKS}, ship to Hamburg"
YIWU_OFFER = "出售 304不锈钢真空保温杯 500ml 起订1000个 12元/个 义乌发货"
GUESSED = "my guess from your language"  # the line that names a guessed currency
MONDAY_9_BERLIN = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # the clock starts Sun 1 March


async def _texts(uow_factory: UowFactory, user_id: int, kind: str) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == user_id and m.kind == kind]


async def _user(uow_factory: UowFactory, user_id: int) -> User:
    async with uow_factory() as uow:
        user = await uow.users.get(user_id)
    assert user is not None
    return user


async def test_the_hamburg_buyer_is_on_berlin_time(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """His need says where it goes: his zone (quiet hours), digest hour and currency follow
    Hamburg, and he is told once, with how to change it."""
    await add_user(uow_factory, BUYER, Lang.EN, timezone="UTC")  # as Telegram's "en" gives
    await user_settings.toggle(uow_factory, clock, BUYER, "digest")  # Monday 09:00 UTC
    await opened(uow_factory, clock, new_index(), BUYER, HAMBURG_NEED)
    buyer = await _user(uow_factory, BUYER)
    assert (buyer.timezone, buyer.timezone_source) == ("Europe/Berlin", ZoneSource.PLACE)
    (told,) = await _texts(uow_factory, BUYER, "zone.followed")
    assert "Hamburg" in told and "Berlin" in told and "€ EUR" in told and "/settings" in told
    async with uow_factory() as uow:
        (digest,) = await uow.reminders.pending(user_id=BUYER, kinds=(DIGEST,))
    assert digest.due_at == MONDAY_9_BERLIN


async def test_the_hamburg_buyer_sees_euros(uow_factory: UowFactory, clock: FixedClock) -> None:
    """The Yiwu seller's yuan reach him as euros, not dollars (by meaning, with the shipped
    encoder, among other goods on offer); the seller's default zone stays."""
    index = MatchingIndex(MatchPolicy(), encoder=SHARED)
    for n, text in enumerate(MARKET):
        await opened(uow_factory, clock, index, 100 + n, text)
    await add_user(uow_factory, BUYER, Lang.EN, timezone="UTC")
    await opened(uow_factory, clock, index, BUYER, HAMBURG_NEED)
    await opened(uow_factory, clock, index, SELLER, YIWU_OFFER)
    await meaning.encode_new(uow_factory, clock, index, limit=100)
    (alert,) = await _texts(uow_factory, BUYER, "match.alert")
    assert "¥12 / pcs ≈ €1.54" in alert and "≈ $" not in alert
    assert GUESSED not in alert  # his currency came from the city he named
    # a Chinese reader's default zone stays (Yiwu is no news to it), and nothing is said
    seller = await _user(uow_factory, SELLER)
    assert (seller.timezone, seller.timezone_source) == ("Asia/Shanghai", ZoneSource.LANGUAGE)
    assert await _texts(uow_factory, SELLER, "zone.followed") == []


@pytest.mark.parametrize(
    ("need", "rates", "shown"),
    [
        (FLASKS, "", "≈ $1.67"),  # USD=7.2, built in
        (FLASKS, "USD=8", "≈ $1.5"),  # 1.50, as amounts are written
        (FLASKS_TO_HAMBURG, "", "≈ €1.54"),  # EUR=7.8
        (FLASKS_TO_HAMBURG, "EUR=9", "≈ €1.33"),
    ],
)
async def test_currency_rates_set_the_amount_an_alert_shows(
    uow_factory: UowFactory, clock: FixedClock, need: str, rates: str, shown: str
) -> None:
    """The index the application builds from the settings converts for matching and for
    the alerts its matches send: one table, CURRENCY_RATES over the built-in rates."""
    index = build_matching_index(Settings(_env_file=None, currency_rates=rates))
    await add_user(uow_factory, BUYER, Lang.EN, timezone="UTC")
    await opened(uow_factory, clock, index, BUYER, need)
    await opened(uow_factory, clock, index, SELLER, YIWU_OFFER)
    (alert,) = await _texts(uow_factory, BUYER, "match.alert")
    assert f"¥12 / pcs {shown}" in alert


async def test_a_guessed_currency_is_named_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, BUYER, Lang.EN, timezone="UTC")
    await opened(uow_factory, clock, index, BUYER, FLASKS)
    await opened(uow_factory, clock, index, SELLER, YIWU_OFFER)
    await opened(uow_factory, clock, index, OTHER_SELLER, YIWU_OFFER.replace("12元", "11元"))
    first, second = await _texts(uow_factory, BUYER, "match.alert")
    assert "≈ $1.67" in first and "Prices marked ≈ are in $ USD" in first and GUESSED in first
    assert "≈ $1.53" in second and GUESSED not in second
    assert (await _user(uow_factory, BUYER)).currency_told


async def test_a_currency_picked_in_settings_round_trips(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, BUYER, Lang.ZH_HANT)  # Taipei: NT$ until they pick
    picked = await user_settings.set_currency(uow_factory, BUYER, "EUR")
    assert picked.currency == "EUR" and picked.currency_told
    assert (await user_settings.settings_of(uow_factory, BUYER)).currency == "EUR"
    await opened(uow_factory, clock, index, BUYER, "求購 不鏽鋼保溫杯 3000個")
    await opened(uow_factory, clock, index, SELLER, YIWU_OFFER)
    (alert,) = await _texts(uow_factory, BUYER, "match.alert")
    assert "≈ €1.54" in alert and "NT$" not in alert and "猜" not in alert


@pytest.mark.parametrize("code", ["XYZ", "VND", "eur", "", "EUR;DROP", "€" * 64])
async def test_a_forged_currency_button_is_refused(uow_factory: UowFactory, code: str) -> None:
    """Only the currencies /settings offers: a code with a rate it does not offer (VND)
    included; nothing is written."""
    await add_user(uow_factory, BUYER, Lang.EN)
    with pytest.raises(UserFacingError):
        await user_settings.set_currency(uow_factory, BUYER, code)
    assert (await _user(uow_factory, BUYER)).currency is None


async def test_a_zone_picked_in_settings_is_never_moved(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, BUYER, Lang.EN, timezone="UTC")
    await user_settings.set_timezone(uow_factory, clock, BUYER, "london")
    await opened(uow_factory, clock, index, BUYER, HAMBURG_NEED)
    await user_settings.save_profile(uow_factory, clock, {}, BUYER, {"region": "Hamburg"})
    buyer = await _user(uow_factory, BUYER)
    assert (buyer.timezone, buyer.timezone_source) == ("Europe/London", ZoneSource.SETTINGS)
    assert await _texts(uow_factory, BUYER, "zone.followed") == []


async def test_a_post_moves_only_a_zone_nothing_placed_and_only_its_writer_s(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Once a post placed him, the next names another city in vain; a seller's post naming
    the buyer's port (CIF Hamburg) moves neither the seller nor the buyer it alerts."""
    index = new_index()
    await add_user(uow_factory, BUYER, Lang.EN, timezone="UTC")
    await add_user(uow_factory, SELLER, Lang.EN, timezone="UTC")
    await opened(uow_factory, clock, index, SELLER, "Selling vacuum flasks 500ml, CIF Hamburg")
    await opened(uow_factory, clock, index, BUYER, "Looking for vacuum flasks, ship to London")
    await opened(uow_factory, clock, index, BUYER, HAMBURG_NEED)
    assert (await _user(uow_factory, SELLER)).timezone == "UTC"
    assert (await _user(uow_factory, BUYER)).timezone == "Europe/London"
    assert len(await _texts(uow_factory, BUYER, "zone.followed")) == 1
    assert await _texts(uow_factory, SELLER, "zone.followed") == []


async def test_the_profile_region_moves_a_zone_it_was_not_picked(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """A Chinese reader's default moves with the region they give, again when it changes,
    and not for the same city twice; a region that names no one zone moves nothing."""
    await add_user(uow_factory, SELLER)  # zh-Hans: Asia/Shanghai
    rates: dict[str, float] = {"PKR": 0.026, "EUR": 7.8}

    told: list[str] = []

    async def region(text: str) -> User:
        answers = {"region": text}
        _profile, zone_moved = await user_settings.save_profile(
            uow_factory, clock, rates, SELLER, answers
        )
        told.extend([zone_moved] if zone_moved else [])
        return await _user(uow_factory, SELLER)

    assert (await region("USA")).timezone == "Asia/Shanghai"
    assert (await region("Karachi, Pakistan")).timezone == "Asia/Karachi"
    assert (await region("Hamburg")).timezone == "Europe/Berlin"
    assert (await region("Hamburg, Germany")).timezone_source is ZoneSource.PLACE
    karachi, hamburg = told  # in the reply to /profile
    assert "卡拉奇" in karachi and "PKR" in karachi  # the place in the reader's words
    assert "汉堡港" in hamburg and "€ EUR" in hamburg


async def test_a_circle_post_places_its_writer_and_the_notice_invites_no_one(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """A post in a trade circle is the writer's too; a member who never started the bot
    gets the notice once they do: the mention in the group speaks of a match, and only a
    match's messages send it."""
    index, schedule = new_index(), Schedule(post_ttl=TTL)
    await add_user(uow_factory, SELLER, Lang.EN, timezone="UTC")
    await groups.post_in_circle(
        uow_factory, clock, schedule, Table(index, schedule), (-100, "Cups"), SELLER, YIWU_OFFER
    )
    assert (await _user(uow_factory, SELLER)).timezone == "Asia/Shanghai"
    (told,) = await _texts(uow_factory, SELLER, "zone.followed")
    assert "Yiwu" in told and "¥ CNY" in told
    invite = groups.invite_to_start
    assert not await invite(uow_factory, clock, SELLER, "a_bot", kind="zone.followed")
    assert await invite(uow_factory, clock, SELLER, "a_bot", kind="match.alert")
