"""Contact requests, double opt-in: nothing about a person flows before both agreed."""

from __future__ import annotations

import pytest

from bot.domain.models import Lang
from bot.services.after_effects import Table
from bot.services.contacts import contact_requests, dismissals
from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from tests.fakes import FixedClock
from tests.unit.services.world import NEED, OFFER, add_user, new_index, opened, outbox_kinds

SELLER, BUYER, STRANGER = 1, 2, 3


async def _matched(uow_factory: UowFactory, clock: FixedClock) -> int:
    index = new_index()
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await add_user(uow_factory, BUYER, Lang.EN)
    offer, _ = await opened(uow_factory, clock, index, SELLER, OFFER)
    await opened(uow_factory, clock, index, BUYER, NEED)
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(offer.id or -1)
    assert match.id is not None
    return match.id


async def _request_from_buyer(uow_factory: UowFactory, match_id: int) -> int:
    async with uow_factory() as uow:
        request = await uow.contact_requests.find(BUYER, SELLER, None, match_id)
    assert request is not None and request.id is not None
    return request.id


async def _requests_to(uow_factory: UowFactory, user_id: int) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now().replace(year=2100), 100)
    return [m.text for m in due if m.chat_id == user_id and m.kind == "contact.request"]


async def test_contact_asks_the_other_side_and_reveals_nothing_yet(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    match_id = await _matched(uow_factory, clock)
    key = await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id)
    assert key == "contact.sent"
    (request,) = await _requests_to(uow_factory, SELLER)
    assert "tg://user" not in request
    assert "contact.card" not in await outbox_kinds(uow_factory, BUYER)
    again = await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id)
    assert again == "contact.already_sent"


async def test_accepting_sends_both_contact_cards(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    match_id = await _matched(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id)
    request_id = await _request_from_buyer(uow_factory, match_id)
    with pytest.raises(UserFacingError):  # only the asked side answers
        await contact_requests.accept(uow_factory, clock, request_id, BUYER)
    assert await contact_requests.accept(uow_factory, clock, request_id, SELLER) == (
        "contact.accepted_you"
    )
    assert "contact.card" in await outbox_kinds(uow_factory, SELLER)
    assert "contact.card" in await outbox_kinds(uow_factory, BUYER)
    with pytest.raises(UserFacingError) as twice:
        await contact_requests.decline(uow_factory, clock, request_id, SELLER)
    assert twice.value.key == "button.expired"


async def test_both_pressing_contact_is_agreement(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    match_id = await _matched(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id)
    key = await contact_requests.ask_about_match(uow_factory, clock, SELLER, match_id)
    assert key == "contact.accepted_you"
    assert "contact.card" in await outbox_kinds(uow_factory, BUYER)


async def test_declining_tells_the_asker_only_that(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    match_id = await _matched(uow_factory, clock)
    await contact_requests.ask_about_match(uow_factory, clock, BUYER, match_id)
    request_id = await _request_from_buyer(uow_factory, match_id)
    await contact_requests.decline(uow_factory, clock, request_id, SELLER)
    assert "contact.declined" in await outbox_kinds(uow_factory, BUYER)
    assert "contact.card" not in await outbox_kinds(uow_factory, BUYER)


async def test_strangers_and_closed_posts_are_refused(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    match_id = await _matched(uow_factory, clock)
    await add_user(uow_factory, STRANGER)
    with pytest.raises(UserFacingError) as refused:
        await contact_requests.ask_about_match(uow_factory, clock, STRANGER, match_id)
    assert refused.value.key == "button.not_yours"
    async with uow_factory() as uow:
        match = await uow.matches.get(match_id)
    assert match is not None
    with pytest.raises(UserFacingError) as own:
        await contact_requests.ask_about_post(uow_factory, clock, SELLER, match.offer_id)
    assert own.value.key == "contact.own_post"
    await publishing.close(
        uow_factory, clock, Table(new_index()), match.offer_id, SELLER, deal=False
    )
    with pytest.raises(UserFacingError) as gone:
        await contact_requests.ask_about_post(uow_factory, clock, STRANGER, match.offer_id)
    assert gone.value.key == "contact.gone"


async def test_a_dismissal_is_kept_and_lowers_similar_matches(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, SELLER)
    await add_user(uow_factory, BUYER)
    offer, _ = await opened(uow_factory, clock, index, SELLER, OFFER)
    need, _ = await opened(uow_factory, clock, index, BUYER, NEED)
    async with uow_factory() as uow:
        (match,) = await uow.matches.for_post(need.id or -1)
    assert match.id is not None
    await dismissals.dismiss_match(uow_factory, clock, Table(index), match.id, BUYER)
    async with uow_factory() as uow:
        stored = await uow.matches.get(match.id)
        assert await uow.matches.dismissals() == [(BUYER, offer.id)]
    assert stored is not None and stored.need_dismissed and not stored.offer_dismissed
