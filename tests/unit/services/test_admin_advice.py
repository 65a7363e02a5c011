"""Circle admins reach out (issue 36): the posts on their list, and whose advice they may
bring forward. A member who turned advice off in /settings is neither listed nor advised:
an admin cannot turn it on for them."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from bot.domain.models import Circle
from bot.services.errors import UserFacingError
from bot.services.follow_ups import NO_INTEREST
from bot.services.ports import UowFactory
from bot.services.reminders.admin_advice import advise_now, quiet_posts
from tests.fakes import FixedClock
from tests.unit.services.world import add_user, new_index, opened

CIRCLE, ADMIN, WANTS_ADVICE, NO_ADVICE = -100, 1, 2, 3
QUIET_AFTER = timedelta(days=2)


async def test_only_posts_whose_member_still_wants_advice_are_listed_and_advised(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for user_id in (ADMIN, WANTS_ADVICE, NO_ADVICE):
        await add_user(uow_factory, user_id)
    posts = {}
    for user_id in (WANTS_ADVICE, NO_ADVICE):
        post, _ = await opened(uow_factory, clock, index, user_id, "出售 竹砧板 起订200个 25元/个")
        posts[user_id] = post.id
    async with uow_factory() as uow:
        await uow.circles.save(Circle(CIRCLE, "Boards"))
        for post_id in posts.values():
            stored = await uow.posts.get(post_id)
            assert stored is not None
            await uow.posts.update(replace(stored, circle_id=CIRCLE))  # written in the circle
        member = await uow.users.get(NO_ADVICE)
        assert member is not None
        await uow.users.upsert(replace(member, reminders_off=("advice",)))
        await uow.commit()
    _, young = await quiet_posts(uow_factory, clock, QUIET_AFTER, CIRCLE, ADMIN)
    assert young == []  # two days give others time to answer
    clock.advance(timedelta(days=3))
    _, listed = await quiet_posts(uow_factory, clock, QUIET_AFTER, CIRCLE, ADMIN)
    assert [q.post.id for q in listed] == [posts[WANTS_ADVICE]]
    for _ in range(2):  # a second tap before it went: still the one advice, due now
        assert await advise_now(uow_factory, clock, CIRCLE, posts[WANTS_ADVICE]) == "User 2"
    async with uow_factory() as uow:
        due = await uow.reminders.pending(post_id=posts[WANTS_ADVICE], kinds=[NO_INTEREST])
    assert [r.due_at for r in due] == [clock.now()]
    with pytest.raises(UserFacingError):  # turned off in /settings
        await advise_now(uow_factory, clock, CIRCLE, posts[NO_ADVICE])
    with pytest.raises(UserFacingError):  # a guessed id from another circle
        await advise_now(uow_factory, clock, -200, posts[WANTS_ADVICE])
