"""Trade circles: posts written in a group, and which posts they may match."""

from __future__ import annotations

from bot.domain.circles import in_scope, kind_from_hashtags
from bot.domain.models import Circle, PostKind
from bot.services import circles
from bot.services.ports import UowFactory
from bot.services.schedule import Schedule
from tests.fakes import FixedClock
from tests.unit.services.world import NEED, OFFER, TTL, add_user, new_index, opened

GROUP, OTHER_GROUP = -100, -200
SCHEDULE = Schedule(post_ttl=TTL)


async def _in_group(uow_factory, clock, index, chat_id, user_id, text):  # type: ignore[no-untyped-def]
    await add_user(uow_factory, user_id)
    return await circles.post_in_circle(
        uow_factory, clock, SCHEDULE, index, (chat_id, "Cups"), user_id, text
    )


async def test_chatter_is_left_alone_and_posts_are_published_in_the_circle(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    assert await _in_group(uow_factory, clock, index, GROUP, 1, "大家早上好") is None
    assert await _in_group(uow_factory, clock, index, GROUP, 1, "有现货，欢迎询价") is None
    published = await _in_group(uow_factory, clock, index, GROUP, 1, OFFER)
    assert published is not None
    post, _ = published
    assert post.circle_id == GROUP and post.kind is PostKind.OFFER
    async with uow_factory() as uow:
        assert await uow.circles.is_member(GROUP, 1)


async def test_a_circle_post_matches_within_its_circle_only_unless_open(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await _in_group(uow_factory, clock, index, GROUP, 1, OFFER)
    _, outside = await opened(uow_factory, clock, index, 2, NEED)  # the open market
    assert outside == 0
    other = await _in_group(uow_factory, clock, index, OTHER_GROUP, 3, NEED)
    assert other is not None and other[1] == 0  # another closed circle
    inside = await _in_group(uow_factory, clock, index, GROUP, 4, NEED)
    assert inside is not None and inside[1] == 1


def test_scope_rule_and_hashtags() -> None:
    from tests.integration.factories import make_post

    closed, opened_circle = Circle(2), Circle(3, open_to_market=True)
    a = make_post(1, kind=PostKind.OFFER)
    b = make_post(2, kind=PostKind.NEED)
    assert in_scope(a, None, b, None)
    a.circle_id, b.circle_id = 2, 2
    assert in_scope(a, closed, b, closed)
    b.circle_id = None
    assert not in_scope(a, closed, b, None)
    a.circle_id = 3
    assert in_scope(a, opened_circle, b, None)
    b.circle_id = 2
    assert not in_scope(a, opened_circle, b, closed)  # the other circle is closed
    assert kind_from_hashtags("#求购 保温杯") is PostKind.NEED
    assert kind_from_hashtags("hello #Offer") is PostKind.OFFER
    assert kind_from_hashtags("#保温杯") is None
