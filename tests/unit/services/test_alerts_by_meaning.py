"""Alerts by meaning (issue 34), on the in-memory store with the shipped encoder: a
Hamburg buyer's English need alerts the Yiwu seller's Chinese cups once their vectors are
made, with a reason both can check; the concept layer still decides (a budget far under
the price, an old post); a pair the words found is not alerted twice; and a seller who
stuffs an English offer with every product does not reach Chinese buyers by meaning."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Lang, Match
from bot.services.matching import meaning
from bot.services.matching.indexing import MatchingIndex, MatchPolicy
from bot.services.ports import UowFactory
from bot.texts.reasons import render_reasons
from tests.e2e.test_alerts_by_meaning import NEEDS, OFFERS, OTHER_GOODS
from tests.fakes import FixedClock
from tests.unit.services.test_meaning import CUPS, MARKET, SHARED
from tests.unit.services.world import add_user, opened, outbox_kinds

SELLER, BUYER, SPAMMER = 1, 2, 3
HAMBURG = (
    "Looking for insulated water bottles, stainless steel, 500ml, 3000 pcs, "
    "budget under 2 USD each, ship to Hamburg"
)


async def _market(uow_factory: UowFactory, clock: FixedClock) -> tuple[MatchingIndex, int]:
    """The cups among other goods on offer, every vector made; returns the cups' id."""
    index = MatchingIndex(MatchPolicy(), encoder=SHARED)
    await add_user(uow_factory, BUYER, Lang.EN)
    cups, _ = await opened(uow_factory, clock, index, SELLER, CUPS)
    for n, text in enumerate(MARKET):
        await opened(uow_factory, clock, index, 100 + n, text)
    await meaning.encode_new(uow_factory, clock, index, limit=100)
    assert cups.id is not None
    return index, cups.id


async def _matches(uow_factory: UowFactory, post_id: int | None) -> list[Match]:
    async with uow_factory() as uow:
        return await uow.matches.for_post(post_id or 0)


async def test_the_hamburg_buyer_hears_of_the_yiwu_cups(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, cups = await _market(uow_factory, clock)
    need, alerted = await opened(uow_factory, clock, index, BUYER, HAMBURG)
    assert alerted == 0  # the words share nothing: no alert at once
    clock.advance(timedelta(seconds=1))
    assert await meaning.encode_new(uow_factory, clock, index) == (
        1,
        1,
    )  # the need encoded, one pair alerted
    (match,) = await _matches(uow_factory, need.id)
    assert match.offer_id == cups
    line = render_reasons(match.reasons, Lang.EN)
    assert line.startswith("same product: insulated water bottles") and "保温杯" in line
    assert "(similar meaning)" in line and "MOQ 1,000 ≤ need 3,000" in line
    assert "match.alert" in await outbox_kinds(uow_factory, BUYER)
    assert "match.alert" in await outbox_kinds(uow_factory, SELLER)
    assert await meaning.encode_new(uow_factory, clock, index) == (0, 0)  # nothing twice


async def test_a_new_chinese_offer_reaches_the_english_buyer_waiting(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = MatchingIndex(MatchPolicy(), encoder=SHARED)
    await add_user(uow_factory, BUYER, Lang.EN)
    for n, text in enumerate(MARKET):
        await opened(uow_factory, clock, index, 100 + n, text)
    need, _ = await opened(uow_factory, clock, index, BUYER, HAMBURG)
    await meaning.encode_new(uow_factory, clock, index, limit=100)
    assert await _matches(uow_factory, need.id) == []
    cups, _ = await opened(uow_factory, clock, index, SELLER, CUPS)
    await meaning.encode_new(uow_factory, clock, index)
    assert [m.need_id for m in await _matches(uow_factory, cups.id)] == [need.id]


async def test_the_concept_layer_still_decides(uow_factory: UowFactory, clock: FixedClock) -> None:
    index, _cups = await _market(uow_factory, clock)
    cheap = HAMBURG.replace("under 2 USD", "under 0.5 USD")  # far under 12元
    need, _ = await opened(uow_factory, clock, index, BUYER, cheap)
    await meaning.encode_new(uow_factory, clock, index)
    assert await _matches(uow_factory, need.id) == []


async def test_a_post_encoded_long_after_it_opened_alerts_no_one(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, _cups = await _market(uow_factory, clock)
    need, _ = await opened(uow_factory, clock, index, BUYER, HAMBURG)
    clock.advance(timedelta(hours=2))  # the encoder was down, or this is a backfill
    assert await meaning.encode_new(uow_factory, clock, index) == (
        1,
        0,
    )  # found by /search now, alerting no one
    assert await _matches(uow_factory, need.id) == []


async def test_a_pair_the_words_found_is_not_alerted_again(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, cups = await _market(uow_factory, clock)
    need, alerted = await opened(
        uow_factory, clock, index, BUYER, "Looking for thermos 500ml, 3000 pcs"
    )
    assert alerted == 1
    await meaning.encode_new(uow_factory, clock, index)
    assert [m.offer_id for m in await _matches(uow_factory, need.id)] == [cups]


async def test_an_offer_stuffed_with_every_product_reaches_no_one_by_meaning(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = MatchingIndex(MatchPolicy(), encoder=SHARED)
    needs = []
    for n, text in enumerate(MARKET):
        need, _ = await opened(uow_factory, clock, index, 100 + n, text.replace("出售", "求购"))
        needs.append(need)
    await meaning.encode_new(uow_factory, clock, index, limit=100)
    stuffed = (
        "Selling screws, light bulbs, t-shirts, phone cases, tote bags, cutting boards, "
        "earphones, mugs, lunch boxes, LED strips, yoga mats, toys, solar panels, chairs"
    )
    offer, _ = await opened(uow_factory, clock, index, SPAMMER, stuffed)
    await meaning.encode_new(uow_factory, clock, index)
    by_meaning = [
        m for m in await _matches(uow_factory, offer.id) if m.reasons[0]["kind"] == "meaning"
    ]
    assert by_meaning == []


async def test_one_encoding_at_a_time(uow_factory: UowFactory, clock: FixedClock) -> None:
    """A post opened during a tick asks for its vector at once; that call, made while the
    tick's runs, does nothing, and the tick's encodes the post once."""
    index, _cups = await _market(uow_factory, clock)
    await opened(uow_factory, clock, index, BUYER, HAMBURG)
    index.encoding_now = True  # a tick is encoding
    assert await meaning.encode_new(uow_factory, clock, index) == (0, 0)
    index.encoding_now = False
    assert await meaning.encode_new(uow_factory, clock, index) == (1, 1)


@pytest.mark.parametrize("need_first", [False, True])
@pytest.mark.parametrize(
    ("words", "offer"),
    [
        ("Looking for insulated water bottles, 3000 pcs", "保温杯"),
        ("Looking for thermos tumblers 20oz, 2000 pcs", "随行杯"),  # its second nearest
    ],
)
async def test_who_posted_first_does_not_decide_the_pair(
    uow_factory: UowFactory, clock: FixedClock, need_first: bool, words: str, offer: str
) -> None:
    """ "insulated water bottles" stands out only a little from the cups' side of the
    market; the cups see the need standing out among the needs. The tumblers are the
    second nearest offer of "thermos tumblers". The pair is made either way round."""
    index = MatchingIndex(MatchPolicy(), encoder=SHARED)
    await add_user(uow_factory, BUYER, Lang.EN)
    others = [text for word, text in OFFERS.items() if word != offer]
    for n, text in enumerate(others + list(OTHER_GOODS.values())):
        await opened(uow_factory, clock, index, 100 + n, text)
    await meaning.encode_new(uow_factory, clock, index, limit=100)
    needs = [need for need in NEEDS if NEEDS[need] != offer]
    for n, need in enumerate(needs):
        await opened(uow_factory, clock, index, 200 + n, need)
    await meaning.encode_new(uow_factory, clock, index, limit=100)
    first, then = (BUYER, words), (SELLER, OFFERS[offer])
    if not need_first:
        first, then = then, first
    post, _ = await opened(uow_factory, clock, index, *first)
    await meaning.encode_new(uow_factory, clock, index)
    other, _ = await opened(uow_factory, clock, index, *then)
    await meaning.encode_new(uow_factory, clock, index)
    found = await _matches(uow_factory, post.id)
    (pair,) = [m for m in found if other.id in (m.offer_id, m.need_id)]
    # by meaning, or at once by the words where a new offer names the need's product
    assert pair.reasons[0]["kind"] in ("meaning", "concept")
    assert pair.reasons[0]["kind"] == "meaning" or need_first


@pytest.mark.parametrize("need_first", [False, True])
async def test_the_playground_s_hamburg_buyer_hears_of_the_steel_cups_alone(
    uow_factory: UowFactory, clock: FixedClock, need_first: bool
) -> None:
    """Among the playground's posts the Yiwu glass cups are a far second from the
    Hamburg need's view, and so are the M6 steel screws, which find that need standing
    out among the few needs (both say stainless steel) when it was posted first: whoever
    posts first, the buyer hears of the steel cups only."""
    from bot.playground.world import PEOPLE

    index = MatchingIndex(MatchPolicy(), encoder=SHARED)
    await add_user(uow_factory, BUYER, Lang.EN)
    world = [(300 + n, text) for n, person in enumerate(PEOPLE) for text in person.posts]
    if need_first:
        need, _ = await opened(uow_factory, clock, index, BUYER, HAMBURG)
        await meaning.encode_new(uow_factory, clock, index)
    for user_id, text in world:
        await opened(uow_factory, clock, index, user_id, text)
        await meaning.encode_new(uow_factory, clock, index)
    if not need_first:
        need, _ = await opened(uow_factory, clock, index, BUYER, HAMBURG)
        await meaning.encode_new(uow_factory, clock, index)
    async with uow_factory() as uow:
        offers = [
            await uow.posts.get(m.offer_id) for m in await uow.matches.for_post(need.id or 0)
        ]
    assert [post.raw_text for post in offers if post] == [PEOPLE[0].posts[0]]


async def test_a_buyer_heard_of_an_offer_by_words_is_not_told_again_by_meaning(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Found by the 30-day audit: a new offer alerted a buyer's need by its words, then
    the same buyer's other need for the same goods by meaning a second later."""
    index = MatchingIndex(MatchPolicy(), encoder=SHARED)
    await add_user(uow_factory, BUYER, Lang.EN)
    for n, text in enumerate(MARKET):
        await opened(uow_factory, clock, index, 100 + n, text)
    by_meaning, _ = await opened(uow_factory, clock, index, BUYER, HAMBURG)
    by_words, _ = await opened(
        uow_factory, clock, index, BUYER, "Looking for vacuum flasks, 3000 pcs, under $2.5"
    )
    await meaning.encode_new(uow_factory, clock, index, limit=100)
    clock.advance(timedelta(seconds=1))
    cups, alerted = await opened(uow_factory, clock, index, SELLER, CUPS)
    assert alerted == 1  # the vacuum flasks, by their words
    clock.advance(timedelta(seconds=1))
    await meaning.encode_new(uow_factory, clock, index)
    assert [m.need_id for m in await _matches(uow_factory, cups.id)] == [by_words.id]
    assert await _matches(uow_factory, by_meaning.id) == []
