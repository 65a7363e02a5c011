"""Comparable offers (issue 36): one definition for the advice's price position and the
too-good warning. Others' open offers of the same product in the same unit that may meet the
same buyers as matching has it (`bot.domain.circles.in_scope`), each seller once; never the
owner's own (a seller could move their own median), never a closed circle's for a market
offer (its prices stay in the circle), and for a closed circle's offer its circle's alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.domain.models import Circle, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post
from bot.services.matching.comparable import (
    comparable,
    own_price_position,
    too_good,
)
from bot.services.matching.indexing import MatchingIndex
from bot.services.matching.market import market_prices
from bot.services.ports import UowFactory
from tests.fakes import FixedClock
from tests.unit.services.world import add_user, new_index, opened

NOW = datetime(2026, 12, 1, tzinfo=UTC)
CLOSED, OPEN_TO_MARKET = -100, -200
SELLER, SCAMMER = 1, 66


def _offer(
    index: MatchingIndex,
    post_id: int,
    owner: int,
    text: str,
    circle: int | None = None,
    kind: PostKind = PostKind.OFFER,
) -> Post:
    parsed = parse_post(text)
    post = Post(
        post_id, owner, kind, text, parsed, PostStatus.OPEN, parsed.language,
        NOW, NOW + timedelta(days=30), circle_id=circle,
    )  # fmt: skip
    index.add(post)
    return post


def _cups(price: float) -> str:
    return f"出售 不锈钢保温杯 起订100个 {price}元/个"


async def _prices(uow_factory: UowFactory, index: MatchingIndex, offer: Post) -> list[float]:
    async with uow_factory() as uow:
        found = await comparable(uow, index, offer, NOW)
    assert found is not None
    return sorted(peer.price for peer in found.peers)


async def _circles(uow_factory: UowFactory) -> None:
    async with uow_factory() as uow:
        await uow.circles.save(Circle(CLOSED, "Closed"))
        await uow.circles.save(Circle(OPEN_TO_MARKET, "Open", open_to_market=True))
        await uow.commit()


async def test_others_offers_of_the_product_and_unit_that_meet_the_same_buyers(
    uow_factory: UowFactory,
) -> None:
    await _circles(uow_factory)
    index = new_index()
    mine = _offer(index, 1, SELLER, _cups(12))
    _offer(index, 2, SELLER, _cups(30))  # the owner's own
    _offer(index, 3, 2, _cups(11))
    _offer(index, 4, 3, _cups(13), circle=OPEN_TO_MARKET)
    _offer(index, 5, 4, _cups(9), circle=CLOSED)  # a closed circle's price stays there
    _offer(index, 6, 5, "出售 不锈钢保温杯 起订100箱 200元/箱")  # another unit
    _offer(index, 7, 6, "出售 LED灯泡 9W 起订500个 3元/个")  # another product
    assert await _prices(uow_factory, index, mine) == [11.0, 13.0]
    inside = _offer(index, 8, 7, _cups(10), circle=CLOSED)
    assert await _prices(uow_factory, index, inside) == [9.0]  # as it matches: in its circle


async def test_a_seller_cannot_hide_a_bait_price_behind_offers_of_their_own(
    uow_factory: UowFactory,
) -> None:
    index = new_index()
    for n, seller in enumerate((2, 3, 4), start=10):
        _offer(index, n, seller, _cups(12))
    bait = _offer(index, 1, SCAMMER, _cups(5))
    for n in range(20, 26):  # cheap twins to pull the median down to the bait
        _offer(index, n, SCAMMER, _cups(5))
    async with uow_factory() as uow:
        assert await too_good(uow, index, bait, NOW)


async def test_one_account_s_many_listings_count_once(uow_factory: UowFactory) -> None:
    """A rival's six high listings cannot make a fair price look too good to be true: each
    seller counts once, by their newest offer."""
    index = new_index()
    fair = _offer(index, 1, SELLER, _cups(12))
    _offer(index, 2, 2, _cups(11))
    _offer(index, 3, 3, _cups(13))
    for n in range(10, 16):
        _offer(index, n, SCAMMER, _cups(40 + n))
    assert await _prices(uow_factory, index, fair) == [11.0, 13.0, 55.0]  # the newest of six
    async with uow_factory() as uow:
        assert not await too_good(uow, index, fair, NOW)


async def test_only_its_owner_hears_where_an_offer_s_price_stands(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for seller, price in ((2, 11), (3, 13), (4, 15)):
        await add_user(uow_factory, seller)
        await opened(uow_factory, clock, index, seller, _cups(price))
    await add_user(uow_factory, SELLER)
    mine, _ = await opened(uow_factory, clock, index, SELLER, _cups(12))
    assert mine.id is not None
    position = await own_price_position(uow_factory, clock, index, mine.id, SELLER)
    assert position is not None and (position.peers, position.quarter) == (3, 2)
    assert await own_price_position(uow_factory, clock, index, mine.id, 2) is None  # a guessed id


def _need(index: MatchingIndex, post_id: int, owner: int, budget: float, **where: int) -> Post:
    text = f"求购 不锈钢保温杯 5000个 {budget}元/个以内"
    return _offer(index, post_id, owner, text, kind=PostKind.NEED, **where)


async def test_the_market_of_a_post_holds_offers_and_needs_budgets_each_member_once(
    uow_factory: UowFactory,
) -> None:
    """The Market picture's numbers: others' offers and others' needs' budgets (a need's
    ceiling) of the same product and unit, in scope, each member once by their newest; the
    owner's own posts never, a closed circle's never for a market post."""
    await _circles(uow_factory)
    index = new_index()
    mine = _offer(index, 1, SELLER, _cups(12))
    _offer(index, 2, 2, _cups(14))
    _need(index, 3, SELLER, 2)  # the owner's own need cannot stage the buyers' side
    _need(index, 4, 3, 9)
    _need(index, 5, 3, 10)  # the same buyer again: their newest counts
    _need(index, 6, 4, 11, circle=OPEN_TO_MARKET)
    _need(index, 7, 5, 1, circle=CLOSED)  # stays in its circle
    _offer(index, 8, 6, "求购 不锈钢保温杯 50箱 200元/箱以内", kind=PostKind.NEED)  # another unit
    async with uow_factory() as uow:
        found = await market_prices(uow, index, mine, NOW)
        assert found is not None
        assert (found.kind, found.price, found.offers) == (PostKind.OFFER, 12.0, (14.0,))
        assert sorted(found.budgets) == [10.0, 11.0]
        need = _need(index, 9, 7, 13)  # a buyer's own market: the offers and others' budgets
        theirs = await market_prices(uow, index, need, NOW)
        assert theirs is not None and theirs.price == 13.0
        assert sorted(theirs.offers) == [12.0, 14.0] and sorted(theirs.budgets) == [
            2.0,
            10.0,
            11.0,
        ]
        unpriced = _offer(index, 10, 8, "出售 不锈钢保温杯 起订100个")
        assert await market_prices(uow, index, unpriced, NOW) is None
