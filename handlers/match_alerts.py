"""The buttons under a match alert: Contact (ask the other side) and Not relevant."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.texts import plain
from handlers.buttons import Pressed


async def contact_match(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await context.use_cases.contacts.ask_about_match(
        pressed.user_id,
        pressed.id_arg("match"),
    )
    context.kick_outbox()
    assert update.callback_query is not None
    await update.callback_query.answer(plain(context.lang, key), show_alert=True)


async def dismiss_match(update: Update, context: BotContext, pressed: Pressed) -> None:
    await context.use_cases.contacts.dismiss_match(
        pressed.id_arg("match"),
        pressed.user_id,
    )
    query = update.callback_query
    assert query is not None
    await query.answer(plain(context.lang, "match.dismissed"))
    await query.edit_message_reply_markup(reply_markup=None)
