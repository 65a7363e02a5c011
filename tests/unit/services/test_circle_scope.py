"""A post kept to its trade circle is for its members only (issue 31, 2): before, only match
alerts kept to the scope, and an outsider found such a post by /search and by
`/start p<id>` (ids are sequential), and their Contact reached the owner."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Lang
from bot.services.after_effects import Table
from bot.services.circles import circle_admin, groups
from bot.services.contacts import contact_requests
from bot.services.errors import UserFacingError
from bot.services.matching import search
from bot.services.people.users import TelegramPerson
from bot.services.ports import UowFactory
from bot.services.posting import posts
from bot.services.schedule import Schedule
from tests.fakes import FixedClock
from tests.unit.services.world import OFFER, TTL, add_user, new_index, opened, sweep

GROUP = -100
OWNER, MEMBER, OUTSIDER = 1, 2, 3


async def _circle_offer(uow_factory: UowFactory, clock: FixedClock) -> tuple[object, int]:
    index = new_index()
    for user_id in (OWNER, MEMBER, OUTSIDER):
        await add_user(uow_factory, user_id)
    await groups.member_joined(uow_factory, clock, (GROUP, "Cups"), TelegramPerson(MEMBER, "M"))
    result = await groups.post_in_circle(
        uow_factory,
        clock,
        Schedule(post_ttl=TTL),
        Table(index, Schedule(post_ttl=TTL)),
        (GROUP, "Cups"),
        OWNER,
        OFFER,
    )
    assert result.post is not None and result.post.id is not None
    return index, result.post.id


async def test_an_outsider_cannot_find_open_or_contact_a_circle_post(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, post_id = await _circle_offer(uow_factory, clock)
    found, _, _ = await search.search(uow_factory, clock, index, "保温杯", 0, 5, OUTSIDER)
    assert found == []
    with pytest.raises(UserFacingError, match="post.not_found"):
        await posts.open_post(uow_factory, clock, post_id, OUTSIDER)  # a guessed /start p<id>
    with pytest.raises(UserFacingError, match="post.not_found"):
        await contact_requests.ask_about_post(uow_factory, clock, OUTSIDER, post_id)
    # its members see it
    found, _, _ = await search.search(uow_factory, clock, index, "保温杯", 0, 5, MEMBER)
    assert [p.id for p in found] == [post_id]
    assert (await posts.open_post(uow_factory, clock, post_id, MEMBER)).id == post_id
    assert await contact_requests.ask_about_post(uow_factory, clock, MEMBER, post_id)


async def test_a_circle_open_to_the_market_is_seen_by_anyone(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index, post_id = await _circle_offer(uow_factory, clock)
    await circle_admin.change(uow_factory, clock, GROUP, "open", "on")
    found, _, _ = await search.search(uow_factory, clock, index, "保温杯", 0, 5, OUTSIDER)
    assert [p.id for p in found] == [post_id]
    assert (await posts.open_post(uow_factory, clock, post_id, OUTSIDER)).id == post_id


@pytest.mark.parametrize("open_to_market", [False, True])
async def test_advice_names_related_offers_only_from_where_the_reader_may_look(
    uow_factory: UowFactory, clock: FixedClock, open_to_market: bool
) -> None:
    index = new_index()
    for user_id in (OWNER, OUTSIDER):
        await add_user(uow_factory, user_id, Lang.EN)
    offer = "出售 玻璃保温杯 起订300个 20元/个 义乌"
    await groups.post_in_circle(
        uow_factory,
        clock,
        Schedule(post_ttl=TTL),
        Table(index, Schedule(post_ttl=TTL)),
        (GROUP, "Cups"),
        OWNER,
        offer,
    )
    if open_to_market:
        await circle_admin.change(uow_factory, clock, GROUP, "open", "on")
    await opened(uow_factory, clock, index, OUTSIDER, "Looking for vacuum flask 2000 pcs")
    clock.advance(Schedule(post_ttl=TTL).nudge_after + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    async with uow_factory() as uow:
        due = await uow.outbox.due(clock.now() + timedelta(days=3650), 1000)
    (advice,) = [m.text for m in due if m.chat_id == OUTSIDER and m.kind == "post.no_interest"]
    assert ("300" in advice) is open_to_market, advice
