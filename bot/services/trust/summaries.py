"""Trust records as the other side sees them: facts counted from the append-only log, the
confirmed deals that count and the counted ratings, each weighted by its rater
(bot.domain.trust). The graph of confirmed deals is read only as far as
`bot.domain.trust.partners` needs: from each partner until its part of the graph is known
to reach the wider market."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from datetime import datetime

from bot.domain.trust.partners import (
    CLOSED_GROUP_MAX,
    DealRecord,
    deal_record,
    frontier,
    wider_market,
)
from bot.domain.trust.scores import (
    NEUTRAL,
    RaterRating,
    counted_ratings,
    ranking_trust,
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
    record, graph = await deal_record_of(uow, user_id, now)
    rated = {int(str(e.detail.get("deal", 0))) for e in events if e.kind == "rating.given"}
    shown = revealed(await uow.ratings.for_ratee(user_id), rated, now)
    comments = [r.comment for r in shown if r.comment]
    raters = []
    for rating in shown:
        rater = await uow.users.get(rating.rater_id)
        joined = rater.created_at if rater is not None else None
        age = (rating.created_at - joined).total_seconds() / DAY if joined else 0.0
        own = len(graph.get(rating.rater_id, set()) - {user_id})
        independent = rating.rater_id in record.independent
        raters.append(
            RaterRating(rating.rater_id, rating.stars, rating.created_at, independent, own, age)
        )
    hours, quick = answer_speed(await uow.contact_requests.answer_times(user_id), now)
    return replace(
        summarise(user, events, counted_ratings(raters), now, record),
        reply_hours=hours,
        replied_in_a_day=quick,
        latest_comment=comments[-1] if comments else None,
        ratings_received=len(shown),
    )


async def ranking_trust_of(uow: UnitOfWork, user_id: int, now: datetime) -> float:
    """What a member's posts rank with (`bot.domain.trust.scores.ranking_trust`)."""
    summary = await summary_of(uow, user_id, now)
    if summary is None:
        return NEUTRAL
    unanswered = summary.asked - summary.followed_up  # follow-through: buyers' too
    return ranking_trust(summary.confirmed_deals, summary.good, summary.bad + unanswered)


async def counted_deals_of(uow: UnitOfWork, user_id: int, now: datetime) -> int:
    """The member's confirmed deals with independent partners, as they count."""
    record, _graph = await deal_record_of(uow, user_id, now)
    return record.counted_deals


async def deal_graph_near(uow: UnitOfWork, user_id: int) -> dict[int, set[int]]:
    """Partners of confirmed deals, for the member and around each of their partners."""
    graph: dict[int, set[int]] = defaultdict(set)
    explored: set[int] = set()
    todo = {user_id}
    for _ in range(CLOSED_GROUP_MAX + 2):  # a closed group is at most that deep
        for seller, buyer in await uow.deals.confirmed_pairs(todo):
            graph[seller].add(buyer)
            graph[buyer].add(seller)
        explored |= todo
        todo = frontier(user_id, graph[user_id], graph, explored)
        if not todo:
            break
    return graph


async def deal_record_of(
    uow: UnitOfWork, user_id: int, now: datetime
) -> tuple[DealRecord, dict[int, set[int]]]:
    """(the member's record, the graph read for it)."""
    graph = await deal_graph_near(uow, user_id)
    deals_with: Counter[int] = Counter()
    for seller, buyer in await uow.deals.confirmed_pairs({user_id}):
        deals_with[buyer if seller == user_id else seller] += 1
    wide = wider_market(user_id, deals_with, graph)
    created = {}
    for partner in wide:
        user = await uow.users.get(partner)
        created[partner] = user.created_at if user is not None else None
    return deal_record(deals_with, wide, created, now), graph
