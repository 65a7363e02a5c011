"""What housekeeping forgets, and when: each table's rule lives with its use cases (the KEEP
constants of inbox, outbox, reminders, posts, index_sync; action tokens when they expire).
Trust events, deals and ratings are kept: they are the trust record."""

from __future__ import annotations

from bot.services import follow_ups
from bot.services.delivery import action_tokens, inbox, outbox
from bot.services.matching import index_sync
from bot.services.ports import Clock, UowFactory
from bot.services.posting import posts


async def purge(uow_factory: UowFactory, clock: Clock) -> dict[str, int]:
    """Every purge, each in its own transactions; returns how many rows each removed."""
    return {
        "inbox": await inbox.purge(uow_factory, clock),
        "outbox": await outbox.purge(uow_factory, clock),
        "action_tokens": await action_tokens.purge_expired(uow_factory, clock),
        "posts": await posts.purge(uow_factory, clock),
        "reminders": await follow_ups.purge(uow_factory, clock),
        "index_changes": await index_sync.purge(uow_factory, clock),
    }
