"""/settings and the weekly digest, with a moved clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.models import Lang
from bot.services.contacts import contact_requests
from bot.services.errors import UserFacingError
from bot.services.follow_ups import DIGEST
from bot.services.ports import UowFactory
from bot.services.reminders import user_settings
from tests.fakes import FixedClock
from tests.unit.services.world import NEED, OFFER, add_user, new_index, opened, sweep

SELLER, BUYER = 1, 2
MONDAY_9_SHANGHAI = datetime(2026, 3, 2, 1, 0, tzinfo=UTC)  # the clock starts Sun 1 March


async def _texts(uow_factory: UowFactory, user_id: int, kind: str) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == user_id and m.kind == kind]


async def test_switches_turn_topics_off_and_on(uow_factory: UowFactory, clock: FixedClock) -> None:
    await add_user(uow_factory, SELLER)
    user = await user_settings.toggle(uow_factory, clock, SELLER, "expiry")
    assert user.reminders_off == ("expiry",) and not user_settings.is_on(user, "expiry")
    user = await user_settings.toggle(uow_factory, clock, SELLER, "alerts_wait")
    assert user.alerts_wait
    user = await user_settings.toggle(uow_factory, clock, SELLER, "expiry")
    assert user.reminders_off == ()
    with pytest.raises(UserFacingError):
        await user_settings.toggle(uow_factory, clock, SELLER, "everything")


async def test_the_digest_comes_on_monday_morning_and_again_a_week_later(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, SELLER)  # Asia/Shanghai
    await opened(uow_factory, clock, index, SELLER, OFFER)
    await user_settings.toggle(uow_factory, clock, SELLER, "digest")
    async with uow_factory() as uow:
        (scheduled,) = await uow.reminders.pending(user_id=SELLER, kinds=(DIGEST,))
    assert scheduled.due_at == MONDAY_9_SHANGHAI
    await opened(uow_factory, clock, index, BUYER, NEED)  # new this week, fits the offer
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(1)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match.id or -1)
    clock.advance(MONDAY_9_SHANGHAI - clock.now())
    await sweep(uow_factory, clock, index)
    (digest,) = await _texts(uow_factory, SELLER, "digest.weekly")
    assert "本周" in digest and "保温杯" in digest and "等你回复的联系请求：1个" in digest
    assert "你还没回应的匹配：1条" in digest
    async with uow_factory() as uow:
        (following,) = await uow.reminders.pending(user_id=SELLER, kinds=(DIGEST,))
    assert following.due_at == MONDAY_9_SHANGHAI + timedelta(days=7)


async def test_a_new_time_zone_moves_the_digest_and_off_cancels_it(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await add_user(uow_factory, SELLER, Lang.EN)
    await user_settings.toggle(uow_factory, clock, SELLER, "digest")
    user = await user_settings.set_timezone(uow_factory, clock, SELLER, "new_york")
    assert user.timezone == "America/New_York"
    async with uow_factory() as uow:
        (scheduled,) = await uow.reminders.pending(user_id=SELLER, kinds=(DIGEST,))
    assert scheduled.due_at == datetime(2026, 3, 2, 14, 0, tzinfo=UTC)  # 09:00 EST
    with pytest.raises(UserFacingError):
        await user_settings.set_timezone(uow_factory, clock, SELLER, "atlantis")
    await user_settings.toggle(uow_factory, clock, SELLER, "digest")
    async with uow_factory() as uow:
        assert await uow.reminders.pending(user_id=SELLER, kinds=(DIGEST,)) == []


async def test_a_digest_missed_by_a_week_gives_way_to_the_next(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await add_user(uow_factory, SELLER)
    await user_settings.toggle(uow_factory, clock, SELLER, "digest")
    clock.advance(MONDAY_9_SHANGHAI - clock.now() + timedelta(days=7, hours=1))  # down a week
    assert await sweep(uow_factory, clock) == 0  # not last week's, nor yet this week's
    async with uow_factory() as uow:
        (following,) = await uow.reminders.pending(user_id=SELLER, kinds=(DIGEST,))
    assert following.due_at == MONDAY_9_SHANGHAI + timedelta(days=14)
