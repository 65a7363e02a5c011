"""A post's market for its owner (issue 36; the 📊 Market picture): its price beside its
comparable offers' prices and comparable needs' budgets (`comparable`, the one definition),
in its own currency and unit."""

from __future__ import annotations

from datetime import datetime

from bot.domain.advice import MarketPrices
from bot.domain.models import Action, Post, PostKind
from bot.services.matching.comparable import comparable
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.posting.posts import post_for_action


async def market_of(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, post_id: int, owner_id: int
) -> tuple[Post, MarketPrices | None]:
    """The owner's open post and its market (`market_prices`; None when it names no
    price), as the post rules allow (`Action.SHOW_MARKET`): another's post, a guessed id,
    a closed or expired post is refused as any post button is."""
    async with uow_factory() as uow:
        post = await post_for_action(uow, post_id, owner_id, Action.SHOW_MARKET)
        return post, await market_prices(uow, index, post, clock.now())


async def market_prices(
    uow: UnitOfWork, index: MatchingIndex, post: Post, now: datetime
) -> MarketPrices | None:
    """The post's price and its market (`comparable` offers' prices and needs' budgets),
    in its own currency and unit as written; None when it names no price or the index
    does not hold it."""
    value = _written(post)
    offers = await comparable(uow, index, post, now, PostKind.OFFER) if value else None
    needs = await comparable(uow, index, post, now, PostKind.NEED) if value else None
    found = offers or needs
    if value is None or found is None or found.price <= 0:
        return None
    scale = value / found.price
    return MarketPrices(
        post.kind,
        value,
        tuple(peer.price * scale for peer in offers.peers) if offers else (),
        tuple(peer.price * scale for peer in needs.peers) if needs else (),
    )


def _written(post: Post) -> float | None:
    """The unit price the post names, as the market reads it (`query.unit_prices`)."""
    written = post.parsed.price
    if written is None:
        return None
    first, second = (
        (written.low, written.high) if post.kind is PostKind.OFFER else (written.high, written.low)
    )
    value = first if first is not None else second
    return float(value) if value is not None else None
