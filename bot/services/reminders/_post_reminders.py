"""Reminders about one's own post: the warning before it ends, and advice when nobody
showed interest (issue 11). Policies of `bot.services.reminders.sending`."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from bot.domain.advice import (
    missing_fields,
    missing_words,
    written_like,
)
from bot.domain.home import conversion_for
from bot.domain.matching.accessories import item_type
from bot.domain.matching.terms import extract_terms
from bot.domain.matching.types import PostTerms
from bot.domain.models import Action, Circle, Match, Post, PostKind, Reminder, User
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens
from bot.services.follow_ups import Ending, cancelled, expired
from bot.services.matching.comparable import standing_of
from bot.services.matching.indexing import MatchingIndex
from bot.services.people.users import told_currency
from bot.services.ports import UnitOfWork
from bot.services.posting.visibility import may_see
from bot.services.reminders.reminder_context import ReminderContext
from bot.texts import plain
from bot.texts.advice import Related, need_advice, offer_advice
from bot.texts.reminders import expiry_warning_text

BUTTON_TTL = timedelta(days=14)
SEARCHED = 50  # posts of the other side the search brings, before those of other products
RELATED = 20  # posts of the other side, of the same product, looked at for advice
MAX_GROUPS = 3


async def expiry_warning(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    """Renew or close, with what the post achieved so far."""
    post = await uow.posts.get(reminder.post_id or -1)
    if post is None or not post.is_live(now):
        return expired("post already ended")
    alerts = len(_alerted_to_owner(post, await _matches(uow, post)))
    received, sent = await _requests(uow, post)
    days = max(1, round(context.schedule.post_ttl / timedelta(days=1)))
    text = expiry_warning_text(
        user.language, post, alerts, received, user.timezone, days, sent=sent
    )
    buttons = await _post_buttons(
        uow,
        now,
        user,
        post,
        [(Action.RENEW_POST, "btn.renew"), (Action.WITHDRAW_POST, "btn.withdraw")],
    )
    await outbox.add_to(uow, now, user.id, text, buttons=buttons, kind="post.expiry_warning")
    return None


async def no_interest(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    """Advice from the market for a post nobody asked to contact about."""
    post = await uow.posts.get(reminder.post_id or -1)
    if post is None or not post.is_live(now):
        return cancelled("post closed")
    assert post.id is not None
    if await has_interest(uow, post):
        return cancelled("has interest")
    days = max(1, round((now - post.created_at) / timedelta(days=1)))
    lang, missing = user.language, missing_fields(post.parsed, post.kind)
    conversion = conversion_for(user, context.index.policy.rates)
    if post.kind is PostKind.OFFER:
        position = (await standing_of(uow, context.index, post, now)).position
        words = await _words_others_use(uow, context.index, post, now)
        text = offer_advice(lang, post, days, position, missing, words, conversion=conversion)
    else:
        alerted = await _alerted(uow, post)
        related = await _related_offers(uow, context.index, post, now, alerted)
        sellers = len({offer.user_id if offer else f"offer {m.offer_id}" for m, offer in alerted})
        text = need_advice(
            lang, post, days, related, missing, conversion=conversion, alerted=sellers
        )
    await told_currency(uow, user.id, conversion)
    buttons = await _post_buttons(uow, now, user, post, [(Action.EDIT_POST, "btn.edit")])
    await outbox.add_to(uow, now, user.id, text, buttons=buttons, kind="post.no_interest")
    return None


async def has_interest(uow: UnitOfWork, post: Post) -> bool:
    """Someone asked to contact the owner about it, or the owner asked about one of its
    matches."""
    return sum(await _requests(uow, post)) > 0


async def _matches(uow: UnitOfWork, post: Post) -> list[Match]:
    assert post.id is not None
    return await uow.matches.for_post(post.id)


def _alerted_to_owner(post: Post, matches: list[Match]) -> list[Match]:
    return [m for m in matches if (m.offer_alerted if m.offer_id == post.id else m.need_alerted)]


async def _requests(uow: UnitOfWork, post: Post) -> tuple[int, int]:
    """(received, sent): the contact requests others made about the post, and those its
    owner made about the posts it was matched with (under their alerts)."""
    assert post.id is not None
    received = await uow.contact_requests.count_about(post.id)
    sent: set[int | None] = set()
    for match in await _matches(uow, post):
        other = await uow.posts.get(match.need_id if post.id == match.offer_id else match.offer_id)
        if other is None:
            continue
        sent.update(
            request.id
            for request in await uow.contact_requests.between(post.user_id, other.user_id)
            if request.from_user_id == post.user_id and request.match_id == match.id
        )
    return received, len(sent)


async def _alerted(uow: UnitOfWork, need: Post) -> list[tuple[Match, Post | None]]:
    """The matches the need's owner was alerted to, each with its offer (None when gone):
    how many sellers (one per seller, however many of their offers) and which offers."""
    return [
        (match, await uow.posts.get(match.offer_id))
        for match in _alerted_to_owner(need, await _matches(uow, need))
    ]


async def _alerted_offers(
    uow: UnitOfWork, need: Post, now: datetime, alerted: list[tuple[Match, Post | None]]
) -> list[Post]:
    """The open offers the need's owner was alerted to and did not dismiss."""
    offers = []
    circles: dict[int, Circle | None] = {}
    for match, offer in alerted:
        if (
            not match.need_dismissed
            and offer is not None
            and offer.is_live(now)
            and await may_see(uow, offer, need.user_id, circles)
        ):
            offers.append(offer)
    return offers


async def _post_buttons(
    uow: UnitOfWork, now: datetime, user: User, post: Post, choices: list[tuple[Action, str]]
) -> list[list[tuple[str, str]]]:
    payloads = [(action, {"post": post.id}) for action, _key in choices]
    tokens = await add_tokens(uow, now + BUTTON_TTL, user.id, payloads)
    return [
        [
            (plain(user.language, key), token)
            for (_a, key), token in zip(choices, tokens, strict=True)
        ]
    ]


async def _others(uow: UnitOfWork, index: MatchingIndex, post: Post, now: datetime) -> list[Post]:
    """Open posts of the other side about the same product, most similar first."""
    other = PostKind.NEED if post.kind is PostKind.OFFER else PostKind.OFFER
    return await _same_product(uow, index, post, now, other, RELATED)


async def _same_product(
    uow: UnitOfWork, index: MatchingIndex, post: Post, now: datetime, kind: PostKind, keep: int
) -> list[Post]:
    """Up to `keep` of others' open posts of `kind` about the same product that the post's
    owner may see, most similar first: those the search brings for sharing a material or a
    size only ("stainless steel", "500ml") are about other goods."""
    terms = extract_terms(post.parsed, post.raw_text)
    found = index.engine.search(terms, kind, now.timestamp(), limit=max(SEARCHED, keep))
    posts: list[Post] = []
    circles: dict[int, Circle | None] = {}
    for result in found:
        if result.user_id == post.user_id:
            continue
        candidate = await uow.posts.get(result.post_id)
        if (
            candidate is not None
            and candidate.is_live(now)
            and _same_goods(post, candidate)
            and await may_see(uow, candidate, post.user_id, circles)
        ):
            posts.append(candidate)
        if len(posts) == keep:
            break
    return posts


def _same_goods(mine: Post, theirs: Post) -> bool:
    """Are they about one product: a glossary concept in common when both have one, else
    the first product word of one among the other's, and not two item types (a lid is not
    the flask it fits)? A material or a size in common is not enough."""
    ours, their = _product_terms(mine), _product_terms(theirs)
    mine_type, their_type = _item_type(mine), _item_type(theirs)
    if mine_type and their_type and mine_type != their_type:
        return False
    if ours.concepts and their.concepts:
        return not set(ours.concepts).isdisjoint(their.concepts)
    return any(a.product and a.product[0] in b.product for a, b in ((ours, their), (their, ours)))


def _product_terms(post: Post) -> PostTerms:
    """The words of a post's product and specs as the parser read them (never the rest of
    its text: names and contacts stay out), with the concepts of its whole text."""
    fields = extract_terms(post.parsed, "")
    whole = extract_terms(post.parsed, post.raw_text)
    return PostTerms(fields.product, fields.specs, whole.concepts, whole.categories)


def _item_type(post: Post) -> str | None:
    return item_type(post.parsed.product) if post.parsed.product else None


async def _words_others_use(
    uow: UnitOfWork, index: MatchingIndex, post: Post, now: datetime
) -> list[str]:
    """Words buyers of the same product wrote in its name or specs and the offer lacks;
    each counted once a buyer, so one buyer's own words (a name written twice) are none."""
    own = extract_terms(post.parsed, post.raw_text)
    by_buyer: dict[int, set[str]] = defaultdict(set)
    for need in await _others(uow, index, post, now):
        terms = _product_terms(need)
        by_buyer[need.user_id].update(terms.product + terms.specs)
    words = missing_words(set(own.product) | set(own.specs), by_buyer.values(), top=6)
    return [w for w in words if written_like(w, post.parsed.language)][:3]


async def _related_offers(
    uow: UnitOfWork,
    index: MatchingIndex,
    post: Post,
    now: datetime,
    alerted: list[tuple[Match, Post | None]],
) -> list[Related]:
    """Open offers related to a need, by product: how many, their MOQs and prices; those
    it was alerted to first."""
    offers = await _alerted_offers(uow, post, now, alerted)
    seen = {offer.id for offer in offers}
    offers += [o for o in await _others(uow, index, post, now) if o.id not in seen]
    groups: dict[str, list[Post]] = defaultdict(list)
    for offer in offers:
        groups[(offer.parsed.product or "").strip() or "?"].append(offer)
    related = []
    for offers in list(groups.values())[:MAX_GROUPS]:
        moqs = [o.parsed.moq for o in offers if o.parsed.moq is not None]
        priced = [
            (value, p.currency)
            for o in offers
            if (p := o.parsed.price) is not None and (value := p.low or p.high) is not None
        ]
        currency = priced[0][1] if priced else None
        same = [value for value, c in priced if c == currency]
        related.append(
            Related(
                offers[0],
                len(offers),
                min(moqs, key=lambda q: q.amount) if moqs else None,
                (min(same), max(same), currency) if same else None,
            )
        )
    return related
