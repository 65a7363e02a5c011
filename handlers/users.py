"""Runs before every other handler: dedupe by update_id (inbox), register the user and load
the language every reply of this update is written in."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import Application, ApplicationHandlerStop

from bot.context import BotContext
from handlers.transport.senders import person_of

log = logging.getLogger(__name__)


async def replay_unfinished(application: Application) -> int:  # type: ignore[type-arg]
    """Queue the updates a previous process recorded but did not finish."""
    services = application.bot_data
    payloads = await services.use_cases.delivery.take_unfinished()
    claimed = services.claimed
    unreadable: list[int] = []
    for payload in payloads:
        try:
            update = Update.de_json(payload, application.bot)
        except Exception:  # stored by an older release, or not an update: never to be read
            log.exception("stored update %s cannot be read; it is skipped", payload["update_id"])
            unreadable.append(int(payload["update_id"]))
            continue
        claimed.add(update.update_id)
        await application.update_queue.put(update)
    if unreadable:
        await services.use_cases.delivery.mark_done(unreadable)
    return len(payloads) - len(unreadable)


async def load_user(update: Update, context: BotContext) -> None:
    services = context.services
    replayed = services.claimed
    claimed = update.update_id in replayed
    senders = services.senders
    read, user = senders.copy_of(update.update_id) if senders and claimed else (False, None)
    if read:  # registered with its batch
        fresh = False
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
        context.lang = user.language


async def mark_done(update: Update, context: BotContext) -> None:
    if context.services.done_marks is not None:
        context.services.done_marks.add(update.update_id)
