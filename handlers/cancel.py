"""/cancel: ends the conversation the person is in, if any."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers import pending_question
from handlers.replies import reply


async def cancel(update: Update, context: BotContext) -> None:
    assert update.effective_user is not None
    dropped = await pending_question.drop(context, update.effective_user.id)
    await reply(update, context, "cancel.done" if dropped else "cancel.nothing")


async def way_out(update: Update, context: BotContext) -> None:
    """A command other than /cancel: the conversation ends quietly, and the command runs."""
    if update.effective_user is not None:
        await pending_question.drop(context, update.effective_user.id)
