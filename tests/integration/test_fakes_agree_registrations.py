"""The fake registrations and circle posters (tests/fakes/people.py) and the SQL ones agree,
on the fakes, SQLite and PostgreSQL (the stores of `agreeing_stores`); /forget deletes a
member's registrations on each."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Circle, PostStatus
from bot.services.ports import UowFactory
from tests.integration.agreeing_stores import add_users
from tests.integration.factories import NOW, make_post

CODE = "91350100M000100Y43"


async def test_claims_of_a_number_first_first_each_account_once(uow_factory: UowFactory) -> None:
    await add_users(uow_factory, 1, 2, 3)
    async with uow_factory() as uow:
        await uow.registrations.add("CN", CODE, 2, NOW)
        await uow.registrations.add("CN", CODE, 1, NOW + timedelta(minutes=1))
        await uow.registrations.add("CN", CODE, 2, NOW + timedelta(minutes=2))  # again
        await uow.registrations.add("GB", CODE, 3, NOW)  # another country's number
        await uow.commit()
        await uow.registrations.add("CN", CODE, 3, NOW + timedelta(minutes=3))
    async with uow_factory() as uow:  # the uncommitted claim is gone
        assert await uow.registrations.claimants("CN", CODE) == [2, 1]
        assert await uow.registrations.claimants("GB", CODE) == [3]
        assert await uow.registrations.claimants("CN", "nobody's") == []
        with pytest.raises(Exception, match="(?i)foreign key"):
            await uow.registrations.add("CN", CODE, 404, NOW)


async def test_forgetting_deletes_the_member_s_claims(uow_factory: UowFactory) -> None:
    await add_users(uow_factory, 1, 2)
    async with uow_factory() as uow:
        await uow.registrations.add("CN", CODE, 1, NOW)
        await uow.registrations.add("CN", CODE, 2, NOW + timedelta(minutes=1))
        await uow.commit()
    async with uow_factory() as uow:
        await uow.erasure.forget(1, -1_000_001, [], {}, NOW)
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.registrations.claimants("CN", CODE) == [2]


async def test_a_circle_s_posters_are_the_members_with_a_post_in_it(
    uow_factory: UowFactory,
) -> None:
    await add_users(uow_factory, 1, 2, 3)
    async with uow_factory() as uow:
        for chat_id in (-100, -200):
            await uow.circles.save(Circle(chat_id, "Cups", created_at=NOW))
        for user_id, chat_id, status in (
            (1, -100, PostStatus.OPEN),
            (1, -100, PostStatus.WITHDRAWN),
            (2, -100, PostStatus.EXPIRED),  # a closed post still shows they posted
            (3, -200, PostStatus.OPEN),
            (3, None, PostStatus.OPEN),  # the open market
        ):
            post = make_post(user_id, status=status)
            post.circle_id = chat_id
            await uow.posts.add(post)
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.circles.posters(-100) == {1, 2}
        assert await uow.circles.posters(-200) == {3}
        assert await uow.circles.posters(-300) == set()
