"""/cancel outside any conversation (inside one, each flow's own fallback answers)."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers.replies import reply

PENDING_KEYS = ("pending",)  # user_data keys other features use for a one-question wait


async def cancel(update: Update, context: BotContext) -> None:
    pending = [key for key in PENDING_KEYS if context.store.pop(key, None) is not None]
    await reply(update, context, "cancel.done" if pending else "cancel.nothing")
