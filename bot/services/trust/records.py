"""A member's trust record as /trust shows it: found by id or by username, and in a trade
circle with their deals and vouches there."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.trust.levels import identity_facts
from bot.domain.trust.summary import TrustSummary
from bot.services.people.users import member_of
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.trust.summaries import summary_of


async def record_of(
    uow_factory: UowFactory, clock: Clock, subject: int | str, circle_id: int | None = None
) -> tuple[int, TrustSummary]:
    """(user id, summary) of a member given by id or by username (`member_of`); shown in
    a trade circle, with their deals and vouches in that circle."""
    async with uow_factory() as uow:
        member = await member_of(uow, subject)
        summary = await summary_of(uow, member.id, clock.now())
        assert summary is not None  # the member exists
        if circle_id is not None:
            summary = await _in_circle(uow, member.id, circle_id, summary)
        return member.id, summary


async def _in_circle(
    uow: UnitOfWork, user_id: int, circle_id: int, summary: TrustSummary
) -> TrustSummary:
    deals = 0
    events = await uow.trust_events.list_for_user(user_id)
    user = await uow.users.get(user_id)
    facts = identity_facts(user, events) if user is not None else None
    vouches = sum(1 for v in facts.vouches if v.circle_id == circle_id) if facts else 0
    for event in events:
        if event.kind == "deal.confirmed" and event.post_id is not None:
            post = await uow.posts.get(event.post_id)
            deals += post is not None and post.circle_id == circle_id
    return replace(summary, circle_deals=deals, circle_vouches=vouches)
