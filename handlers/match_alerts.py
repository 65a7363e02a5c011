"""The buttons under a match alert: Contact (ask the other side) and Not relevant."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.services import contact_requests, dismissals
from bot.texts import plain
from handlers.buttons import Pressed


async def contact_match(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await contact_requests.ask_about_match(
        context.services.uow_factory,
        context.clock,
        pressed.user_id,
        pressed.id_arg("match"),
        context.settings.schedule(),
    )
    context.kick_outbox()
    assert update.callback_query is not None
    await update.callback_query.answer(plain(context.lang, key), show_alert=True)


async def dismiss_match(update: Update, context: BotContext, pressed: Pressed) -> None:
    await dismissals.dismiss_match(
        context.services.uow_factory,
        context.clock,
        context.matching,
        pressed.id_arg("match"),
        pressed.user_id,
    )
    query = update.callback_query
    assert query is not None
    await query.answer(plain(context.lang, "match.dismissed"))
    await query.edit_message_reply_markup(reply_markup=None)
