"""A buyer hears of a seller once a need (issue 35, "duplicate alerts"): a seller with two
near-identical offers sends the buyer one alert, the best, whichever came first, the need
or the offers; another seller still gets their turn."""

from __future__ import annotations

from bot.services.ports import UowFactory
from tests.fakes import FixedClock
from tests.unit.services.world import new_index, opened

SELLER, OTHER_SELLER, BUYER = 1, 2, 3
CUPS = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
CUPS_AGAIN = "出售 304不锈钢保温杯 500ml 起订500个 12.5元/个 义乌"
NEED = "求购保温杯5000只，15元以内，要304不锈钢"


async def _offers_heard_of(uow_factory: UowFactory, need_id: int | None) -> list[int]:
    async with uow_factory() as uow:
        matches = await uow.matches.for_post(need_id or 0)
        return [m.offer_id for m in matches]


async def test_a_need_after_two_near_identical_offers_hears_of_the_seller_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    first, _ = await opened(uow_factory, clock, index, SELLER, CUPS)
    second, _ = await opened(uow_factory, clock, index, SELLER, CUPS_AGAIN)
    other, _ = await opened(uow_factory, clock, index, OTHER_SELLER, CUPS)
    need, alerted = await opened(uow_factory, clock, index, BUYER, NEED)
    heard = await _offers_heard_of(uow_factory, need.id)
    assert alerted == 2 and other.id in heard
    assert len({first.id, second.id} & set(heard)) == 1


async def test_a_seller_s_second_offer_does_not_alert_a_need_told_of_the_first(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    need, _ = await opened(uow_factory, clock, index, BUYER, NEED)
    first, alerted_first = await opened(uow_factory, clock, index, SELLER, CUPS)
    _second, alerted_second = await opened(uow_factory, clock, index, SELLER, CUPS_AGAIN)
    other, alerted_other = await opened(uow_factory, clock, index, OTHER_SELLER, CUPS)
    assert (alerted_first, alerted_second, alerted_other) == (1, 0, 1)
    assert await _offers_heard_of(uow_factory, need.id) == [first.id, other.id]


NEED_AGAIN = "求购 304不锈钢保温杯 3000只 14元以内"


async def test_a_buyer_with_two_near_identical_needs_hears_of_an_offer_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Found by the 30-day audit: a buyer who posted the same need twice heard of one offer
    once a need, and its seller of that buyer twice."""
    index = new_index()
    need, _ = await opened(uow_factory, clock, index, BUYER, NEED)
    twin, _ = await opened(uow_factory, clock, index, BUYER, NEED_AGAIN)
    offer, alerted = await opened(uow_factory, clock, index, SELLER, CUPS)
    assert alerted == 1  # the offer alerts the better of the two needs only
    heard = [await _offers_heard_of(uow_factory, n.id) for n in (need, twin)]
    assert sorted(len(h) for h in heard) == [0, 1]
    third, alerted = await opened(uow_factory, clock, index, BUYER, NEED)  # a third time
    assert alerted == 0 and await _offers_heard_of(uow_factory, third.id) == []
    other, alerted = await opened(uow_factory, clock, index, OTHER_SELLER, CUPS)
    assert alerted == 1 and offer.id != other.id  # another seller still gets their turn
