"""Open posts whose stored index entry another vocabulary derived (`matching.vocabulary`:
an older release's glossary, parser data or exchange rates) are derived anew in the
background, a batch at a time, newest first. Each keeps matching on its old entry until
then, so a restart after an upgrade stays as quick as before.

A refreshed post's index entry and stored entry change together, and the change is logged
(`index_sync.changed`) so that every other process loads the new entry. Nothing is alerted:
the posts were matched when they were published, and an upgrade must not send a wave of
alerts; a post meets its new counterparts as they are published.
"""

from __future__ import annotations

import logging

from bot.services import index_sync
from bot.services.matching import MatchingIndex, index_post
from bot.services.ports import Clock, UowFactory

log = logging.getLogger(__name__)

BATCH = 100  # posts a call derives anew: about 30 ms of the event loop


async def refresh_stale(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, limit: int = BATCH
) -> int:
    """Derive anew up to `limit` posts of `index.stale` (the newest first) that are still
    open and still stored under another vocabulary (another process may have done it);
    returns how many."""
    stale = index.stale
    taken = [stale.pop() for _ in range(min(limit, len(stale)))]
    if not taken:
        return 0
    refreshed = 0
    try:
        async with uow_factory() as uow:
            now = clock.now()
            for post_id in await uow.posts.with_stale_index(taken, index.vocabulary):
                post = await uow.posts.get(post_id)
                if post is None or not post.is_live(now):
                    continue
                await index_sync.changed(uow, index, now, post_id=post_id)
                refreshed += await index_post(uow, now, index, post) is not None
            await uow.commit()
    except BaseException:
        stale.extend(reversed(taken))  # tried again on the next call
        raise
    if not stale:
        log.info("matching index: every open post is derived by this vocabulary")
    return refreshed
