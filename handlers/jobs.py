"""Repeating background work, run by PTB's JobQueue."""

from __future__ import annotations

import logging

from bot.context import BotContext

log = logging.getLogger(__name__)


async def expire_posts(context: BotContext) -> None:
    expired = await context.use_cases.background.expire_posts()
    if expired:
        context.kick_outbox()  # the owners' notices


async def catch_up_index(context: BotContext) -> None:
    """Changes other processes made to the matching index (`bot.services.matching.index_sync`)."""
    await context.use_cases.background.catch_up_index()


async def encode_posts(context: BotContext) -> None:
    """Vectors for open posts that have none yet, and the pairs their meaning makes
    alerted at once (`bot.services.matching.meaning`)."""
    made = await context.use_cases.background.encode_posts()
    context.alerts_queued(made.alerted)


async def save_vectors(context: BotContext) -> None:
    """The dense index saved, for the next start-up (`bot.services.matching.meaning_files`)."""
    await context.use_cases.background.save_vectors()


async def load_vectors(context: BotContext) -> None:
    """Vectors of the posts this process indexed, once any process made them."""
    if context.matching.unencoded:
        await context.use_cases.background.load_vectors()


async def refresh_index(context: BotContext) -> None:
    """Posts an older vocabulary derived, derived anew (`bot.services.matching.index_refresh`)."""
    if context.matching.stale:
        await context.use_cases.background.refresh_index()


async def housekeeping(context: BotContext) -> None:
    removed = await context.use_cases.background.purge()
    if any(removed.values()):
        log.info("housekeeping removed %s", removed)
    admin = context.settings.admin_chat_id
    if await context.use_cases.background.flag_rings(admin):
        context.kick_outbox()


async def renew_lease(context: BotContext) -> None:
    """Keep the polling lease; if a standby took it (this process stalled past LEASE_TTL),
    stop, so that two processes never poll at once."""
    holder = str(context.job.data) if context.job is not None else ""
    if not await context.use_cases.background.take_lease(holder):
        log.error("lost the polling lease to another process: stopping")
        context.application.stop_running()


async def send_reminders(context: BotContext) -> None:
    """Stored reminders that fell due, once each (`bot.services.reminders.sending`), and deal
    claims nobody confirmed in time."""
    sent = await context.use_cases.background.send_reminders(bot_username=context.bot.username)
    await context.use_cases.background.expire_claims()
    if sent:
        context.kick_outbox()


async def send_circle_digests(context: BotContext) -> None:
    """Trade circles' daily digests that are due (the hour is checked every few minutes)."""
    name = context.bot.username
    if await context.use_cases.background.send_circle_digests(name):
        context.kick_outbox()


async def take_updates(context: BotContext) -> None:
    """Updates another worker stored for people this one holds, and what a dead worker
    left once its hold lapsed (`handlers.transport.queue`)."""
    if context.services.queue is not None:
        await context.services.queue.fill_when_idle(context.application)


async def end_conversations(context: BotContext) -> None:
    """Conversations past their deadline end; those who were answering are told."""
    if await context.use_cases.conversations.sweep():
        context.kick_outbox()
