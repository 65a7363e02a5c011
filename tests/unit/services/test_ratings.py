"""Ratings after a confirmed deal: once per side, double-blind, only between partners."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Rating
from bot.domain.trust.scores import REVEAL_AFTER
from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from bot.services.trust import deals, ratings
from bot.services.trust.summaries import summary_of
from tests.fakes import FixedClock
from tests.unit.services.deal_graph import confirm_deal, wider_market
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
    return summary.ratings_received  # shown, whether or not they count toward a score


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
    assert "rating.revealed" in await outbox_kinds(uow_factory, BUYER)  # the seller: thanked


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


async def _thanks(uow_factory: UowFactory, chat_id: int) -> list[str]:
    """The texts of the thanks `chat_id` was sent for their stars."""
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == chat_id and m.kind == "rating.thanks"]


async def test_the_second_to_rate_is_told_both_rated_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Issue 35: once both had rated, the second was still told the rating would show after
    both rated, and was told what the other gave in a message of its own."""
    deal_id = await _confirmed(uow_factory, clock)
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    await ratings.rate(uow_factory, clock, SELLER, deal_id, 4)
    (thanks,) = await _thanks(uow_factory, SELLER)
    assert "双方都评价后" not in thanks and "才会显示" not in thanks
    assert "你们双方都已评价" in thanks and "对方给你们的交易打了5★" in thanks
    assert "rating.revealed" not in await outbox_kinds(uow_factory, SELLER)  # in the thanks
    assert (await outbox_kinds(uow_factory, BUYER)).count("rating.revealed") == 1
    (first,) = await _thanks(uow_factory, BUYER)
    assert "once they rate you too" in first and "rated your deal" not in first


async def test_a_pressed_again_or_forged_star_records_and_sends_nothing_more(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """A double press, a replayed or forged button (another star, a guessed deal, stars out
    of range): one rating and one thanks, whatever comes after."""
    deal_id = await _confirmed(uow_factory, clock)
    assert await ratings.rate(uow_factory, clock, BUYER, deal_id, 5) == "rating.recorded"
    sent = await outbox_kinds(uow_factory, BUYER)
    for stars in (5, 1):
        assert await ratings.rate(uow_factory, clock, BUYER, deal_id, stars) == "rating.already"
    for deal, stars, refusal in [
        (deal_id + 1, 5, "rating.not_partner"),  # a guessed deal id
        (deal_id, 0, "button.expired"),
        (deal_id, 6, "button.expired"),
    ]:
        with pytest.raises(UserFacingError) as refused:
            await ratings.rate(uow_factory, clock, SELLER, deal, stars)
        assert refused.value.key == refusal
    assert await outbox_kinds(uow_factory, BUYER) == sent
    assert "rating.thanks" not in await outbox_kinds(uow_factory, SELLER)
    async with uow_factory() as uow:
        given = await uow.ratings.for_deal(deal_id)
        events = await uow.trust_events.list_for_user(BUYER)
    assert [(r.rater_id, r.stars) for r in given] == [(BUYER, 5)]
    assert [e.kind for e in events].count("rating.given") == 1


async def test_what_the_thanks_says_is_what_trust_shows(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Issue 35: the thanks promised the rating would show once both rated, and /trust then
    said there were not enough ratings for a score. Both rated: the thanks says what the
    record shows, the ratings that count (none from an account days old) and the 3 a score
    needs."""
    deal_id = await _confirmed(uow_factory, clock)
    await ratings.rate(uow_factory, clock, SELLER, deal_id, 4)
    (waiting,) = await _thanks(uow_factory, SELLER)
    assert "计入的评价满3条才显示评分" in waiting  # no score promised before there can be one
    await ratings.rate(uow_factory, clock, BUYER, deal_id, 5)
    async with uow_factory() as uow:
        record = await summary_of(uow, SELLER, clock.now())
    assert record is not None
    assert (record.ratings, record.ratings_received, record.rating) == (0, 1, None)
    (thanks,) = await _thanks(uow_factory, BUYER)
    assert "Your stars are now on their trust record" in thanks
    assert "Ratings that count there: 0 (1 received); a score shows from 3." in thanks


async def test_a_rating_that_joins_a_score_names_the_score(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """A member whose record already shows a score: the thanks names it as /trust does."""
    member, partner = 120, 130
    await wider_market(uow_factory, list(range(100, 140)), clock.now())
    async with uow_factory() as uow:
        for rater in (100, 101, 102):  # rated 20 days ago: shown without waiting
            at = clock.now() - timedelta(days=20)
            earlier = await confirm_deal(uow, member, rater, at)
            await uow.ratings.add(Rating(None, earlier, rater, member, 5, at))
        deal_id = await confirm_deal(uow, member, partner, clock.now())
        await uow.commit()
    await ratings.rate(uow_factory, clock, member, deal_id, 5)
    await ratings.rate(uow_factory, clock, partner, deal_id, 4)
    async with uow_factory() as uow:
        record = await summary_of(uow, member, clock.now())
    assert record is not None and record.rating is not None and record.ratings == 4
    (thanks,) = await _thanks(uow_factory, partner)
    assert f"Rating there: {record.rating:.1f}★ from 4 ratings that count." in thanks
    assert "received" not in thanks  # every rating there counts
