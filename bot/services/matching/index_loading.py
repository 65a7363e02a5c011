"""The matching index filled from the database: every open post and "not relevant" choice
at start-up (`rebuild`), and stored index entries read again (`load_entries`) as other
processes change them (`index_sync`)."""

from __future__ import annotations

import logging

from bot.domain.matching.types import IndexEntry
from bot.domain.models import PostKind
from bot.services.matching.indexing import MatchingIndex, profile_keywords
from bot.services.ports import Clock, UnitOfWork, UowFactory

log = logging.getLogger(__name__)

PROGRESS_EVERY = 100_000  # posts between two progress lines while the index is rebuilt


async def rebuild(uow_factory: UowFactory, clock: Clock, index: MatchingIndex) -> int:
    """Load every open post and the users' "not relevant" choices, streamed in batches from
    what was stored when each post was indexed (posts never indexed are derived anew)."""
    count, reported = 0, 0
    async with uow_factory() as uow:
        # Changes committed after this are read again by index_sync's catch-up.
        index.revision = await uow.index_changes.latest()
        async for batch in uow.posts.stream_index_entries(clock.now()):
            if count - reported >= PROGRESS_EVERY:
                log.info("matching index: %d open posts loaded so far", count)
                reported = count
            count += await load_entries(uow, index, batch)
        for user_id, post_id in await uow.matches.dismissals():
            index.dismiss(user_id, post_id)
    return count


async def load_entries(uow: UnitOfWork, index: MatchingIndex, entries: list[IndexEntry]) -> int:
    """Put open posts in the index (again) from their stored form, the posts stored before
    they were ever indexed derived anew; returns how many. Those another vocabulary derived
    (or that had no stored form) join `index.stale`, for `index_refresh`."""
    count = index.engine.add_stored(
        (e.post_id, e.user_id, PostKind(e.kind), e.terms, e.labels, e.numbers)
        for e in entries
        if e.terms is not None and e.labels is not None and e.numbers is not None
    )
    index.stale.extend(e.post_id for e in entries if e.vocabulary != index.vocabulary)
    loaded = [e.post_id for e in entries]
    index.dense.remove(loaded)  # their vectors are read again (`meaning.load_vectors`)
    index.unencoded.update(loaded)
    for entry in entries:
        index.circles.pop(entry.post_id, None)
        if entry.circle_id is not None:
            index.circles[entry.post_id] = entry.circle_id
        if entry.terms is None or entry.labels is None or entry.numbers is None:
            post = await uow.posts.get(entry.post_id)
            if post is not None:
                index.add(post, await profile_keywords(uow, post.user_id))
                count += 1
    return count
