"""Open posts whose stored index entry another vocabulary derived (`vocabulary.version`:
an older release's glossary, parser data or exchange rates) are derived anew in the
background, newest first, a few at a time. Each keeps matching on its old entry until
then, so a restart after an upgrade stays as quick as before.

A refreshed post's index entry and stored entry change together, and the change is logged
(`index_sync.changed_quietly`) so that every other process loads the new entry. Nothing is
alerted: the posts were matched when they were published, and an upgrade must not send a
wave of alerts; a post meets its new counterparts as they are published.
"""

from __future__ import annotations

import logging
import time

from bot.services.matching import index_sync
from bot.services.matching.indexing import MatchingIndex
from bot.services.matching.pairs import index_post
from bot.services.ports import Clock, UowFactory

log = logging.getLogger(__name__)

BATCH = 100  # posts a call looks at, at most
BUDGET = 0.05  # seconds of the event loop's time a call may take (SQLite's work included)


async def refresh_stale(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    limit: int = BATCH,
    budget: float = BUDGET,
) -> int:
    """Derive anew the newest of up to `limit` posts of `index.stale` that are still open
    and still stored under another vocabulary (another process may have done it): at
    least one, then more while the call has used less than `budget` seconds of the event
    loop's thread; returns how many. The rest wait for the next call."""
    stale = index.stale
    taken = [stale.pop() for _ in range(min(limit, len(stale)))]
    if not taken:
        return 0
    refreshed: list[int] = []
    started = time.thread_time()  # the event loop's own work, not its waits
    try:
        async with uow_factory() as uow:
            now = clock.now()
            todo = await uow.posts.with_stale_index(taken, index.vocabulary)
            while todo and (not refreshed or time.thread_time() - started < budget):
                post_id = todo.pop()  # the newest first
                post = await uow.posts.get(post_id)
                if post is None or not post.is_live(now):
                    continue
                if await index_post(uow, now, index, post) is not None:
                    refreshed.append(post_id)
            await index_sync.changed_quietly(uow, index, now, refreshed)
            await uow.commit()
    except BaseException:
        stale.extend(reversed(taken))  # tried again on the next call
        raise
    stale.extend(todo)  # out of time: next call
    if not stale:
        log.info("matching index: every open post is derived by this vocabulary")
    return len(refreshed)
