"""/cancel outside any conversation (inside one, each flow's own fallback answers)."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers import pending_question
from handlers.replies import reply


async def cancel(update: Update, context: BotContext) -> None:
    dropped = pending_question.drop(context)
    await reply(update, context, "cancel.done" if dropped else "cancel.nothing")
