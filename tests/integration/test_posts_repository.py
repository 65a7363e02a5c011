"""Posts: exact round trip of parsed fields, updates, listings, expiry, the open stream."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import select

from bot.domain.models import Intent, Lang, ParsedPost, PostKind, PostStatus, Price, Quantity
from storage import Database
from storage.tables import PostRow
from tests.integration.factories import NOW, make_post, make_user


@pytest.fixture(autouse=True)
async def owners(db: Database) -> None:
    async with db.uow() as uow:
        for user_id in (1001, 1002):
            await uow.users.upsert(make_user(user_id))
        await uow.commit()


async def test_post_round_trips_exactly(db: Database) -> None:
    post = make_post()
    post.parsed = replace(
        post.parsed,
        # Decimal details a float or a JSON number would lose.
        quantity=Quantity(Decimal("1.2E+4"), "pcs"),
        price=Price(high=Decimal("10.00"), currency="CNY", per_unit="pcs", per_count=12),
    )
    async with db.uow() as uow:
        post_id = await uow.posts.add(post)
        await uow.commit()
    assert post.id == post_id
    async with db.uow() as uow:
        stored = await uow.posts.get(post_id)
    assert stored is not None
    assert stored.parsed.price is not None and stored.parsed.quantity is not None
    assert str(stored.parsed.price.high) == "10.00"
    assert str(stored.parsed.quantity.amount) == "1.2E+4"
    assert replace(stored, updated_at=None) == replace(post, updated_at=None)
    assert stored.updated_at is not None


async def test_minimal_parsed_post_round_trips(db: Database) -> None:
    post = make_post(kind=PostKind.NEED)
    post.parsed = ParsedPost(intent=Intent.NEED, language=Lang.EN)
    async with db.uow() as uow:
        post_id = await uow.posts.add(post)
        await uow.commit()
        stored = await uow.posts.get(post_id)
    assert stored is not None and stored.parsed == post.parsed


async def test_parsed_fields_are_copied_into_columns(db: Database) -> None:
    async with db.uow() as uow:
        post_id = await uow.posts.add(make_post())
        await uow.commit()
        row = (
            await uow.session.execute(select(PostRow.__table__).where(PostRow.id == post_id))
        ).one()
    assert (row.product, row.quantity_unit, row.trade_term, row.place) == (
        "保温杯",
        "pcs",
        "EXW",
        "义乌",
    )
    assert (row.quantity_amount, row.moq_amount) == (5000, 1000)
    assert (row.price_low, row.price_high, row.price_currency) == (9.5, 12, "CNY")


async def test_update_changes_status_text_and_parsed(db: Database) -> None:
    async with db.uow() as uow:
        post = make_post()
        await uow.posts.add(post)
        await uow.commit()
    post.status = PostStatus.WITHDRAWN
    post.raw_text = "已撤下"
    post.parsed = replace(post.parsed, product="水壶")
    post.updated_at = NOW + timedelta(hours=1)
    post.keywords = ("水壶", "不锈钢")
    async with db.uow() as uow:
        await uow.posts.update(post)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.posts.get(post.id or 0) == post


async def test_update_of_a_missing_post_fails(db: Database) -> None:
    post = make_post()
    post.id = 999_999
    async with db.uow() as uow:
        with pytest.raises(LookupError):
            await uow.posts.update(post)


async def test_list_and_count_by_user(db: Database) -> None:
    async with db.uow() as uow:
        for day in range(5):
            await uow.posts.add(make_post(created_at=NOW + timedelta(days=day)))
        await uow.posts.add(make_post(status=PostStatus.DEAL))
        await uow.posts.add(make_post(1002))
        await uow.commit()
    async with db.uow() as uow:
        open_only = [PostStatus.OPEN]
        page = await uow.posts.list_by_user(1001, open_only, offset=1, limit=2)
        assert [p.created_at for p in page] == [NOW + timedelta(days=3), NOW + timedelta(days=2)]
        assert await uow.posts.count_by_user(1001, open_only) == 5
        assert await uow.posts.count_by_user(1001, [PostStatus.OPEN, PostStatus.DEAL]) == 6
        assert await uow.posts.count_by_user(1001, [PostStatus.EXPIRED]) == 0
        assert len(await uow.posts.list_by_user(1002, open_only, offset=0, limit=10)) == 1


async def test_list_due_to_expire(db: Database) -> None:
    async with db.uow() as uow:
        late = await uow.posts.add(make_post(expires_at=NOW - timedelta(hours=1)))
        exact = await uow.posts.add(make_post(expires_at=NOW))
        await uow.posts.add(make_post(expires_at=NOW + timedelta(seconds=1)))
        await uow.posts.add(make_post(status=PostStatus.DEAL, expires_at=NOW - timedelta(days=1)))
        await uow.commit()
    async with db.uow() as uow:
        due = await uow.posts.list_due_to_expire(NOW, limit=10)
        assert [p.id for p in due] == [late, exact]
        assert [p.id for p in await uow.posts.list_due_to_expire(NOW, limit=1)] == [late]


async def test_stream_open_batches_by_id(db: Database) -> None:
    async with db.uow() as uow:
        expected_offers, expected_needs = [], []
        for i in range(7):
            expected_offers.append(await uow.posts.add(make_post(product=f"offer{i}")))
            need = make_post(1002, kind=PostKind.NEED, product=f"need{i}")
            expected_needs.append(await uow.posts.add(need))
        await uow.posts.add(make_post(status=PostStatus.WITHDRAWN))
        await uow.posts.add(make_post(status=PostStatus.EXPIRED))
        await uow.posts.add(make_post(status=PostStatus.DRAFT))
        # Past its expiry but not yet swept: still open, so still streamed.
        expected_offers.append(await uow.posts.add(make_post(expires_at=NOW - timedelta(days=1))))
        await uow.commit()

    async with db.uow() as uow:
        batches = [batch async for batch in uow.posts.stream_open(PostKind.OFFER, batch_size=3)]
        assert [len(batch) for batch in batches] == [3, 3, 2]
        assert [p.id for batch in batches for p in batch] == expected_offers
        everything = [p async for batch in uow.posts.stream_open(batch_size=5) for p in batch]
        assert sorted(p.id or 0 for p in everything) == sorted(expected_offers + expected_needs)
        assert all(p.status is PostStatus.OPEN for p in everything)
        # Batches do not accumulate in the session.
        assert not any(isinstance(obj, PostRow) for obj in uow.session.identity_map.values())


async def test_stream_open_on_exact_multiple_and_empty(db: Database) -> None:
    async with db.uow() as uow:
        assert [b async for b in uow.posts.stream_open()] == []
        for _ in range(4):
            await uow.posts.add(make_post())
        await uow.commit()
        assert [len(b) async for b in uow.posts.stream_open(batch_size=2)] == [2, 2]
