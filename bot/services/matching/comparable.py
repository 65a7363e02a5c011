"""Comparable offers (issue 36), one definition for the advice's price position and the
too-good-to-be-true warning: the other members' open offers of the same product (its first
concept, else its first product word, `MatchingEngine.comparable`) priced in the
same unit, that may meet the same buyers (`bot.domain.circles.in_scope`: within one
circle, or both in the open market), each seller once, by their newest. The owner's own
offers never count, and nobody's many listings outweigh the market: one account could
otherwise move the median an offer is measured against.

Too good to be true (issue 33): an open offer priced 40% or more under the median of at
least 3 comparable offers (`bot.domain.trust.checks.too_good_to_be_true`), judged from the
matching index, so on the offer as it stands now: an edited price is indexed again, and the
warning follows it. Every place that shows an offer to someone who may buy it asks here:
alerts, /search, a post opened from a digest's link, the weekly digest, follow-ups, contact
requests and contact cards. The offer's owner is never told."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime

from bot.domain import advice
from bot.domain.advice import PricePosition, Standing
from bot.domain.circles import in_scope
from bot.domain.matching.types import Comparable, Peer
from bot.domain.models import Circle, Post, PostKind
from bot.domain.trust.checks import too_good_to_be_true
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.posting.visibility import circle_of


async def comparable(
    uow: UnitOfWork,
    index: MatchingIndex,
    post: Post,
    now: datetime,
    among: PostKind = PostKind.OFFER,
) -> Comparable | None:
    """The post's unit price and its comparable posts of kind `among` (offers by default;
    needs: their budgets), in CNY per base unit; None for a post the index does not hold
    (closed, expired) or that names no price."""
    if post.id is None:
        return None
    found = index.engine.comparable(post.id, among, now.timestamp())
    if found is None:
        return None
    known: dict[int, Circle | None] = {}
    mine = await circle_of(uow, post.circle_id, known)
    newest: dict[int, Peer] = {}  # each member once, by their newest post (oldest first)
    for peer in found.peers:
        if peer.owner == post.user_id:
            continue
        theirs = index.circles.get(peer.post_id)
        if theirs == post.circle_id or in_scope(
            post.circle_id, mine, theirs, await circle_of(uow, theirs, known)
        ):
            newest[peer.owner] = peer
    return replace(found, peers=tuple(newest.values()))


async def standing_of(
    uow: UnitOfWork, index: MatchingIndex | None, offer: Post, now: datetime
) -> Standing:
    """What its comparable offers say of the offer's price: too good to be true
    (`bot.domain.trust.checks.too_good_to_be_true`), and where it stands, in its own
    currency and unit (compared in CNY per base unit, the ratio brings them back). Nothing
    for a need, an offer the index does not hold (closed, expired) or that names no price,
    and without an index."""
    found = None
    if index is not None and offer.kind is PostKind.OFFER:
        found = await comparable(uow, index, offer, now)
    written = offer.parsed.price
    value = (written.low or written.high) if written else None
    if found is None or value is None or found.price <= 0:
        return Standing()
    prices = [peer.price for peer in found.peers]
    scale = float(value) / found.price
    return Standing(
        too_good_to_be_true(found.price, prices),
        advice.price_position(float(value), [price * scale for price in prices]),
    )


async def own_price_position(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, post_id: int, owner_id: int
) -> PricePosition | None:
    """Where the owner's offer's price stands now (told at Publish); None for another's
    post, a need, or too few comparable offers."""
    async with uow_factory() as uow:
        post = await uow.posts.get(post_id)
        if post is None or post.user_id != owner_id:
            return None
        return (await standing_of(uow, index, post, clock.now())).position


async def too_good(
    uow: UnitOfWork, index: MatchingIndex | None, offer: Post, now: datetime
) -> bool:
    """Is this offer priced 40% or more under comparable open offers (`standing_of`)?"""
    return (await standing_of(uow, index, offer, now)).too_good


async def warned_of(
    uow: UnitOfWork, index: MatchingIndex, posts: Iterable[Post], now: datetime, viewer_id: int
) -> frozenset[int]:
    """The ids of the offers among `posts` that `viewer_id` is warned of: too good to be
    true, and not their own."""
    return frozenset(
        [
            post.id
            for post in posts
            if post.id is not None
            and post.user_id != viewer_id
            and await too_good(uow, index, post, now)
        ]
    )
