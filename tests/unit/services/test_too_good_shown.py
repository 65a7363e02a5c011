"""The too-good-to-be-true warning wherever an offer is shown to someone who may buy it
(issue 33): /search, a post opened from a digest's link, follow-ups, contact requests and
contact cards. It is judged on the offer as it stands now: a seller who edits the price
after the alert neither hides the warning (raised again) nor keeps it (lowered later)."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Lang, Post
from bot.services.after_effects import Table
from bot.services.contacts import contact_requests
from bot.services.matching import indexing, search
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from bot.services.schedule import Schedule
from bot.texts import t
from bot.texts.lists import search_page
from tests.fakes import FixedClock
from tests.readers import conversion
from tests.unit.services.world import TTL, add_user, new_index, opened, sweep

CHEAP, FAIR = 4, 1  # sellers 1-3 ask 12, 11 and 13 yuan; seller 4 asks 6 (under 60% of 12)
BUYER = 9
NEED = "求购 不锈钢保温杯 3000个 单价15元以内"
WARNING = str(t(Lang.ZH_HANS, "alert.too_good"))
SCHEDULE = Schedule(post_ttl=TTL)


async def _market(
    uow_factory: UowFactory, clock: FixedClock, *, need: bool = True
) -> tuple[indexing.MatchingIndex, dict[int, Post]]:
    """Four offers of one product, one far under the others, and the buyer's need."""
    index, offers = new_index(), {}
    for seller, price in ((1, 12), (2, 11), (3, 13), (CHEAP, 6)):
        await add_user(uow_factory, seller)
        text = f"出售 不锈钢保温杯 起订100个 {price}元/个"
        offers[seller], _ = await opened(uow_factory, clock, index, seller, text)
    await add_user(uow_factory, BUYER)
    if need:
        await opened(uow_factory, clock, index, BUYER, NEED)
    return index, offers


async def _texts(uow_factory: UowFactory, user_id: int, kind: str) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == user_id and m.kind == kind]


async def _match_of(uow_factory: UowFactory, offer: Post) -> int:
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(offer.id or -1)
    assert match.id is not None
    return match.id


async def _reprice(
    uow_factory: UowFactory, clock: FixedClock, index: indexing.MatchingIndex, offer: Post, to: str
) -> None:
    assert offer.id is not None
    after = Table(index, SCHEDULE)
    await publishing.edit_field(uow_factory, clock, after, offer.id, offer.user_id, "price", to)


async def test_search_warns_of_the_cheap_offer_only_and_never_its_owner(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, offers = await _market(uow_factory, clock, need=False)
    found, _more, warned = await search.search(uow_factory, clock, index, "保温杯", 0, 5, BUYER)
    assert len(found) == 4 and warned == {offers[CHEAP].id}
    page = search_page(
        Lang.ZH_HANS, "保温杯", found, 0, 1, 1, warned, conversion=conversion(Lang.ZH_HANS)
    )
    assert page.count(WARNING) == 1
    cheap_block = next(b for b in page.split("\n\n") if "¥6" in b)
    assert WARNING in cheap_block
    _found, _more, own = await search.search(uow_factory, clock, index, "保温杯", 0, 5, CHEAP)
    assert own == frozenset()  # the seller is not told


async def test_a_post_opened_from_a_digest_link_carries_the_warning(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, offers = await _market(uow_factory, clock, need=False)
    cheap, fair = offers[CHEAP].id or -1, offers[FAIR].id or -1
    assert (await search.open_post(uow_factory, clock, index, cheap, BUYER))[1] is True
    assert (await search.open_post(uow_factory, clock, index, fair, BUYER))[1] is False
    assert (await search.open_post(uow_factory, clock, index, cheap, CHEAP))[1] is False


async def test_the_warning_follows_the_price_as_it_stands_after_an_edit(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, offers = await _market(uow_factory, clock, need=False)
    cheap, fair = offers[CHEAP], offers[FAIR]
    await _reprice(uow_factory, clock, index, cheap, "12元/个")  # raised: no longer too good
    await _reprice(uow_factory, clock, index, fair, "5元/个")  # lowered after its alert
    _found, _more, warned = await search.search(uow_factory, clock, index, "保温杯", 0, 5, BUYER)
    assert warned == {fair.id}
    assert (await search.open_post(uow_factory, clock, index, fair.id or -1, BUYER))[1]
    assert not (await search.open_post(uow_factory, clock, index, cheap.id or -1, BUYER))[1]


async def test_a_follow_up_warns_the_buyer_even_when_the_price_fell_after_the_alert(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, offers = await _market(uow_factory, clock)
    alerts = await _texts(uow_factory, BUYER, "match.alert")
    assert sum(WARNING in a for a in alerts) == 1  # the first alert: the ¥6 offer
    await _reprice(uow_factory, clock, index, offers[FAIR], "5元/个")  # 5 <= 60% of 12
    clock.advance(SCHEDULE.follow_up_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index, SCHEDULE)
    follow_ups = await _texts(uow_factory, BUYER, "match.follow_up")
    warned = [f for f in follow_ups if WARNING in f]
    assert len(follow_ups) == 4 and len(warned) == 2
    assert any("¥6" in f for f in warned) and any("¥5" in f for f in warned)
    for seller in offers:  # a seller's follow-up is about the need: never warned
        assert all(WARNING not in f for f in await _texts(uow_factory, seller, "match.follow_up"))


async def test_a_buyer_asking_about_a_cheap_offer_is_warned_and_its_seller_is_not(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, offers = await _market(uow_factory, clock)
    for seller, key in ((CHEAP, "contact.sent_too_good"), (FAIR, "contact.sent")):
        match_id = await _match_of(uow_factory, offers[seller])
        asked = await contact_requests.ask_about_match(
            uow_factory, clock, BUYER, match_id, SCHEDULE, index=index
        )
        assert asked == key
        (request,) = await _texts(uow_factory, seller, "contact.request")
        assert WARNING not in request
    for lang in Lang:  # a callback answer holds at most 200 characters
        assert len(str(t(lang, "contact.sent_too_good"))) <= 200
    asked = await contact_requests.ask_about_post(
        uow_factory, clock, BUYER, offers[2].id or -1, SCHEDULE, index=index
    )
    assert asked == "contact.sent"


async def test_a_cheap_seller_asking_the_buyer_shows_the_warning_with_the_offer(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, offers = await _market(uow_factory, clock)
    for seller in (CHEAP, FAIR):
        match_id = await _match_of(uow_factory, offers[seller])
        await contact_requests.ask_about_match(
            uow_factory, clock, seller, match_id, SCHEDULE, index=index
        )
    cheap_request, fair_request = await _texts(uow_factory, BUYER, "contact.request")
    assert WARNING in cheap_request and "¥6" in cheap_request
    assert WARNING not in fair_request
    clock.advance(SCHEDULE.follow_up_after + timedelta(minutes=1))  # the buyer did not answer
    await sweep(uow_factory, clock, index, SCHEDULE)
    nudges = await _texts(uow_factory, BUYER, "contact.follow_up")
    assert len(nudges) == 2 and sum(WARNING in n for n in nudges) == 1


async def test_the_buyer_s_contact_card_of_a_cheap_offer_warns_and_the_seller_s_does_not(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, offers = await _market(uow_factory, clock)
    match_id = await _match_of(uow_factory, offers[CHEAP])
    await contact_requests.ask_about_match(
        uow_factory, clock, BUYER, match_id, SCHEDULE, index=index
    )
    async with uow_factory() as uow:
        request = await uow.contact_requests.find(BUYER, CHEAP, None, match_id)
    assert request is not None and request.id is not None
    await contact_requests.accept(uow_factory, clock, request.id, CHEAP, SCHEDULE, index=index)
    (buyer_card,) = await _texts(uow_factory, BUYER, "contact.card")
    (seller_card,) = await _texts(uow_factory, CHEAP, "contact.card")
    assert WARNING in buyer_card and WARNING not in seller_card
