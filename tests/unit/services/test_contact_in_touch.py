"""Two people already in touch (issue 35, "every message true, said once"): once they have
exchanged contacts, about anything and whoever asked (a /search result, another match), or
while a request between them waits, no "still interested? the other side is waiting"
nudge; Contact shows the card they already have instead of asking again; and declining a
request says only what is true of what the other side saw before."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Lang
from bot.services.contacts import contact_requests
from bot.services.follow_ups import MATCH_FOLLOW_UP
from bot.services.ports import UowFactory
from bot.services.schedule import Schedule
from bot.texts import t
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import NEED, OFFER, TTL, add_user, new_index, opened, sweep

SELLER, BUYER = 1, 2
SCHEDULE = Schedule(post_ttl=TTL)
LUNCH_BOXES = "出售 304不锈钢饭盒 起订500个 8元/个 义乌发货"  # the seller's other goods
LUNCH_BOXES_WANTED = "求购 不锈钢饭盒 2000个 单价10元以内"  # the buyer's second need
LATER = SCHEDULE.follow_up_after + timedelta(minutes=1)


async def _texts(uow_factory: UowFactory, user_id: int, kind: str) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == user_id and m.kind == kind]


async def _two_matches(uow_factory: UowFactory, clock: FixedClock) -> tuple[int, int, int]:
    """Two matches between the seller and the buyer, about two goods (a buyer hears of an
    offer once, so one pair of posts makes one): (the cups offer's id, the cups' match id,
    the lunch boxes' match id)."""
    index = new_index()
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await add_user(uow_factory, BUYER, Lang.EN)
    offer, _ = await opened(uow_factory, clock, index, SELLER, OFFER)
    boxes, _ = await opened(uow_factory, clock, index, SELLER, LUNCH_BOXES)
    await opened(uow_factory, clock, index, BUYER, NEED)
    await opened(uow_factory, clock, index, BUYER, LUNCH_BOXES_WANTED)
    async with uow_factory() as uow:
        (first,) = await uow.matches.for_post(offer.id or -1)
        (second,) = await uow.matches.for_post(boxes.id or -1)
    assert offer.id and first.id and second.id and first.offer_alerted and second.offer_alerted
    return offer.id, first.id, second.id


async def _request(uow_factory: UowFactory, asker: int, owner: int, match_id: int | None) -> int:
    async with uow_factory() as uow:
        request = await uow.contact_requests.find(asker, owner, None, match_id)
    assert request is not None and request.id is not None
    return request.id


async def _nudges(uow_factory: UowFactory, clock: FixedClock) -> list[str]:
    """The match follow-ups either side gets a day after the alerts."""
    clock.advance(LATER)
    await sweep(uow_factory, clock)
    return [
        *await _texts(uow_factory, SELLER, MATCH_FOLLOW_UP),
        *await _texts(uow_factory, BUYER, MATCH_FOLLOW_UP),
    ]


async def test_no_nudge_after_contacts_were_exchanged_through_search(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    offer_id, _first, _second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_post(uow_factory, clock, BUYER, offer_id)
    request_id = await _request(uow_factory, BUYER, SELLER, None)
    await contact_requests.accept(uow_factory, clock, request_id, SELLER)
    assert await _nudges(uow_factory, clock) == []
    ended = [r for r in store.tables.reminders.values() if r.kind == MATCH_FOLLOW_UP]
    assert len(ended) == 4 and {r.reason for r in ended} == {"already in touch"}


async def test_no_nudge_about_another_match_after_an_exchange(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    _offer, first, _second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, first)
    request_id = await _request(uow_factory, BUYER, SELLER, first)
    await contact_requests.accept(uow_factory, clock, request_id, SELLER)
    assert await _nudges(uow_factory, clock) == []


async def test_no_nudge_while_a_request_between_them_waits(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    _offer, first, _second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, first)
    assert await _nudges(uow_factory, clock) == []
    # what the seller hears instead is the request itself, once
    assert len(await _texts(uow_factory, SELLER, "contact.follow_up")) == 1


async def test_contact_between_people_in_touch_shows_their_card_and_asks_nothing(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    offer_id, first, second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_post(uow_factory, clock, BUYER, offer_id)
    await contact_requests.accept(
        uow_factory, clock, await _request(uow_factory, BUYER, SELLER, None), SELLER
    )
    requests = dict(store.tables.contact_requests)
    for match_id in (first, second, second):  # a nudge's button, an old alert's, pressed twice
        key = await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id)
        assert key == "contact.already_in_touch"
    key = await contact_requests.ask_about_match(uow_factory, clock, SELLER, first)
    assert key == "contact.already_in_touch"
    assert store.tables.contact_requests == requests  # nothing asked again
    assert len(await _texts(uow_factory, SELLER, "contact.request")) == 1
    to_buyer = await _texts(uow_factory, BUYER, "contact.card")
    assert len(to_buyer) == 4 and all(f"tg://user?id={SELLER}" in c for c in to_buyer)
    to_seller = await _texts(uow_factory, SELLER, "contact.card")
    assert len(to_seller) == 2 and all(f"tg://user?id={BUYER}" in c for c in to_seller)
    async with uow_factory() as uow:  # no second deal: nobody agreed to anything new
        assert len(await uow.deals.between(SELLER, BUYER)) == 1


async def test_search_contact_after_a_match_exchange_shows_the_card(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    offer_id, first, _second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, first)
    await contact_requests.ask_about_match(uow_factory, clock, SELLER, first)  # agreement
    key = await contact_requests.ask_about_post(uow_factory, clock, BUYER, offer_id)
    assert key == "contact.already_in_touch"
    assert len(await _texts(uow_factory, SELLER, "contact.request")) == 1


async def test_declining_after_an_earlier_exchange_says_what_is_true(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    _offer, first, second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, first)  # waits
    await contact_requests.ask_about_match(uow_factory, clock, SELLER, second)
    accepted = await _request(uow_factory, SELLER, BUYER, second)
    await contact_requests.accept(uow_factory, clock, accepted, BUYER)  # exchanged
    waiting = await _request(uow_factory, BUYER, SELLER, first)
    key = await contact_requests.decline(uow_factory, clock, waiting, SELLER)
    assert key == "contact.declined_known"
    said = str(t(Lang.ZH_HANS, key))
    assert "看不到" not in said and "之前" in said
    assert len(await _texts(uow_factory, BUYER, "contact.declined")) == 1  # told, as ever


async def test_declining_a_stranger_still_says_they_see_nothing(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    _offer, first, _second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, first)
    waiting = await _request(uow_factory, BUYER, SELLER, first)
    key = await contact_requests.decline(uow_factory, clock, waiting, SELLER)
    assert key == "contact.declined_you"


async def test_a_decline_after_an_exchange_ends_being_in_touch(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """The seller declined the buyer after their exchange: an old alert's Contact does not
    send her card again (her details as they stand now, which she no longer agrees to
    show); it asks her, and she may say no again."""
    _offer, first, second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, first)  # waits
    await contact_requests.ask_about_match(uow_factory, clock, SELLER, second)
    await contact_requests.accept(
        uow_factory, clock, await _request(uow_factory, SELLER, BUYER, second), BUYER
    )
    clock.advance(timedelta(minutes=5))
    waiting = await _request(uow_factory, BUYER, SELLER, first)
    await contact_requests.decline(uow_factory, clock, waiting, SELLER)
    cards = len(await _texts(uow_factory, BUYER, "contact.card"))
    clock.advance(timedelta(minutes=5))
    key = await contact_requests.ask_about_match(uow_factory, clock, BUYER, second)
    assert key != "contact.already_in_touch"
    assert len(await _texts(uow_factory, BUYER, "contact.card")) == cards  # nothing shown


async def test_a_request_left_waiting_is_not_followed_up_once_they_are_in_touch(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Found by the 30-day audit at full size: each asked the other about a different
    match; one accepted, and the other request's owner was still told "someone is waiting
    for your answer" a day later."""
    _offer, first, second = await _two_matches(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, first)
    await contact_requests.ask_about_match(uow_factory, clock, SELLER, second)
    request_id = await _request(uow_factory, BUYER, SELLER, first)
    await contact_requests.accept(uow_factory, clock, request_id, SELLER)
    clock.advance(LATER)
    await sweep(uow_factory, clock)
    for user in (SELLER, BUYER):
        assert await _texts(uow_factory, user, "contact.follow_up") == []
        assert await _texts(uow_factory, user, "contact.unanswered") == []
