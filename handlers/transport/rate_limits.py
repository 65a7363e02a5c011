"""Per-person rate limits (`bot.services.delivery.rate_limits`): runs right after the inbox and user
loading. An update over the limit is recorded as handled and goes no further; the person
hears about it at most once a minute (privately, or on the button they pressed), never in
a group."""

from __future__ import annotations

import time

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop

from bot.context import BotContext
from bot.texts import plain
from handlers.replies import reply


async def hold_back(update: Update, context: BotContext) -> None:
    person = update.effective_user
    if (
        person is None
        or person.is_bot
        or (update.effective_message is None and update.callback_query is None)
    ):
        return  # only what people send, edit or press counts
    limits = context.services.rate_limits
    if limits is None:
        return
    now = time.monotonic()
    if limits.allow(person.id, now):
        return
    if context.services.done_marks is not None:
        context.services.done_marks.add(update.update_id)
    notice = limits.should_notice(person.id, now)
    if update.callback_query is not None:
        await update.callback_query.answer(
            plain(context.lang, "rate_limit.slow_down") if notice else None
        )
    elif notice and update.effective_chat and update.effective_chat.type == ChatType.PRIVATE:
        await reply(update, context, "rate_limit.slow_down")
    raise ApplicationHandlerStop
