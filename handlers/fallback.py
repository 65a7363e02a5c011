"""Messages no other handler took: never silence."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.texts import plain
from handlers.replies import reply


async def unknown_command(update: Update, context: BotContext) -> None:
    await reply(update, context, "help.text")


async def other_message(update: Update, context: BotContext) -> None:
    await reply(update, context, "post.not_a_post")


async def unknown_button(update: Update, context: BotContext) -> None:
    """A button from an older version or a message we no longer understand: say so, so the
    phone does not show a spinner until Telegram gives up."""
    if update.callback_query is not None:
        await update.callback_query.answer(plain(context.lang, "button.expired"), show_alert=True)
