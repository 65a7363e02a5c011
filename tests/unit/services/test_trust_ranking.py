"""Matching ranks by fit and trust together; a newcomer is not buried (cold start)."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.matching.engine import fields_from_parsed
from bot.domain.matching.terms import extract_terms
from bot.domain.models import Lang, PostKind, TrustEvent, User
from bot.domain.parsing import parse_post
from bot.services.ports import UowFactory
from tests.fakes import FixedClock
from tests.unit.services.deal_graph import confirm_deal, wider_market
from tests.unit.services.world import NEED, OFFER, add_user, new_index, opened

PROVEN, NEWCOMER, UNRELIABLE, BUYER = 1, 2, 3, 9


async def _unconfirmed(uow_factory: UowFactory, clock: FixedClock, user: int) -> None:
    async with uow_factory() as uow:
        for partner in range(200, 206):  # six claims nobody confirmed
            await uow.users.upsert(User(id=partner, language=Lang.EN))
            event = TrustEvent(user, "deal.unconfirmed", clock.now(), counterpart_id=partner)
            await uow.trust_events.add(event)
        await uow.commit()


async def _proven(uow_factory: UowFactory, clock: FixedClock, user: int) -> None:
    """Six confirmed deals with six partners who trade with the wider market."""
    await wider_market(uow_factory, list(range(100, 140)), clock.now())
    async with uow_factory() as uow:
        for partner in range(100, 106):
            await confirm_deal(uow, user, partner, clock.now() - timedelta(days=5))
        await uow.commit()


async def test_a_proven_seller_ranks_first_and_a_newcomer_above_an_unreliable_one(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for user in (PROVEN, NEWCOMER, UNRELIABLE, BUYER):
        await add_user(uow_factory, user)
    await _proven(uow_factory, clock, PROVEN)
    await _unconfirmed(uow_factory, clock, UNRELIABLE)
    owners = {}
    for user in (PROVEN, NEWCOMER, UNRELIABLE):  # the same offer; by age alone the reverse
        post, _ = await opened(uow_factory, clock, index, user, OFFER)
        owners[post.id] = user
        clock.advance(timedelta(minutes=1))
    need = "求购 不锈钢保温杯 3000个 单价15元以内"
    parsed = parse_post(need)
    found = index.engine.match(
        PostKind.NEED,
        extract_terms(parsed, need),
        fields_from_parsed(parsed, clock.now(), clock.now()),
        user_id=BUYER,
        now_ts=clock.now().timestamp(),
    )
    assert [owners[r.post_id] for r in found] == [PROVEN, NEWCOMER, UNRELIABLE]


async def _asked(uow_factory: UowFactory, clock: FixedClock, user: int, answered: bool) -> None:
    """Five outcome questions ten days ago, each answered or left unanswered."""
    at = clock.now() - timedelta(days=10)
    async with uow_factory() as uow:
        for deal in range(1, 6):
            detail: dict[str, object] = {"deal": user * 100 + deal}
            await uow.trust_events.add(TrustEvent(user, "deal.asked", at, detail=detail))
            if answered:
                await uow.trust_events.add(TrustEvent(user, "deal.none", at, detail=detail))
        await uow.commit()


async def test_a_seller_hears_first_of_the_buyer_who_follows_through(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    silent, answering, seller = 11, 12, 13
    for user in (silent, answering, seller):
        await add_user(uow_factory, user)
    await _asked(uow_factory, clock, silent, answered=False)
    await _asked(uow_factory, clock, answering, answered=True)
    needs = {}
    for buyer in (answering, silent):  # by age alone the silent buyer's need comes first
        post, _ = await opened(uow_factory, clock, index, buyer, NEED)
        needs[post.id] = buyer
        clock.advance(timedelta(minutes=1))
    offer, _ = await opened(uow_factory, clock, index, seller, OFFER)
    async with uow_factory() as uow:
        matches = await uow.matches.for_post(offer.id or 0)
    order = [needs[m.need_id] for m in sorted(matches, key=lambda m: m.id or 0)]
    assert order == [answering, silent]
