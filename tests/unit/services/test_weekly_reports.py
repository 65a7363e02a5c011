"""The weekly report's Monday (issue 36): due from 09:00 in the circle's own time zone, once
a Monday, and due again the Monday after."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.domain.models import Circle
from bot.services.circles.weekly_reports import due, mark_sent
from bot.services.ports import UowFactory
from tests.fakes import FixedClock

SHANGHAI, HAMBURG = -100, -200


async def test_due_from_monday_nine_in_each_circle_s_zone_once_a_week(
    uow_factory: UowFactory,
) -> None:
    async with uow_factory() as uow:
        await uow.circles.save(Circle(SHANGHAI, "义乌杯业"))
        await uow.circles.save(Circle(HAMBURG, "Hamburg", timezone="Europe/Berlin"))
        await uow.commit()
    sunday_night = datetime(2026, 3, 1, 15, 0, tzinfo=UTC)  # 23:00 Sunday in Shanghai
    clock = FixedClock(sunday_night)
    assert await due(uow_factory, clock) == []
    clock.advance(timedelta(hours=9, minutes=59))  # Monday 08:59 in Shanghai
    assert await due(uow_factory, clock) == []
    clock.advance(timedelta(minutes=1))
    assert await due(uow_factory, clock) == [SHANGHAI]
    await mark_sent(uow_factory, clock, SHANGHAI)
    assert await due(uow_factory, clock) == []
    clock.advance(timedelta(hours=7))  # 09:00 in Hamburg
    assert await due(uow_factory, clock) == [HAMBURG]
    await mark_sent(uow_factory, clock, HAMBURG)
    clock.advance(timedelta(days=1))  # Tuesday: nothing owed
    assert await due(uow_factory, clock) == []
    clock.advance(timedelta(days=6))  # the next Monday
    assert sorted(await due(uow_factory, clock)) == [HAMBURG, SHANGHAI]
