"""The posts a digest or a member's month lists (`posts_that_fit`), and their order (issue
33): best fit first and, at equal fit, the owner with the higher ranking trust
(`bot.services.trust.summaries.ranking_trust_of`: a record of confirmed deals with
independent partners), then the newest. Fit is compared to
two decimals, so posts that hold the reader's words alike are equal and trust decides."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime

from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.types import PostTerms
from bot.domain.models import Circle, Post, PostKind
from bot.services.ports import UnitOfWork
from bot.services.posting.visibility import may_see
from bot.services.trust.summaries import ranking_trust_of

FIT_PLACES = 2  # fits equal to two decimals are equal


async def by_fit_and_trust(
    uow: UnitOfWork, now: datetime, posts: Sequence[Post], fits: Mapping[int, float]
) -> list[Post]:
    """`posts` in digest order; `fits`: each post's fit by id (0..1; a missing one is 0).
    Each owner's ranking trust is read once."""
    trust: dict[int, float] = {}
    for post in posts:
        if post.user_id not in trust:
            trust[post.user_id] = await ranking_trust_of(uow, post.user_id, now)

    def rank(post: Post) -> tuple[float, float, float]:
        fit = round(fits.get(post.id or -1, 0.0), FIT_PLACES)
        return (-fit, -trust[post.user_id], -post.created_at.timestamp())

    return sorted(posts, key=rank)


async def posts_that_fit(
    uow: UnitOfWork,
    engine: MatchingEngine,
    viewer_id: int,
    queries: Sequence[tuple[PostTerms, PostKind | None]],
    now: datetime,
    limit: int,
    *,
    since: datetime | None = None,
    skip: Collection[int] = (),
) -> list[Post]:
    """Others' live posts that fit any of `queries` (terms, and the kind looked for: None
    for both), that the viewer may see, written since `since` when given, of no owner in
    `skip`: in digest order (a post's fit is its best over the queries), at most `limit`."""
    found: dict[int, Post] = {}
    fits: dict[int, float] = {}
    circles: dict[int, Circle | None] = {}
    for terms, kind in queries:
        for result in engine.search(terms, kind, now.timestamp(), limit=limit * 2):
            if result.user_id == viewer_id or result.user_id in skip:
                continue
            if result.post_id in found:
                fits[result.post_id] = max(fits[result.post_id], result.fit)
                continue
            post = await uow.posts.get(result.post_id)
            if (
                post is not None
                and post.is_live(now)
                and (since is None or post.created_at >= since)
                and await may_see(uow, post, viewer_id, circles)
            ):
                found[result.post_id], fits[result.post_id] = post, result.fit
    return (await by_fit_and_trust(uow, now, list(found.values()), fits))[:limit]
