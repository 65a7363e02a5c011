"""The order of the posts a digest lists (issue 33): best fit first and, at equal fit, the
owner with the higher ranking trust (`bot.services.trust.summaries.ranking_trust_of`: a
record of confirmed deals with independent partners), then the newest. Fit is compared to
two decimals, so posts that hold the reader's words alike are equal and trust decides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.domain.models import Post
from bot.services.ports import UnitOfWork
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
