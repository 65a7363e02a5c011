"""Reminders about one's own post: the warning before it ends, and advice when nobody
showed interest (issue 11). Policies of `bot.services.reminders.sending`."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from bot.domain.advice import (
    PricePosition,
    missing_fields,
    missing_words,
    price_position,
    written_like,
)
from bot.domain.matching.terms import extract_terms
from bot.domain.models import Action, Circle, Post, PostKind, Reminder, User
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import add_tokens
from bot.services.follow_ups import Ending, cancelled, expired
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import UnitOfWork
from bot.services.posting.visibility import may_see
from bot.services.reminders.reminder_context import ReminderContext
from bot.texts import plain
from bot.texts.advice import Related, need_advice, offer_advice
from bot.texts.reminders import expiry_warning_text

BUTTON_TTL = timedelta(days=14)
RELATED = 20  # posts of the other side looked at for advice
MAX_GROUPS = 3


async def expiry_warning(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    """Renew or close, with what the post achieved so far."""
    post = await uow.posts.get(reminder.post_id or -1)
    if post is None or not post.is_live(now):
        return expired("post already ended")
    assert post.id is not None
    alerts = len(await uow.matches.for_post(post.id))
    contacts = await uow.contact_requests.count_about(post.id)
    days = max(1, round(context.schedule.post_ttl / timedelta(days=1)))
    text = expiry_warning_text(user.language, post, alerts, contacts, user.timezone, days)
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
    if await _has_interest(uow, post):
        return cancelled("has interest")
    days = max(1, round((now - post.created_at) / timedelta(days=1)))
    lang = user.language
    if post.kind is PostKind.OFFER:
        position = _price_position(context.index, post, now)
        words = await _words_others_use(uow, context.index, post, now)
        text = offer_advice(
            lang, post, days, position, missing_fields(post.parsed, post.kind), words
        )
    else:
        related = await _related_offers(uow, context.index, post, now)
        text = need_advice(lang, post, days, related, missing_fields(post.parsed, post.kind))
    buttons = await _post_buttons(uow, now, user, post, [(Action.EDIT_POST, "btn.edit")])
    await outbox.add_to(uow, now, user.id, text, buttons=buttons, kind="post.no_interest")
    return None


async def _has_interest(uow: UnitOfWork, post: Post) -> bool:
    """Someone asked to contact the owner about it, or the owner asked about one of its
    matches."""
    assert post.id is not None
    if await uow.contact_requests.count_about(post.id):
        return True
    for match in await uow.matches.for_post(post.id):
        other = await uow.posts.get(match.need_id if post.id == match.offer_id else match.offer_id)
        if other is not None and await uow.contact_requests.find(
            post.user_id, other.user_id, other.id, match.id
        ):
            return True
    return False


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


def _price_position(index: MatchingIndex, post: Post, now: datetime) -> PricePosition | None:
    """Where the offer's price sits among comparable open offers, in its own currency and
    unit (the index compares in CNY per base unit; the ratio brings them back)."""
    assert post.id is not None
    written = post.parsed.price
    value = (written.low or written.high) if written else None
    prices = index.engine.peer_prices(post.id, now.timestamp())
    if prices is None or value is None or prices[0] <= 0:
        return None
    mine, peers = prices
    scale = float(value) / mine
    return price_position(float(value), [p * scale for p in peers])


async def _others(uow: UnitOfWork, index: MatchingIndex, post: Post, now: datetime) -> list[Post]:
    """Open posts of the other side about similar products, most similar first."""
    terms = extract_terms(post.parsed, post.raw_text)
    other = PostKind.NEED if post.kind is PostKind.OFFER else PostKind.OFFER
    found = index.engine.search(terms, other, now.timestamp(), limit=RELATED)
    posts = []
    circles: dict[int, Circle | None] = {}
    for result in found:
        if result.user_id == post.user_id:
            continue
        candidate = await uow.posts.get(result.post_id)
        if (
            candidate is not None
            and candidate.is_live(now)
            and await may_see(uow, candidate, post.user_id, circles)
        ):
            posts.append(candidate)
    return posts


async def _words_others_use(
    uow: UnitOfWork, index: MatchingIndex, post: Post, now: datetime
) -> list[str]:
    own = extract_terms(post.parsed, post.raw_text)
    needs = [extract_terms(n.parsed, n.raw_text) for n in await _others(uow, index, post, now)]
    words = missing_words(
        set(own.product) | set(own.specs), [set(t.product) | set(t.specs) for t in needs], top=6
    )
    return [w for w in words if written_like(w, post.parsed.language)][:3]


async def _related_offers(
    uow: UnitOfWork, index: MatchingIndex, post: Post, now: datetime
) -> list[Related]:
    """Open offers related to a need, by product: how many, their MOQs and prices."""
    groups: dict[str, list[Post]] = defaultdict(list)
    for offer in await _others(uow, index, post, now):
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
