"""What every step of a deal shares: the deal as one side sees it, the post it is about,
its outcome questions ended, and the step kept as a trust event."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.models import Deal, Post, PostKind, Reminder, TrustEvent
from bot.services.errors import UserFacingError
from bot.services.follow_ups import OUTCOME, end
from bot.services.ports import UnitOfWork


async def deal_of(uow: UnitOfWork, deal_id: int, user_id: int) -> Deal:
    """The deal, if this user is one of its sides."""
    deal = await uow.deals.get(deal_id)
    if deal is None or not deal.has(user_id):
        raise UserFacingError("button.not_yours")
    return deal


async def post_about(uow: UnitOfWork, deal: Deal) -> Post | None:
    """The offer or need the deal is about, whichever still exists."""
    for post_id in (deal.offer_id, deal.need_id):
        if post_id is not None:
            post = await uow.posts.get(post_id)
            if post is not None:
                return post
    return None


async def end_questions(uow: UnitOfWork, now: datetime, deal: Deal) -> None:
    for side in (deal.seller_id, deal.buyer_id):
        pending = await uow.reminders.pending(user_id=side, kinds=(OUTCOME,))
        await end(uow, now, [r for r in pending if r.payload.get("deal") == deal.id], "answered")


async def record_step(
    uow: UnitOfWork, now: datetime, deal: Deal, kind: str, user_id: int | None
) -> None:
    if user_id is None:
        return
    about = await post_about(uow, deal)
    event = TrustEvent(
        user_id,
        kind,
        now,
        post_id=about.id if about else None,
        counterpart_id=deal.other(user_id),
        detail={"deal": deal.id},
    )
    await uow.trust_events.add(event)


async def open_after_contact(
    uow: UnitOfWork,
    now: datetime,
    about: Post,
    asker_id: int,
    match_id: int | None,
    ask_after: timedelta,
) -> Deal:
    """Inside the contact exchange's transaction: the deal between the two (not yet made)
    and one outcome question for each side, due `ask_after` from now."""
    owner_id = about.user_id
    seller, buyer = (owner_id, asker_id) if about.kind is PostKind.OFFER else (asker_id, owner_id)
    offer_id, need_id = await _posts_of(uow, about, match_id)
    deal = Deal(None, match_id, offer_id, need_id, seller, buyer, now)
    await uow.deals.add(deal)
    for user_id in (seller, buyer):
        reminder = Reminder(
            None,
            OUTCOME,
            user_id,
            now + ask_after,
            {"deal": deal.id, "ask": 1},
            about.id,
            match_id,
        )
        await uow.reminders.add(reminder)
    return deal


async def _posts_of(uow: UnitOfWork, about: Post, match_id: int | None) -> tuple[int | None, ...]:
    if match_id is not None:
        match = await uow.matches.get(match_id)
        if match is not None:
            return match.offer_id, match.need_id
    return (about.id, None) if about.kind is PostKind.OFFER else (None, about.id)
