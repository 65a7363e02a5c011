"""Complaints between partners of a contact exchange, and the one answer."""

from __future__ import annotations

import pytest

from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from bot.services.trust import complaints
from bot.services.trust.summaries import summary_of
from tests.fakes import FixedClock
from tests.unit.services.test_deals import BUYER, SELLER, STRANGER, _exchanged
from tests.unit.services.world import outbox_kinds


async def test_a_complaint_is_recorded_told_and_answered_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _exchanged(uow_factory, clock)
    buttons = await complaints.reasons_for(uow_factory, clock, BUYER, SELLER)
    assert len(buttons) == len(complaints.REASONS)
    assert await complaints.file(uow_factory, clock, BUYER, SELLER, "not_delivered") == (
        "complaint.filed"
    )
    assert await complaints.file(uow_factory, clock, BUYER, SELLER, "fake_inquiry") == (
        "complaint.already"
    )
    assert "complaint" in await outbox_kinds(uow_factory, SELLER)
    async with uow_factory() as uow:
        deal_id = (await uow.deals.between(BUYER, SELLER))[-1].id
    assert deal_id is not None
    assert await complaints.answer(uow_factory, clock, BUYER, deal_id, "no") == (
        "complaint.answer_done"  # nothing against the buyer to answer
    )
    saved = await complaints.answer(uow_factory, clock, SELLER, deal_id, "Shipped <b>5 May</b>")
    assert saved == "complaint.answer_saved"
    again = await complaints.answer(uow_factory, clock, SELLER, deal_id, "again")
    assert again == "complaint.answer_done"
    async with uow_factory() as uow:
        summary = await summary_of(uow, SELLER, clock.now())
    assert summary is not None
    assert (summary.complaints, summary.answered) == (1, 1)
    assert summary.latest_complaint == "not_delivered"
    assert summary.latest_answer == "Shipped <b>5 May</b>"


async def test_only_partners_may_complain(uow_factory: UowFactory, clock: FixedClock) -> None:
    await _exchanged(uow_factory, clock)
    for who, about in ((STRANGER, SELLER), (SELLER, SELLER)):
        with pytest.raises(UserFacingError) as refused:
            await complaints.file(uow_factory, clock, who, about, "not_delivered")
        assert refused.value.key == "complaint.not_partner"


def test_the_card_escapes_the_answer_and_says_none_when_there_is_none() -> None:
    from datetime import UTC, datetime

    from bot.domain.models import Lang
    from bot.domain.trust.scores import IdentityLevel
    from bot.domain.trust.summary import TrustSummary
    from bot.texts.alerts import trust_card

    now = datetime(2026, 12, 3, tzinfo=UTC)
    clean = TrustSummary(IdentityLevel.UNKNOWN, 0, 0, 0, now)
    assert "Complaints: none" in str(trust_card(clean, Lang.EN, own=False))
    answered = TrustSummary(
        IdentityLevel.UNKNOWN, 1, 1, 0, now, 0, None, None, 1, 1, 1, 1, "not_delivered", "<b>"
    )
    card = str(trust_card(answered, Lang.EN, own=False))
    assert "Did not deliver" in card and "&lt;b&gt;" in card and "<b>\u201d" not in card
