"""The weekly digest (issue 11), opt-in in /settings: new posts for the reader's open posts
and profile keywords, contact requests waiting for their answer, deals to rate. The new
posts come best fit first and, at equal fit, the more trusted owner first (issue 33); an
offer too good to be true carries the short warning. For up to 3 of the reader's needs, a
trusted supplier: the best-fitting open offer whose owner has a strong record (issue 33)."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.home import conversion_for
from bot.domain.matching.terms import extract_terms, query_terms
from bot.domain.matching.types import PostTerms
from bot.domain.models import Circle, DealOutcome, Post, PostKind, PostStatus, Reminder, User
from bot.domain.trust.precedence import STRONG_RECORD
from bot.services.delivery import outbox
from bot.services.follow_ups import Ending, cancelled, expired, schedule_next_digest
from bot.services.matching.comparable import too_good, warned_of
from bot.services.matching.fit_and_trust import posts_that_fit
from bot.services.people.users import told_currency
from bot.services.ports import UnitOfWork
from bot.services.posting.visibility import may_see
from bot.services.reminders.reminder_context import ReminderContext
from bot.services.trust.summaries import counted_deals_of, summary_of
from bot.texts.reminders import Supplier, digest_text

WEEK = timedelta(days=7)
MAX_NEW = 5
MAX_NEEDS = 3  # the reader's needs a digest looks for a trusted supplier for
CANDIDATES = 20  # offers looked at for each need, best score first
LATE = WEEK  # a digest late by a week is replaced by the next one


async def weekly_digest(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    if not user.digest:
        return cancelled("turned off in /settings")
    await schedule_next_digest(uow, now, user)
    if now - reminder.due_at > LATE:
        return expired("missed its week")
    open_posts = await uow.posts.list_by_user(user.id, [PostStatus.OPEN], offset=0, limit=20)
    fresh = await _new_posts(uow, context, user, open_posts, now)
    unanswered = await _unanswered_matches(uow, user, open_posts, now)
    waiting = await uow.contact_requests.count_pending_to(user.id, now)
    to_rate = await _deals_to_rate(uow, user)
    warned = await warned_of(uow, context.index, fresh, now, user.id)
    suppliers = await _trusted_suppliers(uow, context, user, open_posts, now)
    conversion = conversion_for(user, context.index.policy.rates)
    text = digest_text(
        user.language,
        fresh,
        unanswered,
        waiting,
        to_rate,
        warned,
        suppliers,
        bot_username=context.bot_username,
        conversion=conversion,
    )
    await told_currency(uow, user.id, conversion)
    await outbox.add_to(uow, now, user.id, text, kind="digest.weekly")
    return None


async def _deals_to_rate(uow: UnitOfWork, user: User) -> int:
    """Confirmed deals the reader has not rated, with a partner still here: one who left
    (/forget) took the ratings of their deals, the reader's too, and is not asked about
    again."""
    count = 0
    for deal in await uow.deals.of_user(user.id):
        if deal.outcome is not DealOutcome.CONFIRMED or deal.id is None:
            continue
        partner = await uow.users.get(deal.other(user.id))
        if partner is None or partner.deleted_at is not None:
            continue
        rated = await uow.ratings.for_deal(deal.id)
        count += all(r.rater_id != user.id for r in rated)
    return count


async def _unanswered_matches(
    uow: UnitOfWork, user: User, open_posts: list[Post], now: datetime
) -> int:
    """Matches of the last week the reader neither asked about nor dismissed."""
    count = 0
    for post in open_posts:
        assert post.id is not None
        for match in await uow.matches.for_post(post.id):
            mine_is_offer = post.id == match.offer_id
            dismissed = match.offer_dismissed if mine_is_offer else match.need_dismissed
            if match.created_at < now - WEEK or dismissed:
                continue
            other = await uow.posts.get(match.need_id if mine_is_offer else match.offer_id)
            if other is None:
                continue
            asked = await uow.contact_requests.find(user.id, other.user_id, other.id, match.id)
            count += asked is None
    return count


async def _new_posts(
    uow: UnitOfWork, context: ReminderContext, user: User, open_posts: list[Post], now: datetime
) -> list[Post]:
    """Posts of the last week that fit the reader's open posts or profile keywords: best
    fit first (a post's best over the reader's posts and keywords, `MatchResult.fit` to two
    decimals), then the owner's ranking trust, then the newest."""
    queries: list[tuple[PostTerms, PostKind | None]] = []
    for post in open_posts:
        other = PostKind.NEED if post.kind is PostKind.OFFER else PostKind.OFFER
        queries.append((extract_terms(post.parsed, post.raw_text), other))
    profile = await uow.profiles.get(user.id)
    if profile is not None and profile.keywords:
        queries.append((query_terms(" ".join(profile.keywords)), None))
    engine = context.index.engine
    return await posts_that_fit(uow, engine, user.id, queries, now, MAX_NEW, since=now - WEEK)


async def _trusted_suppliers(
    uow: UnitOfWork, context: ReminderContext, user: User, open_posts: list[Post], now: datetime
) -> list[Supplier]:
    """For each of the reader's newest open needs (up to `MAX_NEEDS`), the offer that scores
    best for it among those of another member with a strong record (`STRONG_RECORD` or
    more confirmed deals with independent partners) that the reader may see and that is not
    too good to be true. One line per seller: one named for a need is passed over for the
    next."""
    needs = [post for post in open_posts if post.kind is PostKind.NEED][:MAX_NEEDS]
    strong: dict[int, bool] = {}  # by seller: read each record once
    named: set[int] = set()  # sellers recommended already
    circles: dict[int, Circle | None] = {}
    suppliers: list[Supplier] = []
    for need in needs:
        terms = extract_terms(need.parsed, need.raw_text)
        for result in context.index.engine.search(
            terms, PostKind.OFFER, now.timestamp(), limit=CANDIDATES
        ):
            seller = result.user_id
            if seller == user.id or seller in named:
                continue
            if seller not in strong:
                strong[seller] = await counted_deals_of(uow, seller, now) >= STRONG_RECORD
            if not strong[seller]:
                continue
            offer = await uow.posts.get(result.post_id)
            if (
                offer is None
                or offer.status is not PostStatus.OPEN
                or await too_good(uow, context.index, offer, now)
                or not await may_see(uow, offer, user.id, circles)
            ):
                continue
            summary = await summary_of(uow, seller, now)
            if summary is None:
                continue
            named.add(seller)
            suppliers.append(Supplier(need, offer, summary.confirmed_deals, summary.partners))
            break
    return suppliers
