"""Repeating background work, run by PTB's JobQueue."""

from __future__ import annotations

import logging

from bot.context import BotContext
from bot.services import (
    circle_digest,
    deals,
    index_refresh,
    index_sync,
    leases,
    publishing,
    ratings,
    reminders,
    retention,
)
from bot.services.follow_ups import ReminderContext

log = logging.getLogger(__name__)


async def expire_posts(context: BotContext) -> None:
    expired = await publishing.expire_due(
        context.services.uow_factory, context.clock, context.matching
    )
    if expired:
        context.kick_outbox()  # the owners' notices


async def catch_up_index(context: BotContext) -> None:
    """Changes other processes made to the matching index (`bot.services.index_sync`)."""
    await index_sync.catch_up_now(context.services.uow_factory, context.clock, context.matching)


async def refresh_index(context: BotContext) -> None:
    """Posts an older vocabulary derived, derived anew (`bot.services.index_refresh`)."""
    if context.matching.stale:
        await index_refresh.refresh_stale(
            context.services.uow_factory, context.clock, context.matching
        )


async def housekeeping(context: BotContext) -> None:
    removed = await retention.purge(context.services.uow_factory, context.clock)
    if any(removed.values()):
        log.info("housekeeping removed %s", removed)
    admin = context.settings.admin_chat_id
    if await ratings.flag_rings(context.services.uow_factory, context.clock, admin):
        context.kick_outbox()


async def renew_lease(context: BotContext) -> None:
    """Keep the polling lease; if a standby took it (this process stalled past LEASE_TTL),
    stop, so that two processes never poll at once."""
    holder = str(context.job.data) if context.job is not None else ""
    services = context.services
    if not await leases.take(
        services.uow_factory, services.clock, holder, services.settings.lease_ttl
    ):
        log.error("lost the polling lease to another process: stopping")
        context.application.stop_running()


async def send_reminders(context: BotContext) -> None:
    """Stored reminders that fell due, once each (`bot.services.reminders`), and deal
    claims nobody confirmed in time."""
    services = context.services
    settings = context.settings
    due = ReminderContext(settings.schedule(), context.matching, settings.quiet_hours)
    sent = await reminders.send_due(services.uow_factory, context.clock, due)
    await deals.expire_claims(services.uow_factory, context.clock)
    if sent:
        context.kick_outbox()


async def send_circle_digests(context: BotContext) -> None:
    """Trade circles' daily digests that are due (the hour is checked every few minutes)."""
    name = context.bot.username
    if await circle_digest.send_digests(context.services.uow_factory, context.clock, name):
        context.kick_outbox()
