"""Runs before every other handler: dedupe by update_id (inbox), register the user and load
the language every reply of this update is written in, and the currency its prices are
shown in."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import ApplicationHandlerStop

from bot.context import BotContext
from handlers.transport.senders import person_of

log = logging.getLogger(__name__)


async def load_user(update: Update, context: BotContext) -> None:
    services = context.services
    replayed = services.claimed
    claimed = update.update_id in replayed
    senders = services.senders
    read, user, conversation = (
        senders.copy_of(update.update_id) if senders and claimed else (False, None, None)
    )
    if read:  # registered with its batch, their conversation read with it
        fresh = False
        context.conversation_read = (True, conversation)
    else:
        fresh, user = await context.use_cases.delivery.receive(
            update.update_id,
            None if claimed else update.to_dict(),  # a claimed update is stored already
            person_of(update),
        )
    if not fresh and update.update_id not in replayed:
        raise ApplicationHandlerStop  # already handled: Telegram delivered it twice
    replayed.discard(update.update_id)
    if user is not None:
        context.read_by(user)


async def mark_done(update: Update, context: BotContext) -> None:
    if context.services.done_marks is not None:
        context.services.done_marks.add(update.update_id)
