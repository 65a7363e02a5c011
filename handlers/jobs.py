"""Repeating background work, run by PTB's JobQueue."""

from __future__ import annotations

from bot.context import BotContext
from bot.services import inbox, post_changes


async def expire_posts(context: BotContext) -> None:
    expired = await post_changes.expire_due(context.services.uow_factory, context.clock)
    for post in expired:
        context.matching.remove(post.id)
    if expired:
        context.kick_outbox()


async def purge_inbox(context: BotContext) -> None:
    await inbox.purge(context.services.uow_factory, context.clock)
