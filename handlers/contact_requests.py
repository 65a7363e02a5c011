"""Accept / Decline under an incoming contact request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update

from bot.context import BotContext
from bot.services import contact_requests
from bot.services.ports import Clock, UowFactory
from handlers.buttons import Pressed
from handlers.replies import reply

Answer = Callable[[UowFactory, Clock, int, int], Awaitable[str]]


async def accept(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _answer(update, context, pressed, contact_requests.accept)


async def decline(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _answer(update, context, pressed, contact_requests.decline)


async def _answer(update: Update, context: BotContext, pressed: Pressed, use_case: Answer) -> None:
    key = await use_case(
        context.services.uow_factory, context.clock, pressed.id_arg("request"), pressed.user_id
    )
    context.kick_outbox()
    query = update.callback_query
    assert query is not None
    await query.answer()
    await query.edit_message_reply_markup(reply_markup=None)
    await reply(update, context, key)
