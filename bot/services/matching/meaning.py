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

import asyncio
import heapq
from collections.abc import Sequence

import numpy as np

from bot.domain.matching.dense import meaning_text, quantize
from bot.domain.models import PostStatus
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import UowFactory

BATCH = 64  # posts encoded at a time: about 50 ms on one thread
PAGE = 2000  # stored vectors read at a time
# unencoded posts looked up in the store per tick: adding 500 vectors to the graph holds
# the event loop about 0.15 s (bench/dense_speed.py: about 3,000 a second)
LOOKUP = 500


async def encode(index: MatchingIndex, texts: Sequence[str]) -> np.ndarray:
    """int8 vectors of `texts`, made on the encoder's thread."""
    loop = asyncio.get_running_loop()
    vectors = await loop.run_in_executor(index.encoding, index.encoder.encode, list(texts))
    return quantize(vectors)


async def encode_query(index: MatchingIndex, words: str) -> np.ndarray:
    return (await encode(index, [words]))[0]


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


async def encode_new(uow_factory: UowFactory, index: MatchingIndex, limit: int = BATCH) -> int:
    """Encode up to `limit` of the newest indexed posts that have no stored vector, store
    and index their vectors; returns how many."""
    await load_vectors(uow_factory, index)
    todo = heapq.nlargest(limit, index.unencoded)
    if not todo:
        return 0
    model = index.encoder.name
    async with uow_factory() as uow:
        stored = await uow.post_vectors.of_posts(todo, model)  # made, not yet loaded here
        posts = [p for p in [await uow.posts.get(i) for i in todo if i not in stored] if p]
    _add_stored(index, stored)
    if not posts:
        return 0
    vectors = await encode(index, [meaning_text(post) for post in posts])
    saved: list[int] = []
    async with uow_factory() as uow:
        for n, post in enumerate(posts):
            now = await uow.posts.get(post.id or 0)
            if (
                now is None
                or now.status is not PostStatus.OPEN
                or meaning_text(now) != meaning_text(post)
            ):
                continue  # closed or changed meanwhile
            await uow.post_vectors.save(now.id or 0, model, vectors[n].tobytes())
            saved.append(n)
        await uow.commit()
    return _add_indexed(index, [posts[n].id or 0 for n in saved], vectors[saved])


def _add_stored(index: MatchingIndex, stored: dict[int, bytes]) -> int:
    """Add vectors as the store keeps them (int8 bytes by post id)."""
    if not stored:
        return 0
    vectors = np.stack([np.frombuffer(v, dtype=np.int8) for v in stored.values()])
    return _add_indexed(index, list(stored), vectors)


def _add_indexed(index: MatchingIndex, post_ids: list[int], vectors: np.ndarray) -> int:
    """Add the vectors of posts still waiting for one (a post may have closed, or changed
    and been encoded again, meanwhile)."""
    keep = [n for n, post_id in enumerate(post_ids) if post_id in index.unencoded]
    if keep:
        ids = [post_ids[n] for n in keep]
        index.dense.add(ids, vectors[keep])
        index.unencoded.difference_update(ids)
    return len(keep)
