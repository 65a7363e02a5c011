"""Every process keeps its own matching index in step with the database, by revision.

A use case that changes what the index holds logs the change (`changed`) in its own
transaction. Logging takes the next revision from a counter row and holds that row until the
transaction ends, so another process's change waits and revisions commit in order. Before the
use case matches anything, its index catches up to every revision before its own: two posts
published at the same moment on two processes still meet, on whichever process logs second.
Between changes a job catches up every second (`catch_up_now`); start-up rebuilds the index
(`index_loading.rebuild` notes the revision it started from) and then catches up. A process only
re-reads what changed, never rebuilds while it runs.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta

from bot.domain.matching.types import IndexChange
from bot.services.matching.index_loading import load_entries
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory

log = logging.getLogger(__name__)

POST, DISMISS = "post", "dismiss"  # IndexChange kinds
BATCH = 1000
KEEP = timedelta(days=1)  # a process further behind than this restarts (see `catch_up`)


async def changed(
    uow: UnitOfWork,
    index: MatchingIndex,
    now: datetime,
    kind: str = POST,
    *,
    post_id: int | None = None,
    user_id: int | None = None,
) -> int:
    """Log a change this transaction makes and bring the index up to every revision before
    it (call before matching). The caller changes its own index as before, so catching up
    skips the changes this process made."""
    revision = await uow.index_changes.record(
        kind, index.origin, now, post_id=post_id, user_id=user_id
    )
    if revision - 1 > index.revision:
        await catch_up(uow, index, now, upto=revision - 1)
    return revision


async def changed_quietly(
    uow: UnitOfWork, index: MatchingIndex, now: datetime, post_ids: Iterable[int]
) -> None:
    """Log changes to these posts that match nothing (`index_refresh`): one revision each,
    and no catch-up, which only matters before matching."""
    for post_id in post_ids:
        await uow.index_changes.record(POST, index.origin, now, post_id=post_id)


async def catch_up(
    uow: UnitOfWork, index: MatchingIndex, now: datetime, upto: int | None = None
) -> int:
    """Apply other processes' changes after `index.revision` (up to `upto`); returns how
    many."""
    applied, read = 0, 0
    while True:
        changes = await uow.index_changes.since(index.revision, now, BATCH)
        if upto is not None:
            changes = [c for c in changes if c.revision <= upto]
        if not changes:
            return applied
        if changes[0].revision > index.revision + 1 and read == 0:
            log.error(  # revisions have no gaps unless housekeeping purged them
                "matching index: changes %d to %d were purged before this process read them; "
                "restart it to rebuild",
                index.revision + 1,
                changes[0].revision - 1,
            )
        for change in changes:
            if change.origin != index.origin:
                await _apply(uow, index, change)
                applied += 1
            index.revision = change.revision
        read += len(changes)
        if len(changes) < BATCH:
            return applied


async def _apply(uow: UnitOfWork, index: MatchingIndex, change: IndexChange) -> None:
    if change.kind == DISMISS and change.user_id is not None and change.post_id is not None:
        index.dismiss(change.user_id, change.post_id)
    elif change.kind == POST and change.entry is None:
        index.remove(change.post_id)  # closed, expired or gone
    elif change.entry is not None:
        await load_entries(uow, index, [change.entry])


async def catch_up_now(uow_factory: UowFactory, clock: Clock, index: MatchingIndex) -> int:
    """The periodic catch-up, in a transaction of its own (it only reads)."""
    async with uow_factory() as uow:
        return await catch_up(uow, index, clock.now())


async def purge(uow_factory: UowFactory, clock: Clock) -> int:
    """Housekeeping: changes older than KEEP."""
    async with uow_factory() as uow:
        removed = await uow.index_changes.purge(clock.now() - KEEP)
        await uow.commit()
        return removed
