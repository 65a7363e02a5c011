"""Drafts: a message becomes a draft or a clear refusal; drafts are cancelled; /my lists."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from bot.domain.models import PostKind, PostStatus
from bot.services.after_effects import Table
from bot.services.errors import KindUnclear, UserFacingError
from bot.services.ports import UowFactory
from bot.services.posting import posts, publishing
from tests.fakes import FixedClock
from tests.unit.services.world import OFFER, TTL, add_user, drafted, new_index, opened, stored


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("   ", "post.empty"),
        ("#$%^&*()_+=-~`|\\/<>?!" * 20, "post.garbled"),
        ("hello, how are you?", "post.not_a_post"),
        ("出售 保温杯 0元/个", "problem.price.zero"),
    ],
)
async def test_messages_that_are_not_posts_are_refused_and_nothing_is_saved(
    uow_factory: UowFactory, clock: FixedClock, text: str, key: str
) -> None:
    await add_user(uow_factory, 1)
    with pytest.raises(UserFacingError) as refused:
        await posts.draft(uow_factory, clock, TTL, 1, text)
    assert refused.value.key == key
    assert await posts.list_mine(uow_factory, 1, 0, 10) == ([], 0)


async def test_a_post_without_a_product_asks_for_one(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await add_user(uow_factory, 1)
    result = await posts.draft(uow_factory, clock, TTL, 1, "求购 5000个 10元以内")
    assert result.needs_product and result.post.status is PostStatus.DRAFT


async def test_a_draft_is_cancelled_once_and_an_open_post_is_not_cancelled(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    draft = await drafted(uow_factory, clock, 1, OFFER)
    await posts.discard(uow_factory, clock, draft.id or -1, 1)
    assert (await stored(uow_factory, draft.id)).status is PostStatus.WITHDRAWN
    with pytest.raises(UserFacingError):
        await posts.discard(uow_factory, clock, draft.id or -1, 1)
    offer, _ = await opened(uow_factory, clock, new_index(), 1, OFFER)
    with pytest.raises(UserFacingError) as refused:
        await posts.discard(uow_factory, clock, offer.id or -1, 1)
    assert refused.value.key == "post.not_open"


async def test_my_posts_are_open_and_expired_ones_newest_first(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    first, _ = await opened(uow_factory, clock, index, 1, OFFER)
    clock.advance(TTL)
    await publishing.expire_due(uow_factory, clock, Table(index))
    second, _ = await opened(uow_factory, clock, index, 1, "出售 LED灯泡 9W 3元/个")
    await drafted(uow_factory, clock, 1, "出售 雨伞 20元")  # drafts are not listed
    closed, _ = await opened(uow_factory, clock, index, 1, "出售 毛巾 5元")
    await publishing.close(uow_factory, clock, Table(index), closed.id or -1, 1, deal=True)
    found, total = await posts.list_mine(uow_factory, 1, 0, 10)
    assert total == 2
    assert [(p.id, p.status) for p in found] == [
        (second.id, PostStatus.OPEN),
        (first.id, PostStatus.EXPIRED),
    ]
    assert (await posts.list_mine(uow_factory, 1, 1, 1))[0][0].id == first.id


@pytest.mark.parametrize(
    ("text", "whole_post"),
    [
        ("出售 304不锈钢保温杯 12元/个", True),
        ("WTB 20k pcs M6 stainless screws", True),
        ("12元/个", False),
        ("义乌", False),
        ("304不锈钢保温杯 500ml", False),  # a product name alone answers "which product?"
        ("5000个", False),
    ],
)
def test_what_reads_as_a_whole_new_post(text: str, whole_post: bool) -> None:
    assert posts.reads_as_new_post(text) is whole_post


async def test_goods_without_selling_or_buying_ask_which(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await add_user(uow_factory, 1)
    with pytest.raises(KindUnclear) as unclear:
        await posts.draft(uow_factory, clock, TTL, 1, "法兰盖 DN450 2500LB 20# 5片")
    assert unclear.value.product == "法兰盖"
    drafted = await posts.draft(
        uow_factory, clock, TTL, 1, "法兰盖 DN450 2500LB 20# 5片", kind=PostKind.NEED
    )
    assert drafted.post.kind is PostKind.NEED and drafted.post.parsed.product == "法兰盖"


async def test_housekeeping_forgets_drafts_nobody_published_a_batch_at_a_time(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    first = await drafted(uow_factory, clock, 1, OFFER)
    async with uow_factory() as uow:  # the same draft, left many times over
        old = [first.id, *[await uow.posts.add(replace(first, id=None)) for _ in range(501)]]
        await uow.commit()
    clock.advance(posts.DRAFT_KEEP / 2)
    recent = await drafted(uow_factory, clock, 1, OFFER)
    clock.advance(posts.DRAFT_KEEP / 2 + timedelta(minutes=1))
    assert await posts.purge(uow_factory, clock) == len(old)
    async with uow_factory() as uow:
        assert await uow.posts.get(old[-1] or -1) is None
        assert await uow.posts.get(recent.id or -1) is not None


@pytest.mark.parametrize(
    ("timezone", "text", "currency"),
    [
        ("Asia/Taipei", "出售 充電線 每條2元", "TWD"),  # no place said: the writer's city
        ("Asia/Hong_Kong", "出售 充電線 每條2元", "HKD"),
        ("Asia/Taipei", "出售 充電線 每條2元 上海發貨", "CNY"),  # the post's own place wins
        ("Asia/Shanghai", "出售 充電線 每條2元", "CNY"),
    ],
)
async def test_a_bare_yuan_is_the_writer_s_currency_when_the_post_names_no_place(
    uow_factory: UowFactory, clock: FixedClock, timezone: str, text: str, currency: str
) -> None:
    user = await add_user(uow_factory, 1)
    async with uow_factory() as uow:
        await uow.users.upsert(replace(user, timezone=timezone))
        await uow.commit()
    result = await posts.draft(uow_factory, clock, TTL, 1, text)
    assert result.post.parsed.price is not None
    assert result.post.parsed.price.currency == currency
