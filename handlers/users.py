"""Runs before every other handler: dedupe by update_id (inbox), register the user and load
the language every reply of this update is written in."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import Application, ApplicationHandlerStop

from bot.context import BotContext
from bot.services import inbox
from handlers.transport.senders import Senders, person_of

log = logging.getLogger(__name__)

# Update ids this process took to handle, already stored: fetched by `DurableBot` or taken
# from the inbox at start-up. Any other update id already stored is a duplicate.
CLAIMED = "claimed"
SENDERS = "senders"  # handlers.transport.senders.Senders, when updates are fetched in batches


async def replay_unfinished(application: Application) -> int:  # type: ignore[type-arg]
    """Queue the updates a previous process recorded but did not finish."""
    services = application.bot_data
    payloads = await inbox.take_unfinished(services.uow_factory, services.clock)
    claimed: set[int] = services.extras.setdefault(CLAIMED, set())
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
        await inbox.mark_done(services.uow_factory, services.clock, unreadable)
    return len(payloads) - len(unreadable)


async def load_user(update: Update, context: BotContext) -> None:
    services = context.services
    replayed = services.extras.get(CLAIMED, set())
    claimed = update.update_id in replayed
    senders: Senders | None = services.extras.get(SENDERS)
    read, user = senders.copy_of(update.update_id) if senders and claimed else (False, None)
    if read:  # registered with its batch
        fresh = False
    else:
        fresh, user = await inbox.receive(
            services.uow_factory,
            services.clock,
            update.update_id,
            None if claimed else update.to_dict(),  # a claimed update is stored already
            person_of(update),
            services.settings.default_language,
        )
    if not fresh and update.update_id not in replayed:
        raise ApplicationHandlerStop  # already handled: Telegram delivered it twice
    replayed.discard(update.update_id)
    if user is not None:
        context.lang = user.language


DONE_MARKS = "done_marks"


async def mark_done(update: Update, context: BotContext) -> None:
    done_marks: inbox.DoneMarks = context.services.extras[DONE_MARKS]
    done_marks.add(update.update_id)
