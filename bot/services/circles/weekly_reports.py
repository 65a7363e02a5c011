"""The circles' weekly market reports (issue 36), on Mondays from 09:00 in each circle's
time zone: the week's figures (`circle_report.week_of`) to its admins privately and, when
they turned it on, in the group. A week with no post, match, contact or deal sends nothing
(and draws no picture). Each circle's report goes once a Monday (`Circle.report_sent_on`),
marked when it went, so one a restart interrupted goes after it."""

from __future__ import annotations

from datetime import datetime

from bot.domain.models import Circle
from bot.domain.quiet_hours import DIGEST_DAY, DIGEST_TIME, zone
from bot.services.ports import Clock, UowFactory


def monday_of(circle: Circle, now: datetime) -> str | None:
    """This Monday's local date (ISO) when its report time has come in the circle's time
    zone and the report has not gone yet; else None."""
    local = now.astimezone(zone(circle.timezone))
    if local.weekday() != DIGEST_DAY or local.time() < DIGEST_TIME:  # the digests' Monday 09:00
        return None
    today = local.date().isoformat()
    return None if circle.report_sent_on == today else today


async def due(uow_factory: UowFactory, clock: Clock) -> list[int]:
    """The circles whose weekly report is due now."""
    async with uow_factory() as uow:
        now = clock.now()
        return [c.id for c in await uow.circles.everyone() if monday_of(c, now) is not None]


async def mark_sent(uow_factory: UowFactory, clock: Clock, circle_id: int) -> None:
    """This Monday's report of the circle went (or had nothing to say)."""
    async with uow_factory() as uow:
        circle = await uow.circles.get(circle_id)
        today = monday_of(circle, clock.now()) if circle is not None else None
        if circle is not None and today is not None:
            circle.report_sent_on = today
            await uow.circles.save(circle)
            await uow.commit()
