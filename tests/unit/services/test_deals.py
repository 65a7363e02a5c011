"""From contact to deal: the outcome question, claims, confirmation, and what is recorded."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import DealOutcome, Lang
from bot.services.contacts import contact_requests
from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from bot.services.trust import deals
from tests.fakes import FixedClock
from tests.unit.services.world import (
    NEED,
    OFFER,
    add_user,
    new_index,
    opened,
    outbox_kinds,
    sweep,
)

SELLER, BUYER, STRANGER = 1, 2, 3


async def _exchanged(uow_factory: UowFactory, clock: FixedClock) -> int:
    """Seller and buyer matched and exchanged contacts; returns the deal id."""
    index = new_index()
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await add_user(uow_factory, BUYER, Lang.EN)
    await add_user(uow_factory, STRANGER, Lang.EN)
    offer, _ = await opened(uow_factory, clock, index, SELLER, OFFER)
    await opened(uow_factory, clock, index, BUYER, NEED)
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(offer.id or -1)
    assert match.id is not None
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match.id)
    await contact_requests.ask_about_match(uow_factory, clock, SELLER, match.id)  # agreement
    async with uow_factory() as uow:
        due = await uow.reminders.due(clock.now() + timedelta(days=30))
    (deal_id,) = {int(str(r.payload["deal"])) for r in due if r.kind == "deal.outcome"}
    return deal_id


async def _deal(uow_factory: UowFactory, deal_id: int):  # type: ignore[no-untyped-def]
    async with uow_factory() as uow:
        return await uow.deals.get(deal_id)


async def _events(uow_factory: UowFactory, user_id: int) -> list[str]:
    async with uow_factory() as uow:
        return [e.kind for e in await uow.trust_events.list_for_user(user_id)]


async def test_both_are_asked_once_when_it_falls_due(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    deal = await _deal(uow_factory, deal_id)
    assert (deal.seller_id, deal.buyer_id, deal.outcome) == (SELLER, BUYER, None)
    assert await sweep(uow_factory, clock) == 0  # not yet
    clock.advance(deals.OUTCOME_ASK_AFTER)
    assert await sweep(uow_factory, clock) == 2
    assert await sweep(uow_factory, clock) == 0  # once
    assert "deal.question" in await outbox_kinds(uow_factory, SELLER)
    assert "deal.question" in await outbox_kinds(uow_factory, BUYER)


async def test_a_claim_counts_only_once_the_other_side_confirms(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    assert await deals.deal_done(uow_factory, clock, BUYER, deal_id) == "deal.claim_sent"
    assert (await _deal(uow_factory, deal_id)).outcome is DealOutcome.CLAIMED
    assert "deal.claim" in await outbox_kinds(uow_factory, SELLER)
    assert await deals.deal_done(uow_factory, clock, BUYER, deal_id) == "deal.claim_pending"
    assert await deals.confirm(uow_factory, clock, BUYER, deal_id) == "deal.settled"  # not theirs
    assert await deals.confirm(uow_factory, clock, SELLER, deal_id) == "deal.confirmed_you"
    deal = await _deal(uow_factory, deal_id)
    assert deal.outcome is DealOutcome.CONFIRMED and deal.closed_at is not None
    assert "deal.confirmed" in await outbox_kinds(uow_factory, BUYER)
    assert "deal.confirmed" in await _events(uow_factory, SELLER)
    assert "deal.confirmed" in await _events(uow_factory, BUYER)
    clock.advance(deals.OUTCOME_ASK_AFTER)
    assert await sweep(uow_factory, clock) == 0  # settled: nobody is asked


async def test_a_denied_claim_is_recorded_and_counts_for_nothing(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    await deals.deal_done(uow_factory, clock, SELLER, deal_id)
    assert await deals.deny(uow_factory, clock, BUYER, deal_id) == "deal.denied_you"
    assert (await _deal(uow_factory, deal_id)).outcome is DealOutcome.DENIED
    assert "deal.denied" in await outbox_kinds(uow_factory, SELLER)
    assert "deal.confirmed" not in await _events(uow_factory, SELLER)


async def test_an_unanswered_claim_expires_unconfirmed(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    await deals.deal_done(uow_factory, clock, SELLER, deal_id)
    clock.advance(deals.CLAIM_TTL + timedelta(minutes=1))
    await sweep(uow_factory, clock)
    assert (await _deal(uow_factory, deal_id)).outcome is DealOutcome.UNCONFIRMED
    assert "deal.unconfirmed" in await _events(uow_factory, SELLER)


async def test_still_talking_asks_again_at_most_twice(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    assert await deals.still_talking(uow_factory, clock, BUYER, deal_id, 1) == "deal.ask_later"
    assert await deals.still_talking(uow_factory, clock, BUYER, deal_id, 2) == "deal.ask_later"
    assert await deals.still_talking(uow_factory, clock, BUYER, deal_id, 3) == "deal.no_more_asks"
    clock.advance(deals.OUTCOME_ASK_AFTER)
    assert await sweep(uow_factory, clock) == 4  # two first questions, two again


async def test_no_deal_closes_quietly(uow_factory: UowFactory, clock: FixedClock) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    assert await deals.no_deal(uow_factory, clock, SELLER, deal_id) == "deal.none_you"
    assert (await _deal(uow_factory, deal_id)).outcome is DealOutcome.NONE
    assert not {"deal.claim", "deal.denied"} & set(await outbox_kinds(uow_factory, BUYER))
    clock.advance(deals.OUTCOME_ASK_AFTER)
    assert await sweep(uow_factory, clock) == 0  # the other side is not asked either
    # A deal made after all can still be claimed.
    assert await deals.deal_done(uow_factory, clock, BUYER, deal_id) == "deal.claim_sent"


async def test_only_the_two_sides_may_answer(uow_factory: UowFactory, clock: FixedClock) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    for use_case in (deals.deal_done, deals.no_deal, deals.confirm, deals.deny):
        with pytest.raises(UserFacingError) as refused:
            await use_case(uow_factory, clock, STRANGER, deal_id)
        assert refused.value.key == "button.not_yours"


async def test_the_older_question_answers_the_other_side_s_claim(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    await deals.deal_done(uow_factory, clock, BUYER, deal_id)
    # The seller still has "Did you make a deal?" on screen and answers it.
    assert await deals.still_talking(uow_factory, clock, SELLER, deal_id, 1) == "deal.answer_claim"
    assert await deals.no_deal(uow_factory, clock, SELLER, deal_id) == "deal.denied_you"
    assert (await _deal(uow_factory, deal_id)).outcome is DealOutcome.DENIED
    deal_id = await _second_deal(uow_factory, clock)
    await deals.deal_done(uow_factory, clock, BUYER, deal_id)
    assert await deals.deal_done(uow_factory, clock, SELLER, deal_id) == "deal.confirmed_you"


async def _second_deal(uow_factory: UowFactory, clock: FixedClock) -> int:
    from bot.domain.models import Deal

    async with uow_factory() as uow:
        deal = Deal(None, None, None, None, SELLER, BUYER, clock.now())
        deal_id = await uow.deals.add(deal)
        await uow.commit()
    return deal_id


async def test_follow_through_counts_who_answered_the_question(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    from bot.domain.trust.summary import FOLLOW_UP_WINDOW
    from bot.services.trust.summaries import summary_of

    deal_id = await _exchanged(uow_factory, clock)
    clock.advance(deals.OUTCOME_ASK_AFTER)
    await sweep(uow_factory, clock)
    await deals.still_talking(uow_factory, clock, BUYER, deal_id, 1)
    clock.advance(deals.OUTCOME_ASK_AFTER)
    assert await sweep(uow_factory, clock) == 1  # asked again: counted once still
    clock.advance(FOLLOW_UP_WINDOW)
    async with uow_factory() as uow:
        buyer = await summary_of(uow, BUYER, clock.now())
        seller = await summary_of(uow, SELLER, clock.now())
    assert buyer is not None and (buyer.asked, buyer.followed_up) == (1, 1)
    assert seller is not None and (seller.asked, seller.followed_up) == (1, 0)


async def test_closing_a_post_with_a_deal_offers_its_partners(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    deal = await _deal(uow_factory, deal_id)
    assert deal.need_id is not None
    (row,) = await deals.claim_choices(uow_factory, clock, BUYER, deal.need_id)
    assert len(row) == 1
    assert await deals.claim_choices(uow_factory, clock, STRANGER, deal.need_id) == []
    await deals.deal_done(uow_factory, clock, BUYER, deal_id)
    await deals.confirm(uow_factory, clock, SELLER, deal_id)
    assert await deals.claim_choices(uow_factory, clock, BUYER, deal.need_id) == []  # settled
