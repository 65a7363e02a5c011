"""The circle's weekly market report (issue 36), for its admins: the week's figures, the
median price and range of its busiest products (`bot.domain.circle_week`), and the needs
nobody answered (no match, no contact request). Whether the asker is an admin is Telegram's to say at the time
(`handlers/circle_report.py`); the button is a token bound to the admin who opened /circle."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

from bot.domain.circle_week import busiest
from bot.domain.models import Action, Circle, CircleWeek
from bot.services.delivery.action_tokens import add_tokens
from bot.services.errors import ButtonExpired
from bot.services.ports import Clock, UowFactory

WEEK = timedelta(days=7)  # the report's week: the last seven days
READ_AT_MOST = 5000  # of the week's posts: a circle that busy is read by its newest


async def admin_buttons(
    uow_factory: UowFactory, clock: Clock, chat_id: int, admin_id: int
) -> tuple[str, str]:
    """The tokens of the /circle card's market buttons (the week's report, the posts without
    response), bound to the admin who opened it."""
    payload = {"circle": chat_id}
    wanted = [(Action.CIRCLE_REPORT, payload), (Action.CIRCLE_QUIET, payload)]
    async with uow_factory() as uow:
        report, quiet = await add_tokens(uow, clock.now() + WEEK, admin_id, wanted)
        await uow.commit()
    return report, quiet


async def week_of(
    uow_factory: UowFactory, clock: Clock, rates: Mapping[str, float], chat_id: int
) -> tuple[Circle, CircleWeek]:
    """The circle and its last seven days."""
    now = clock.now()
    since = now - WEEK
    async with uow_factory() as uow:
        circle = await uow.circles.get(chat_id)
        if circle is None:
            raise ButtonExpired()
        stats = await uow.circles.stats(chat_id, since)
        posts = await uow.circles.new_posts(chat_id, since, READ_AT_MOST, open_only=False)
        unanswered = await uow.circles.unanswered_needs(chat_id, since, now, READ_AT_MOST)
    return circle, CircleWeek(stats, busiest(posts, rates), tuple(unanswered))
