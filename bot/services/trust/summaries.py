"""Trust records as the other side sees them: facts counted from the append-only log and
the revealed ratings, each weighted by its rater (bot.domain.trust)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from bot.domain.trust.scores import (
    MIN_RATINGS,
    NEUTRAL,
    WeightedRating,
    ranking_trust,
    rater_weight,
    revealed,
)
from bot.domain.trust.summary import TrustSummary, answer_speed, summarise
from bot.services.ports import UnitOfWork

DAY = 86400.0


async def summary_of(uow: UnitOfWork, user_id: int | None, now: datetime) -> TrustSummary | None:
    """The trust summary of a member (None for nobody: a post whose owner left)."""
    if user_id is None:
        return None
    user = await uow.users.get(user_id)
    if user is None:
        return None
    events = await uow.trust_events.list_for_user(user_id)
    rated = {int(str(e.detail.get("deal", 0))) for e in events if e.kind == "rating.given"}
    weighted = []
    shown = revealed(await uow.ratings.for_ratee(user_id), rated, now)
    comments = [r.comment for r in shown if r.comment]
    for rating in shown:
        weighted.append(
            WeightedRating(
                rating.stars,
                rating.created_at,
                await _weight(uow, rating.rater_id, rating.created_at),
            )
        )
    # The market prior is read (a scan of every rating) only when a rating will be shown.
    enough = sum(1 for r in weighted if r.weight > 0) >= MIN_RATINGS
    prior = (await uow.ratings.stars_mean() or 4.0) if enough else 4.0
    hours, quick = answer_speed(await uow.contact_requests.answer_times(user_id), now)
    return replace(
        summarise(user, events, weighted, now, prior),
        reply_hours=hours,
        replied_in_a_day=quick,
        latest_comment=comments[-1] if comments else None,
    )


async def _weight(uow: UnitOfWork, rater_id: int, at: datetime) -> float:
    """The rater's weight when they rated: identity level, confirmed deals, account age."""
    rater = await uow.users.get(rater_id)
    if rater is None:
        return 0.0
    record = summarise(rater, await uow.trust_events.list_for_user(rater_id))
    age = (at - rater.created_at).total_seconds() / DAY if rater.created_at else 0.0
    return rater_weight(record.level, record.confirmed_deals, age)


async def ranking_trust_of(uow: UnitOfWork, user_id: int, now: datetime) -> float:
    """What a member's posts rank with (`bot.domain.trust.scores.ranking_trust`)."""
    summary = await summary_of(uow, user_id, now)
    return NEUTRAL if summary is None else ranking_trust(summary.good, summary.bad)
