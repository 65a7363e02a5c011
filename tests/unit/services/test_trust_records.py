"""A trust record as members see it, built from real confirmed deals and ratings on the
deal graph: an honest seller against the attacker's puppets (issue 33)."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Rating
from bot.services.ports import UowFactory
from bot.services.trust.summaries import ranking_trust_of, summary_of
from tests.fakes import FixedClock
from tests.unit.services.deal_graph import confirm_deal, members, wider_market

HONEST, ATTACKER = 1, 2
PARTNERS = [100, 101, 102]
PUPPETS = list(range(10, 20))


async def _deal_and_rating(
    uow_factory: UowFactory, clock: FixedClock, seller: int, buyer: int, stars: int
) -> None:
    at = clock.now() - timedelta(days=20)
    async with uow_factory() as uow:
        deal_id = await confirm_deal(uow, seller, buyer, at)
        await uow.ratings.add(Rating(None, deal_id, buyer, seller, stars, at))
        await uow.commit()


async def _honest(uow_factory: UowFactory, clock: FixedClock) -> None:
    await wider_market(uow_factory, list(range(100, 140)), clock.now())
    await members(uow_factory, [HONEST], clock.now() - timedelta(days=120))
    for partner in PARTNERS:
        await _deal_and_rating(uow_factory, clock, HONEST, partner, 5)


async def _ring(uow_factory: UowFactory, clock: FixedClock, deals_each: int = 1) -> None:
    """Ten puppets, 60 days old, dealing with the attacker and with each other, 5 stars."""
    await members(uow_factory, [ATTACKER, *PUPPETS], clock.now() - timedelta(days=60))
    for puppet in PUPPETS:
        for _ in range(deals_each):
            await _deal_and_rating(uow_factory, clock, ATTACKER, puppet, 5)
    async with uow_factory() as uow:
        for a, b in zip(PUPPETS, PUPPETS[1:], strict=False):
            await confirm_deal(uow, a, b, clock.now() - timedelta(days=30))
        await uow.commit()


async def test_the_honest_record_counts_its_independent_partners(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _honest(uow_factory, clock)
    async with uow_factory() as uow:
        summary = await summary_of(uow, HONEST, clock.now())
    assert summary is not None
    assert (summary.confirmed_deals, summary.partners, summary.other_partners) == (3, 3, 0)
    assert summary.rating is not None and summary.rating > 3.5  # above the prior


async def test_a_ring_of_puppets_shows_no_counted_deal_and_no_rating(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _honest(uow_factory, clock)
    await _ring(uow_factory, clock, deals_each=5)  # 50 deals, 50 five-star ratings
    async with uow_factory() as uow:
        attacker = await summary_of(uow, ATTACKER, clock.now())
        honest = await summary_of(uow, HONEST, clock.now())
        trust = [await ranking_trust_of(uow, u, clock.now()) for u in (HONEST, ATTACKER)]
    assert attacker is not None and honest is not None
    assert (attacker.confirmed_deals, attacker.partners, attacker.rating) == (0, 0, None)
    assert attacker.other_partners == 10
    assert trust[0] > trust[1] == 0.5


async def test_one_puppet_rating_many_times_counts_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _honest(uow_factory, clock)
    for _ in range(3):  # a real partner of the honest market, rating the attacker 3 times
        await members(uow_factory, [ATTACKER], clock.now() - timedelta(days=60))
        await _deal_and_rating(uow_factory, clock, ATTACKER, 120, 5)
    async with uow_factory() as uow:
        summary = await summary_of(uow, ATTACKER, clock.now())
    assert summary is not None
    assert (summary.confirmed_deals, summary.partners, summary.ratings) == (3, 1, 1)
    assert summary.rating is None  # one rater: not enough for a score
