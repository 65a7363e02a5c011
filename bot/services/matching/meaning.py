"""Posts found by meaning (issue 34): each open post's sentence vector, made off the event
loop by the index's encoder thread, stored with the post (so a restart does not encode
again) and put in the index's dense part.

* `load_vectors`: the stored vectors of indexed posts missing from the dense index
  (`MatchingIndex.unencoded`), newest first, a batch each tick in every process: after a
  start-up (which does not wait for them), and as another process encodes posts this one
  indexed. Until its vector is in, a post is found by its words alone.
* `encode_new`: then the newest indexed posts that have no vector at all, a batch at a time
  (the process that runs the background jobs). A post changed while it was encoded is left
  for the next round.
* `encode_query`: a reader's words, for /search.
"""

from __future__ import annotations

import heapq
from datetime import datetime
from typing import NamedTuple

import numpy as np

from bot.domain.matching.dense import meaning_text
from bot.domain.models import Post, PostStatus
from bot.services.matching import alerts
from bot.services.matching.by_meaning import match_by_meaning
from bot.services.matching.encoding import encode
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.schedule import DEFAULT_SCHEDULE, Schedule

BATCH = 64  # posts encoded at a time: about 50 ms on one thread
PAGE = 2000  # stored vectors read at a time
# unencoded posts looked up in the store per tick: adding 500 vectors to the graph holds
# the event loop about 0.15 s (bench/dense_speed.py: about 3,000 a second)
LOOKUP = 500


async def load_vectors(
    uow_factory: UowFactory, index: MatchingIndex, limit: int | None = LOOKUP
) -> int:
    """Put the stored vectors of up to `limit` (None: all) of the newest indexed posts
    missing from the dense index; returns how many were put."""
    wanted = sorted(index.unencoded) if limit is None else heapq.nlargest(limit, index.unencoded)
    model, loaded = index.encoder.name, 0
    for start in range(0, len(wanted), PAGE):
        async with uow_factory() as uow:
            stored = await uow.post_vectors.of_posts(wanted[start : start + PAGE], model)
        loaded += _add_stored(index, stored)
    return loaded


class Encoded(NamedTuple):
    vectors: int  # posts encoded, their vectors stored and indexed
    alerted: int  # new pairs their meaning made, both sides alerted


async def encode_new(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    limit: int = BATCH,
    schedule: Schedule = DEFAULT_SCHEDULE,
) -> Encoded:
    """Encode up to `limit` of the newest indexed posts that have no stored vector, store
    and index their vectors, and alert the new pairs their meaning makes
    (`by_meaning.match_by_meaning`), all in one transaction. One call at a time: a call
    made while another runs (a post opened during a tick) does nothing."""
    if index.encoding_now:
        return Encoded(0, 0)
    index.encoding_now = True
    try:
        return await _encode_new(uow_factory, clock, index, limit, schedule)
    finally:
        index.encoding_now = False


async def _encode_new(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    limit: int,
    schedule: Schedule,
) -> Encoded:
    await load_vectors(uow_factory, index)
    todo = heapq.nlargest(limit, index.unencoded)
    if not todo:
        return Encoded(0, 0)
    model = index.encoder.name
    async with uow_factory() as uow:
        stored = await uow.post_vectors.of_posts(todo, model)  # made, not yet loaded here
        posts = [p for p in [await uow.posts.get(i) for i in todo if i not in stored] if p]
    _add_stored(index, stored)
    if not posts:
        return Encoded(0, 0)
    vectors = await encode(index, [meaning_text(post) for post in posts])
    async with uow_factory() as uow:
        current: list[Post] = []
        kept: list[int] = []
        for n, post in enumerate(posts):
            now_post = await uow.posts.get(post.id or 0)
            if (
                now_post is not None
                and now_post.status is PostStatus.OPEN
                and meaning_text(now_post) == meaning_text(post)
            ):  # not closed or changed meanwhile
                await uow.post_vectors.save(now_post.id or 0, model, vectors[n].tobytes())
                current.append(now_post)
                kept.append(n)
        ids = [post.id or 0 for post in current]
        added = _add_indexed(index, ids, vectors[kept])  # a pair of two new posts is found
        try:
            alerted = await _alert_by_meaning(
                uow, clock.now(), index, current, vectors[kept], schedule
            )
            await uow.commit()
        except BaseException:
            index.dense.remove(ids)
            index.unencoded.update(i for i in ids if i in index.engine)
            raise
    return Encoded(added, alerted)


async def _alert_by_meaning(
    uow: UnitOfWork,
    now: datetime,
    index: MatchingIndex,
    posts: list[Post],
    vectors: np.ndarray,
    schedule: Schedule,
) -> int:
    alerted = 0
    for post, vector in zip(posts, vectors, strict=True):
        found = await match_by_meaning(uow, now, index, post, vector)
        alerted += await alerts.queue_pairs_alerts(uow, now, found, schedule, index.policy.rates)
    return alerted


def _add_stored(index: MatchingIndex, stored: dict[int, bytes]) -> int:
    """Add vectors as the store keeps them (int8 bytes by post id)."""
    if not stored:
        return 0
    vectors = np.stack([np.frombuffer(v, dtype=np.int8) for v in stored.values()])
    return _add_indexed(index, list(stored), vectors)


def _add_indexed(index: MatchingIndex, post_ids: list[int], vectors: np.ndarray) -> int:
    """Add the vectors of posts still waiting for one (a post may have closed, or changed
    and been encoded again, meanwhile)."""
    keep, parts = [], []
    for n, post_id in enumerate(post_ids):
        where = index.meaning_part(post_id) if post_id in index.unencoded else None
        if where is not None:
            keep.append(n)
            parts.append(where)
    if keep:
        ids = [post_ids[n] for n in keep]
        index.dense.add(ids, vectors[keep], parts)
        index.unencoded.difference_update(ids)
    return len(keep)
