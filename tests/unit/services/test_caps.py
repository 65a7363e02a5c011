"""Caps an attacker meets (issue 31, smaller points): contact requests a member may make in
a day, and open posts one member may have at once. Before, neither had a limit: one account
could ask every seller of the market for their contacts, or flood it with posts."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services.contacts import contact_requests
from bot.services.contacts.contact_requests import MAX_ASKED_A_DAY
from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from bot.services.posting.publishing import MAX_OPEN_POSTS
from tests.fakes import FixedClock
from tests.unit.services.world import add_user, new_index, opened

ASKER = 999


async def test_contact_requests_are_capped_a_day(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, ASKER)
    posts = []
    for seller in range(1, MAX_ASKED_A_DAY + 3):
        post, _ = await opened(uow_factory, clock, index, seller, f"出售 保温杯{seller}号 12元/个")
        posts.append(post.id or -1)
    for post_id in posts[:MAX_ASKED_A_DAY]:
        await contact_requests.ask_about_post(uow_factory, clock, ASKER, post_id)
    # asking again about one already asked is no new request: still answered as before
    again = await contact_requests.ask_about_post(uow_factory, clock, ASKER, posts[0])
    assert again == "contact.already_sent"
    with pytest.raises(UserFacingError, match="contact.too_many_today"):
        await contact_requests.ask_about_post(uow_factory, clock, ASKER, posts[-2])
    clock.advance(timedelta(days=1, minutes=1))
    assert await contact_requests.ask_about_post(uow_factory, clock, ASKER, posts[-2])


async def test_open_posts_are_capped_per_member(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for n in range(MAX_OPEN_POSTS):
        await opened(uow_factory, clock, index, ASKER, f"出售 螺丝M{n} 1元/个")
    with pytest.raises(UserFacingError, match="post.too_many_open"):
        await opened(uow_factory, clock, index, ASKER, "出售 螺母 1元/个")
