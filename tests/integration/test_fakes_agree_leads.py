"""The fake leads repository (tests/fakes/leads.py) and the SQL one agree, on the fakes,
SQLite and PostgreSQL (the stores of `agreeing_stores`): what a seller sells, by its newest
offer or their profile (replaced when saved again), the most recent first within a limit;
a lead once a pair, counted against the seller's day; and both go with their user
(/forget) and a lead with its need (retention's purge)."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import PostKind, PostStatus, SellerInterest
from bot.services.ports import UowFactory
from tests.integration.agreeing_stores import add_users
from tests.integration.factories import NOW, make_post

FLASK, BOARD = "c:flask", "p:砧板"
DAY = timedelta(days=1)


async def test_sellers_of_a_product_newest_first_and_profiles_replaced(
    uow_factory: UowFactory,
) -> None:
    await add_users(uow_factory, 1, 2, 3)
    async with uow_factory() as uow:
        await uow.leads.note_offer(1, FLASK, NOW - 200 * DAY)  # long ago
        await uow.leads.note_offer(2, FLASK, NOW - 3 * DAY)
        await uow.leads.note_offer(2, FLASK, NOW - DAY)  # their newer offer of it
        await uow.leads.note_offer(3, BOARD, NOW)
        await uow.leads.set_profile_products(3, [FLASK, BOARD])
        await uow.leads.set_profile_products(3, [FLASK])  # saved again: boards no longer
        await uow.commit()
    async with uow_factory() as uow:
        found = await uow.leads.sellers_of(FLASK, NOW - 180 * DAY, 10)
        assert [(i.user_id, i.source) for i in found] == [(3, "profile"), (2, "offer")]
        assert found[1] == SellerInterest(2, "offer", NOW - DAY)
        assert [i.user_id for i in await uow.leads.sellers_of(FLASK, NOW - 365 * DAY, 2)] == [3, 2]
        assert [(i.user_id, i.source) for i in await uow.leads.sellers_of(BOARD, NOW, 10)] == [
            (3, "offer")
        ]


async def test_a_lead_once_a_pair_counted_by_day_and_gone_with_need_or_seller(
    uow_factory: UowFactory,
) -> None:
    await add_users(uow_factory, 1, 2, 3)
    async with uow_factory() as uow:
        need = await uow.posts.add(make_post(1, kind=PostKind.NEED))
        other = await uow.posts.add(make_post(1, kind=PostKind.NEED))
        assert await uow.leads.add(need, 2, NOW - 2 * DAY)
        assert not await uow.leads.add(need, 2, NOW)  # once a pair
        assert await uow.leads.add(other, 2, NOW)
        assert await uow.leads.add(need, 3, NOW)
        await uow.leads.note_offer(3, FLASK, NOW)
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.leads.count_to_seller_since(2, NOW - DAY) == 1
        assert await uow.leads.count_to_seller_since(2, NOW - 3 * DAY) == 2
        await uow.erasure.forget(3, -1_000_003, [], {}, NOW)
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.leads.count_to_seller_since(3, NOW - DAY) == 0
        assert await uow.leads.sellers_of(FLASK, NOW - DAY, 10) == []
        closed = await uow.posts.get(other)
        assert closed is not None
        closed.status, closed.updated_at = PostStatus.WITHDRAWN, NOW - 400 * DAY
        await uow.posts.update(closed)
        await uow.commit()
    async with uow_factory() as uow:
        purged = await uow.posts.purge_stale(
            drafts_before=NOW, closed_before=NOW - 100 * DAY, limit=10
        )
        await uow.commit()
    async with uow_factory() as uow:
        assert purged == 1
        assert await uow.leads.count_to_seller_since(2, NOW - 3 * DAY) == 1
