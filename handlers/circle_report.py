"""📊 The week's market: under /circle, for the admin who opened it, posted in the group (its
figures are the circle's own; admin rights are asked of Telegram again when pressed); and
on Mondays from 09:00 in each circle's time zone (`send_weekly_reports`), to its admins
privately (with the posts without response, `handlers.circle_quiet`) and, when they turned
it on, in the group. A picture of the busiest products'
prices with the report as its caption, drawn once a circle in the painter's process; words
alone when no product had a price. A week with nothing in it goes nowhere on Mondays."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from telegram import Update
from telegram.constants import ChatMemberStatus, ParseMode
from telegram.error import BadRequest, Forbidden

from bot.context import BotContext
from bot.domain.models import Circle, CircleWeek
from bot.pictures.circle_week import week_picture
from bot.texts import fits_caption
from bot.texts.circle_report import week_report
from handlers.buttons import Pressed
from handlers.circle_admin import still_admin
from handlers.circle_quiet import send_quiet_list

log = logging.getLogger(__name__)
PACE = 0.05  # seconds between two reports sent on Mondays: well under Telegram's 30 a second


async def show_report(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    chat_id = await still_admin(context, pressed)
    circle, week = await context.use_cases.circles.week_of(chat_id)
    await query.answer()
    await _post(context, circle, week, [chat_id])


async def send_weekly_reports(context: BotContext) -> None:
    """Each circle whose Monday report is due: to its human admins who have a private chat
    with the bot, and to the group when its admins turned that on; marked sent either way.
    Replies go between two circles."""
    circles = context.use_cases.circles
    for chat_id in await circles.due_reports():
        circle, week = await circles.week_of(chat_id)
        if week.active:
            admins = await _admins(context, chat_id)
            group = [chat_id] if circle.weekly_report else []
            await _post(context, circle, week, [*admins, *group])
            for admin_id in admins:  # and, to each admin, the posts without response
                with contextlib.suppress(Forbidden, BadRequest):
                    await send_quiet_list(context, chat_id, admin_id, circle.language)
        await circles.report_sent(chat_id)
        await asyncio.sleep(0)


async def _admins(context: BotContext, chat_id: int) -> list[int]:
    try:
        members = await context.bot.get_chat_administrators(chat_id)
    except (BadRequest, Forbidden):  # the bot left the group, or it is gone
        return []
    admins = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)
    return [m.user.id for m in members if m.status in admins and not m.user.is_bot]


async def _post(
    context: BotContext, circle: Circle, week: CircleWeek, chats: Sequence[int]
) -> None:
    rates = context.services.matching.policy.rates
    text, picture = week_report(circle, week, rates), week_picture(circle, week, rates)
    png = None
    if picture is not None:
        painter = context.services.painter
        assert painter is not None, "bot.app makes the painter"
        png = await painter.draw(picture)
    for n, chat_id in enumerate(chats):
        if n:
            await asyncio.sleep(PACE)
        try:
            await _send(context, chat_id, text, png)
        except (Forbidden, BadRequest):  # an admin with no private chat; a group it left
            log.info("weekly report: chat %s cannot be written to", chat_id)


async def _send(context: BotContext, chat_id: int, text: str, png: bytes | None) -> None:
    if png is None:
        await context.bot.send_text(chat_id, text)
    elif fits_caption(text):
        await context.bot.send_photo(chat_id, photo=png, caption=text, parse_mode=ParseMode.HTML)
    else:
        await context.bot.send_photo(chat_id, photo=png)  # then the words, as long as they are
        await context.bot.send_text(chat_id, text)
