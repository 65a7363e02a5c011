"""The weekly digest's "deals to rate" (issue 35's audit): confirmed deals the reader has not
rated, never one whose partner left with /forget (their deals' ratings went with them, the
reader's too: it was counted again as not rated)."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Lang
from bot.services.after_effects import Table
from bot.services.ports import UowFactory
from bot.services.privacy import forgetting
from bot.services.reminders import user_settings
from bot.services.schedule import Schedule
from bot.services.trust import ratings
from bot.texts import plain
from tests.fakes import FixedClock
from tests.unit.services.deal_graph import confirm_deal
from tests.unit.services.world import TTL, add_user, new_index, sweep

READER, RATED, UNRATED, LEAVING = 7, 11, 12, 13


async def _to_rate(uow_factory: UowFactory, clock: FixedClock) -> str:
    """The reader's next digest's line on deals to rate ("" when it has none)."""
    clock.advance(timedelta(days=7))
    await sweep(uow_factory, clock, new_index(), Schedule(post_ttl=TTL))
    async with uow_factory() as uow:
        due = await uow.outbox.due(clock.now() + timedelta(days=3650), 1000)
    digest = [m.text for m in due if m.chat_id == READER and m.kind == "digest.weekly"][-1]
    head = plain(Lang.EN, "digest.to_rate", count=0).split("0")[0]
    return next((line for line in digest.splitlines() if line.startswith(head)), "")


async def test_deals_to_rate_leave_out_what_was_rated_and_who_left(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    for user in (READER, RATED, UNRATED, LEAVING):
        await add_user(uow_factory, user, Lang.EN)
    deals = {}
    async with uow_factory() as uow:
        for partner in (RATED, UNRATED, LEAVING):
            deals[partner] = await confirm_deal(uow, READER, partner, clock.now())
        await uow.commit()
    await user_settings.toggle(uow_factory, clock, READER, "digest")
    await ratings.rate(uow_factory, clock, READER, deals[RATED], 5)
    await ratings.rate(uow_factory, clock, READER, deals[LEAVING], 4)
    assert "Deals to rate: 1." in await _to_rate(uow_factory, clock)  # UNRATED's
    assert await forgetting.forget(uow_factory, clock, Table(new_index()), LEAVING)
    assert "Deals to rate: 1." in await _to_rate(uow_factory, clock)  # not LEAVING's again
    await ratings.rate(uow_factory, clock, READER, deals[UNRATED], 3)
    assert await _to_rate(uow_factory, clock) == ""
