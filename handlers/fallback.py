"""Messages no other handler took: never silence."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers.replies import reply


async def unknown_command(update: Update, context: BotContext) -> None:
    await reply(update, context, "help.text")


async def other_message(update: Update, context: BotContext) -> None:
    await reply(update, context, "post.not_a_post")
