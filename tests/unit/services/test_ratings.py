"""Ratings after a confirmed deal: once per side, double-blind, only between partners."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.trust.scores import REVEAL_AFTER
from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from bot.services.trust import deals, ratings
from bot.services.trust.summaries import summary_of
from tests.fakes import FixedClock
from tests.unit.services.test_deals import BUYER, SELLER, STRANGER, _exchanged
from tests.unit.services.world import outbox_kinds


async def _confirmed(uow_factory: UowFactory, clock: FixedClock) -> int:
    deal_id = await _exchanged(uow_factory, clock)
    await deals.deal_done(uow_factory, clock, BUYER, deal_id)
    await deals.confirm(uow_factory, clock, SELLER, deal_id)
    return deal_id


async def _ratings_of(uow_factory: UowFactory, clock: FixedClock, user_id: int) -> int:
    async with uow_factory() as uow:
        summary = await summary_of(uow, user_id, clock.now())
    assert summary is not None
    return summary.ratings


async def test_both_are_asked_and_each_rates_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _confirmed(uow_factory, clock)
    assert "rating.ask" in await outbox_kinds(uow_factory, SELLER)
    assert "rating.ask" in await outbox_kinds(uow_factory, BUYER)
    assert await ratings.rate(uow_factory, clock, BUYER, deal_id, 5) == "rating.recorded"
    assert "rating.thanks" in await outbox_kinds(uow_factory, BUYER)  # with "Add a comment"
    assert await ratings.rate(uow_factory, clock, BUYER, deal_id, 1) == "rating.already"


async def test_one_short_comment_shows_with_the_revealed_rating(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _confirmed(uow_factory, clock)
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    assert await ratings.comment(uow_factory, clock, STRANGER, deal_id, "x") == (
        "rating.comment_done"  # no rating of theirs to comment on
    )
    saved = await ratings.comment(uow_factory, clock, BUYER, deal_id, "Fast <i>and</i> honest")
    assert saved == "rating.comment_saved"
    assert await ratings.comment(uow_factory, clock, BUYER, deal_id, "again") == (
        "rating.comment_done"
    )
    async with uow_factory() as uow:
        hidden = await summary_of(uow, SELLER, clock.now())
    assert hidden is not None and hidden.latest_comment is None  # not revealed yet
    await ratings.rate(uow_factory, clock, SELLER, deal_id, 4)
    async with uow_factory() as uow:
        shown = await summary_of(uow, SELLER, clock.now())
    assert shown is not None and shown.latest_comment == "Fast <i>and</i> honest"


@pytest.mark.parametrize(
    "comment",
    [
        "Great seller, order at https://cheap.example.com",
        "加微信 wx: shop_8888 更便宜",
        "call +86 138 0013 8000",
        "ask @rival_shop instead",
        "見 www.rival.tw",
    ],
)
async def test_a_comment_may_not_put_links_or_contacts_on_a_trust_card(
    uow_factory: UowFactory, clock: FixedClock, comment: str
) -> None:
    """Shown on the other member's trust record, a comment could advertise a rival or
    lure buyers away: one with contact details is refused, and the rater may write again."""
    deal_id = await _confirmed(uow_factory, clock)
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    assert await ratings.comment(uow_factory, clock, BUYER, deal_id, comment) == (
        "rating.comment_contacts"
    )
    assert await ratings.comment(uow_factory, clock, BUYER, deal_id, "Fast and honest") == (
        "rating.comment_saved"
    )


async def test_ratings_stay_hidden_until_both_rated(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _confirmed(uow_factory, clock)
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    assert await _ratings_of(uow_factory, clock, SELLER) == 0  # hidden: the seller has not rated
    assert "rating.revealed" not in await outbox_kinds(uow_factory, SELLER)
    await ratings.rate(uow_factory, clock, SELLER, deal_id, 4)
    assert await _ratings_of(uow_factory, clock, SELLER) == 1
    assert await _ratings_of(uow_factory, clock, BUYER) == 1
    assert "rating.revealed" in await outbox_kinds(uow_factory, SELLER)
    assert "rating.revealed" in await outbox_kinds(uow_factory, BUYER)


async def test_a_single_rating_shows_after_the_wait(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _confirmed(uow_factory, clock)
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    clock.advance(REVEAL_AFTER + timedelta(minutes=1))
    assert await _ratings_of(uow_factory, clock, SELLER) == 1


async def test_only_partners_of_a_confirmed_deal_rate(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    with pytest.raises(UserFacingError) as not_yet:
        await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    assert not_yet.value.key == "rating.no_deal"
    await deals.deal_done(uow_factory, clock, BUYER, deal_id)
    await deals.confirm(uow_factory, clock, SELLER, deal_id)
    with pytest.raises(UserFacingError) as stranger:
        await ratings.rate(uow_factory, clock, STRANGER, deal_id, 1)
    assert stranger.value.key == "rating.not_partner"


async def test_a_pair_praising_only_each_other_is_flagged_once_for_review(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _confirmed(uow_factory, clock)
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    assert await ratings.flag_rings(uow_factory, clock, admin_chat_id=777) == 0  # one-way
    await ratings.rate(uow_factory, clock, SELLER, deal_id, 5)
    assert await ratings.flag_rings(uow_factory, clock, admin_chat_id=777) == 1
    assert await ratings.flag_rings(uow_factory, clock, admin_chat_id=777) == 0  # once
    assert "admin.ring" in await outbox_kinds(uow_factory, 777)
    async with uow_factory() as uow:
        kinds = [e.kind for e in await uow.trust_events.list_for_user(SELLER)]
    assert kinds.count(ratings.RING) == 1


@pytest.mark.parametrize(
    ("who", "about", "refusal"),
    [
        (STRANGER, SELLER, "rating.no_deal_with"),  # never dealt with them
        (SELLER, SELLER, "rating.not_yourself"),
        (BUYER, 999, "trust.unknown_person"),
        (BUYER, "@nobody", "trust.unknown_user"),
    ],
)
async def test_rate_command_refuses_anyone_but_a_partner(
    uow_factory: UowFactory, clock: FixedClock, who: int, about: int | str, refusal: str
) -> None:
    await _confirmed(uow_factory, clock)
    with pytest.raises(UserFacingError) as refused:
        await ratings.stars_for(uow_factory, clock, who, about)
    assert refused.value.key == refusal


async def test_rate_command_gives_stars_until_the_deal_is_rated(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    deal_id = await _exchanged(uow_factory, clock)
    with pytest.raises(UserFacingError):  # contacts exchanged, no confirmed deal yet
        await ratings.stars_for(uow_factory, clock, BUYER, SELLER)
    await deals.deal_done(uow_factory, clock, BUYER, deal_id)
    await deals.confirm(uow_factory, clock, SELLER, deal_id)
    _text, (row,) = await ratings.stars_for(uow_factory, clock, BUYER, SELLER)
    assert [label for label, _token in row] == ["1⭐", "2⭐", "3⭐", "4⭐", "5⭐"]
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 4)
    with pytest.raises(UserFacingError) as refused:
        await ratings.stars_for(uow_factory, clock, BUYER, SELLER)
    assert refused.value.key == "rating.already"
