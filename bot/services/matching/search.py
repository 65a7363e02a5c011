"""/search: open posts of both kinds, found by their words (the matching engine) and by
their meaning (the dense index: "insulated water bottles" finds 真空保温杯), the two lists
fused by reciprocal rank (k = 60), which `bench/dense_quality.py` measured at or above
the better of the two on every real set; and a post opened from a link (a circle's
digest). An offer too good to be true is named, so its card is shown with the warning
(`bot.services.matching.too_good`)."""

from __future__ import annotations

from bot.domain.matching.accessories import item_type
from bot.domain.matching.dense import REFERENCE, standing_out
from bot.domain.matching.terms import query_terms
from bot.domain.models import Circle, Post
from bot.services.matching.comparable import too_good, warned_of
from bot.services.matching.encoding import encode_query
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UowFactory
from bot.services.posting import posts as posting
from bot.services.posting.visibility import may_see

MAX_QUERY = 100
DEEP = 20  # results each retriever hands to the fusion, at least
RRF_K = 60


async def search(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    words: str,
    page: int,
    page_size: int,
    viewer_id: int,
) -> tuple[list[Post], bool, frozenset[int]]:
    """One page (0-based) of open posts for `words` that the viewer may see, whether another
    page follows, and the ids of the offers on it the viewer is warned of."""
    query = words[:MAX_QUERY]
    now = clock.now()
    deep = max(DEEP, (page + 1) * page_size + 1)
    lexical = index.engine.search(
        query_terms(query), None, now.timestamp(), limit=deep, item_type=item_type(query)
    )
    meaning = await _by_meaning(index, query, deep)
    found = fused([r.post_id for r in lexical], meaning)[page * page_size :]
    posts: list[Post] = []
    circles: dict[int, Circle | None] = {}
    async with uow_factory() as uow:
        for post_id in found[:page_size]:
            post = await uow.posts.get(post_id)
            if (
                post is not None
                and post.is_live(now)
                and await may_see(uow, post, viewer_id, circles)
            ):
                posts.append(post)
        warned = await warned_of(uow, index, posts, now, viewer_id)
    return posts, len(found) > page_size, warned


async def _by_meaning(index: MatchingIndex, query: str, k: int) -> list[int]:
    """Open posts nearest the query's meaning that stand out from the rest
    (`bot.domain.matching.dense.standing_out`)."""
    if not len(index.dense) or not query.strip():
        return []
    nearest = index.dense.nearest(await encode_query(index, query), max(k, REFERENCE))
    return [i for i in standing_out(nearest)[:k] if i in index.engine]


def fused(*ranked: list[int]) -> list[int]:
    """Reciprocal rank fusion: each list adds 1 / (k + rank) to a post; ties keep the first
    list's order."""
    score: dict[int, float] = {}
    for found in ranked:
        for rank, post_id in enumerate(found, start=1):
            score[post_id] = score.get(post_id, 0.0) + 1.0 / (RRF_K + rank)
    return sorted(score, key=lambda post_id: -score[post_id])


async def open_post(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, post_id: int, viewer_id: int
) -> tuple[Post, bool]:
    """A post the viewer may see, opened from a link (`posting.posts.open_post`), and
    whether they are warned of it: an offer of someone else's, too good to be true now."""
    post = await posting.open_post(uow_factory, clock, post_id, viewer_id)
    if post.user_id == viewer_id:
        return post, False
    async with uow_factory() as uow:
        return post, await too_good(uow, index, post, clock.now())
