"""Two people already in touch (issue 35): they exchanged contacts before, about anything and
whoever asked, or a request between them still waits. Then nobody is nudged that "the other
side is waiting", Contact asks nothing again but shows the card its presser already has,
and a decline does not claim the other side never saw the decliner's details."""

from __future__ import annotations

from datetime import datetime

from bot.domain.models import ContactRequest, ContactStatus, Deal, Post
from bot.services.delivery import outbox
from bot.services.ports import UnitOfWork
from bot.texts.contacts import contact_card


def waiting(request: ContactRequest, now: datetime) -> bool:
    """Pending and not past its expiry: the asker's consent still holds."""
    return request.status is ContactStatus.PENDING and (
        request.expires_at is None or now < request.expires_at
    )


async def exchanged(uow: UnitOfWork, user_a: int, user_b: int) -> bool:
    """Did these two exchange contacts, and has neither declined the other since? Every
    exchange accepts a request and opens a deal; the deal stays when the request goes with
    a post's data (retention). A decline at or after their latest exchange ends it (at the
    same moment, the decline wins): a Contact then asks again, and nothing of the decliner
    is shown again without their yes."""
    requests = await uow.contact_requests.between(user_a, user_b)
    accepted = [_answered_at(r) for r in requests if r.status is ContactStatus.ACCEPTED]
    declined = [_answered_at(r) for r in requests if r.status is ContactStatus.DECLINED]
    if declined and (not accepted or max(declined) >= max(accepted)):
        return False
    return bool(accepted) or bool(await uow.deals.between(user_a, user_b))


def _answered_at(request: ContactRequest) -> datetime:
    return request.responded_at or request.created_at


async def in_touch(uow: UnitOfWork, now: datetime, user_a: int, user_b: int) -> bool:
    """Exchanged contacts before, or a request between them (either way) still waits."""
    requests = await uow.contact_requests.between(user_a, user_b)
    if any(waiting(r, now) for r in requests):
        return True
    return await exchanged(uow, user_a, user_b)


async def card_again(
    uow: UnitOfWork, now: datetime, receiver_id: int, about: Post, *, too_good: bool = False
) -> None:
    """The card of `about`'s owner once more, to someone they exchanged contacts with: their
    details as they stand, with the contacts they wrote in their post of the newest exchange
    (what the receiver was given then), never those of `about`, which nobody agreed to share.
    No request, no deal, and nothing to the owner: it is what the receiver already has."""
    receiver = await uow.users.get(receiver_id)
    owner = await uow.users.get(about.user_id)
    if receiver is None or owner is None:
        return
    deals = await uow.deals.between(receiver_id, owner.id)
    written = await _written_in(uow, deals, owner.id)
    card = contact_card(owner, about, receiver.language, written, too_good=too_good)
    await outbox.add_to(uow, now, receiver.id, card, kind="contact.card")


async def _written_in(uow: UnitOfWork, deals: list[Deal], owner_id: int) -> tuple[str, ...]:
    """The contacts the owner wrote in their post of the newest exchange that still has one."""
    for deal in reversed(deals):
        for post_id in (deal.offer_id, deal.need_id):
            post = await uow.posts.get(post_id) if post_id is not None else None
            if post is not None and post.user_id == owner_id:
                return post.parsed.contacts
    return ()
