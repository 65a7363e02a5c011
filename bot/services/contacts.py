"""Double opt-in: a Contact press asks the other side; only when both agreed does each get
the other's contact. "Not relevant" is remembered and lowers similar matches."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.models import ContactRequest, ContactStatus, Post, PostStatus, TrustEvent
from bot.services import alerts, outbox
from bot.services.errors import UserFacingError
from bot.services.matching import MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts import t

REQUEST_TTL = timedelta(days=14)


@dataclass(frozen=True, slots=True)
class Requested:
    text_key: str  # what to tell the person who pressed Contact


async def _sides(uow: UnitOfWork, match_id: int, user_id: int) -> tuple[Post, Post]:
    """(the presser's post, the counterpart's post) of a match."""
    match = await uow.matches.get(match_id)
    if match is None:
        raise UserFacingError("post.not_found")
    offer, need = await uow.posts.get(match.offer_id), await uow.posts.get(match.need_id)
    if offer is None or need is None:
        raise UserFacingError("post.not_found")
    if user_id == offer.user_id:
        return offer, need
    if user_id == need.user_id:
        return need, offer
    raise UserFacingError("button.not_yours")


async def request_contact(
    uow_factory: UowFactory,
    clock: Clock,
    user_id: int,
    *,
    match_id: int | None = None,
    post_id: int | None = None,
) -> Requested:
    """Ask the owner of the counterpart post (of a match, or a post found by /search)."""
    now = clock.now()
    async with uow_factory() as uow:
        if match_id is not None:
            mine, target = await _sides(uow, match_id, user_id)
        else:
            found = await uow.posts.get(post_id or -1)
            if found is None:
                raise UserFacingError("post.not_found")
            mine, target = None, found
        if target.user_id == user_id:
            raise UserFacingError("contact.own_post")
        if target.status is not PostStatus.OPEN:
            raise UserFacingError("contact.gone")
        earlier = await uow.contact_requests.find(user_id, target.user_id, target.id, match_id)
        if earlier is not None and earlier.status is ContactStatus.PENDING:
            return Requested("contact.already_sent")
        mutual = await uow.contact_requests.find(
            target.user_id, user_id, mine.id if mine else None, match_id
        )
        if mutual is not None and mutual.status is ContactStatus.PENDING:
            # Both pressed Contact: that is agreement from both sides.
            await _accept(uow, now, mutual)
            await uow.commit()
            return Requested("contact.accepted_you")
        request = ContactRequest(
            None,
            match_id,
            target.id,
            user_id,
            target.user_id,
            ContactStatus.PENDING,
            now,
            expires_at=now + REQUEST_TTL,
        )
        request.id = await uow.contact_requests.add(request)
        owner = await uow.users.get(target.user_id)
        if owner is not None and not owner.blocked_bot:
            requester = await uow.users.get(user_id)
            await alerts.queue_contact_request(
                uow, now, request.id, owner, target, mine, requester
            )
        await uow.commit()
        return Requested("contact.sent")


async def respond(
    uow_factory: UowFactory, clock: Clock, request_id: int, user_id: int, *, accept: bool
) -> str:
    """The asked side answers; returns the text key for them."""
    now = clock.now()
    async with uow_factory() as uow:
        request = await uow.contact_requests.get(request_id)
        if request is None or request.to_user_id != user_id:
            raise UserFacingError("button.not_yours")
        if request.status is not ContactStatus.PENDING:
            raise UserFacingError("button.expired")
        if accept:
            await _accept(uow, now, request)
        else:
            request.status, request.responded_at = ContactStatus.DECLINED, now
            await uow.contact_requests.update(request)
            about = await uow.posts.get(request.post_id or -1)
            asker = await uow.users.get(request.from_user_id)
            if asker is not None and about is not None and not asker.blocked_bot:
                text = t(
                    asker.language,
                    "contact.declined",
                    product=about.parsed.product or about.raw_text[:40],
                )
                await outbox.add_to(uow, now, asker.id, text, kind="contact.declined")
        await uow.commit()
        return "contact.accepted_you" if accept else "contact.declined_you"


async def _accept(uow: UnitOfWork, now: datetime, request: ContactRequest) -> None:
    request.status, request.responded_at = ContactStatus.ACCEPTED, now
    await uow.contact_requests.update(request)
    about = await uow.posts.get(request.post_id or -1)
    asker = await uow.users.get(request.from_user_id)
    owner = await uow.users.get(request.to_user_id)
    if about is None or asker is None or owner is None:
        return
    asker_post = await _asker_post(uow, request)
    written = {
        owner.id: about.parsed.contacts,
        asker.id: asker_post.parsed.contacts if asker_post else (),
    }
    for receiver, other in ((asker, owner), (owner, asker)):
        if not receiver.blocked_bot:
            card = alerts.contact_card(other, about, receiver.language, written[other.id])
            await outbox.add_to(uow, now, receiver.id, card, kind="contact.card")
        await uow.trust_events.add(
            TrustEvent(
                receiver.id,
                "contact.exchanged",
                now,
                post_id=about.id,
                counterpart_id=other.id,
            )
        )


async def _asker_post(uow: UnitOfWork, request: ContactRequest) -> Post | None:
    """The asker's own post in the match the request came from, if any."""
    if request.match_id is None:
        return None
    match = await uow.matches.get(request.match_id)
    if match is None:
        return None
    other_id = match.need_id if request.post_id == match.offer_id else match.offer_id
    return await uow.posts.get(other_id)


async def dismiss(
    uow_factory: UowFactory, index: MatchingIndex, match_id: int, user_id: int
) -> None:
    async with uow_factory() as uow:
        match = await uow.matches.get(match_id)
        if match is None:
            raise UserFacingError("post.not_found")
        mine, theirs = await _sides(uow, match_id, user_id)
        if mine.id == match.offer_id:
            match.offer_dismissed = True
        else:
            match.need_dismissed = True
        await uow.matches.update(match)
        await uow.commit()
    if theirs.id is not None:
        index.engine.dismiss_post(user_id, theirs.id)
