"""Contact requests, double opt-in: Contact asks the other side; only when both agreed does
each get the other's contact card."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.home import conversion_for
from bot.domain.models import (
    Action,
    ContactRequest,
    ContactStatus,
    Deal,
    Lang,
    Post,
    PostKind,
    TrustEvent,
    User,
)
from bot.domain.money import DEFAULT_RATES
from bot.services import follow_ups
from bot.services.contacts.contact_cards import card_again, card_of
from bot.services.contacts.in_touch import exchanged, waiting
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens, answer_buttons
from bot.services.errors import UserFacingError
from bot.services.matching.alerts import ALERT_BUTTON_TTL, recipient, trust_button
from bot.services.matching.comparable import too_good
from bot.services.matching.indexing import MatchingIndex
from bot.services.people.users import told_currency
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.posting.visibility import may_see
from bot.services.schedule import DEFAULT_SCHEDULE, Schedule
from bot.services.trust import deal_steps
from bot.services.trust.summaries import summary_of
from bot.texts import plain
from bot.texts.contacts import contact_declined, contact_request

REQUEST_TTL = timedelta(days=14)
DAY = timedelta(days=1)
# contact requests one member may make in a day: a buyer's busy day, not a spammer's
MAX_ASKED_A_DAY = 30
CARD_BUTTON_TTL = timedelta(days=90)  # a deal or a problem may come weeks after the exchange


async def match_sides(uow: UnitOfWork, match_id: int, user_id: int) -> tuple[Post, Post]:
    """(the user's own post, the counterpart's post) of a match the user is part of."""
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


async def ask_about_match(
    uow_factory: UowFactory,
    clock: Clock,
    user_id: int,
    match_id: int,
    schedule: Schedule = DEFAULT_SCHEDULE,
    index: MatchingIndex | None = None,
) -> str:
    """Contact under a match alert: ask the owner of the other post. Returns the text key
    for the person who pressed. `schedule`: when to follow up an unanswered request, and to
    ask both "did you make a deal?" once contacts are exchanged. `index`: the market, to
    warn a buyer of an offer too good to be true (`bot.services.matching.too_good`)."""
    async with uow_factory() as uow:
        mine, target = await match_sides(uow, match_id, user_id)
        now = clock.now()
        await follow_ups.after_match_answered(uow, now, match_id, user_id, "contact asked")
        key = await _ask(uow, now, user_id, target, mine, match_id, schedule, index)
        await uow.commit()
        return key


async def ask_about_post(
    uow_factory: UowFactory,
    clock: Clock,
    user_id: int,
    post_id: int,
    schedule: Schedule = DEFAULT_SCHEDULE,
    index: MatchingIndex | None = None,
) -> str:
    """Contact under a /search result or a post opened from a link: ask the post's owner."""
    async with uow_factory() as uow:
        target = await uow.posts.get(post_id)
        if target is None or not await may_see(uow, target, user_id):
            raise UserFacingError("post.not_found")
        if target.user_id == user_id:
            raise UserFacingError("contact.own_post")
        key = await _ask(uow, clock.now(), user_id, target, None, None, schedule, index)
        await uow.commit()
        return key


async def _ask(
    uow: UnitOfWork,
    now: datetime,
    user_id: int,
    target: Post,
    mine: Post | None,
    match_id: int | None,
    schedule: Schedule,
    index: MatchingIndex | None,
) -> str:
    if not target.allows(Action.CONTACT_POST_OWNER, user_id):
        raise UserFacingError("contact.gone")
    assert target.id is not None
    earlier = await uow.contact_requests.find(user_id, target.user_id, target.id, match_id)
    if earlier is not None and waiting(earlier, now):
        return "contact.already_sent"
    mine_id = mine.id if mine else None
    mutual = await uow.contact_requests.find(target.user_id, user_id, mine_id, match_id)
    if (
        mutual is not None
        and waiting(mutual, now)
        and await recipient(uow, target.user_id) is not None
    ):
        await _accept(uow, now, mutual, schedule, index)  # both pressed Contact: both agree
        return "contact.accepted_you"
    if await exchanged(uow, user_id, target.user_id):  # no second request: the card again
        await card_again(
            uow, now, user_id, target, too_good=await too_good(uow, index, target, now)
        )
        return "contact.already_in_touch"
    if await uow.contact_requests.count_asked_by(user_id, now - DAY) >= MAX_ASKED_A_DAY:
        raise UserFacingError("contact.too_many_today", limit=MAX_ASKED_A_DAY)
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
    await follow_ups.after_request(uow, now, schedule, request)
    owner = await recipient(uow, target.user_id)
    if owner is not None:
        lang = owner.language
        buttons = await request_buttons(uow, now, owner, request)
        asker = await summary_of(uow, user_id, now)
        warn = mine is not None and await too_good(uow, index, mine, now)
        conversion = conversion_for(owner, index.policy.rates if index else DEFAULT_RATES)
        text = contact_request(lang, target, mine, asker, conversion=conversion, too_good=warn)
        await told_currency(uow, owner.id, conversion)
        photo = mine.photo if mine is not None else None  # the asker's goods, as posted
        await outbox.add_to(
            uow, now, owner.id, text, buttons=buttons, kind="contact.request", photo=photo
        )
    return "contact.sent_too_good" if await too_good(uow, index, target, now) else "contact.sent"


async def request_buttons(
    uow: UnitOfWork, now: datetime, owner: User, request: ContactRequest
) -> list[list[tuple[str, str]]]:
    """Under a contact request, for its owner: Accept / Decline, and the asker's record."""
    buttons = await answer_buttons(
        uow,
        now + ALERT_BUTTON_TTL,
        owner.id,
        owner.language,
        [[(Action.ACCEPT_CONTACT, "btn.accept"), (Action.DECLINE_CONTACT, "btn.decline")]],
        {"request": request.id},
    )
    asker = request.from_user_id
    buttons.append(
        await trust_button(uow, now + ALERT_BUTTON_TTL, owner.id, owner.language, asker)
    )
    return buttons


async def accept(
    uow_factory: UowFactory,
    clock: Clock,
    request_id: int,
    user_id: int,
    schedule: Schedule = DEFAULT_SCHEDULE,
    index: MatchingIndex | None = None,
) -> str:
    """The asked side agrees: both get the other's contact card (the buyer's warns of an
    offer too good to be true)."""
    async with uow_factory() as uow:
        now = clock.now()
        request = await _pending_to(uow, request_id, user_id, now)
        if await recipient(uow, request.from_user_id) is None:
            raise UserFacingError("button.expired")  # the asker stopped the bot since
        await _accept(uow, now, request, schedule, index)
        await uow.commit()
        return "contact.accepted_you"


async def decline(uow_factory: UowFactory, clock: Clock, request_id: int, user_id: int) -> str:
    """The asked side says no: the asker is told, and sees nothing more of them (what an
    earlier exchange of theirs gave the asker, the asker keeps: the answer says so)."""
    now = clock.now()
    async with uow_factory() as uow:
        request = await _pending_to(uow, request_id, user_id, now)
        known = await exchanged(uow, user_id, request.from_user_id)
        request.status, request.responded_at = ContactStatus.DECLINED, now
        await uow.contact_requests.update(request)
        await follow_ups.after_request_answered(uow, now, request, "declined")
        about = await uow.posts.get(request.post_id or -1)
        asker = await recipient(uow, request.from_user_id)
        if asker is not None and about is not None:
            text = contact_declined(asker.language, about)
            await outbox.add_to(uow, now, asker.id, text, kind="contact.declined")
        await uow.commit()
        return "contact.declined_known" if known else "contact.declined_you"


async def _pending_to(
    uow: UnitOfWork, request_id: int, user_id: int, now: datetime
) -> ContactRequest:
    request = await uow.contact_requests.get(request_id)
    if request is None or request.to_user_id != user_id:
        raise UserFacingError("button.not_yours")
    if not waiting(request, now):
        raise UserFacingError("button.expired")
    return request


async def _accept(
    uow: UnitOfWork,
    now: datetime,
    request: ContactRequest,
    schedule: Schedule,
    index: MatchingIndex | None = None,
) -> None:
    request.status, request.responded_at = ContactStatus.ACCEPTED, now
    await uow.contact_requests.update(request)
    await follow_ups.after_request_answered(uow, now, request, "accepted")
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
    ask_after = schedule.outcome_ask_after
    deal = await deal_steps.open_after_contact(
        uow, now, about, asker.id, request.match_id, ask_after
    )
    offer = about if about.kind is PostKind.OFFER else asker_post
    warn = offer is not None and await too_good(uow, index, offer, now)
    for receiver, other in ((asker, owner), (owner, asker)):
        if not receiver.blocked_bot:
            lang, mentioned = receiver.language, written[other.id]
            buyer = offer is not None and receiver.id != offer.user_id
            card = await card_of(uow, now, other, about, lang, mentioned, too_good=warn and buyer)
            buttons = await _card_buttons(uow, now, receiver.id, receiver.language, other.id, deal)
            await outbox.add_to(uow, now, receiver.id, card, buttons=buttons, kind="contact.card")
        await uow.trust_events.add(
            TrustEvent(
                receiver.id, "contact.exchanged", now, post_id=about.id, counterpart_id=other.id
            )
        )


async def _card_buttons(
    uow: UnitOfWork, now: datetime, receiver_id: int, lang: Lang, other_id: int, deal: Deal
) -> list[list[tuple[str, str]]]:
    """Under a contact card: Deal done (a claim, whenever it happens) and Report a problem."""
    done, report = await add_tokens(
        uow,
        now + CARD_BUTTON_TTL,
        receiver_id,
        [
            (Action.DEAL_DONE, {"deal": deal.id, "card": True}),
            (Action.REPORT_PROBLEM, {"about": other_id}),
        ],
    )
    return [[(plain(lang, "btn.deal_done"), done), (plain(lang, "btn.report_problem"), report)]]


async def _asker_post(uow: UnitOfWork, request: ContactRequest) -> Post | None:
    """The asker's own post in the match the request came from, if any."""
    if request.match_id is None:
        return None
    match = await uow.matches.get(request.match_id)
    if match is None:
        return None
    other_id = match.need_id if request.post_id == match.offer_id else match.offer_id
    return await uow.posts.get(other_id)
