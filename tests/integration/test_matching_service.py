"""Fairness rules of match alerts, through the real use cases on a real database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.matching.fields import fields_from_parsed
from bot.domain.models import Post
from bot.services.after_effects import Table
from bot.services.contacts import dismissals
from bot.services.matching import index_loading, indexing
from bot.services.posting import posts, publishing
from bot.services.schedule import Schedule
from storage import Database
from storage.migrate import upgrade_to_head
from storage.tables import PostRow
from tests.integration.factories import make_user

TTL = timedelta(days=30)
OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "求购 不锈钢保温杯 3000个 单价15元以内 送到上海"


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)

    def now(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


@pytest.fixture
async def db(tmp_path) -> AsyncIterator[Database]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    await upgrade_to_head(url)
    database = Database.from_url(url)
    yield database
    await database.dispose()


async def _publish(
    db: Database, clock: Clock, index: indexing.MatchingIndex, user_id: int, text: str
) -> tuple[Post, int]:
    async with db.uow() as uow:
        if await uow.users.get(user_id) is None:
            await uow.users.upsert(make_user(user_id))
            await uow.commit()
    drafted = await posts.draft(db.uow, clock, TTL, user_id, text)
    assert drafted.post.id is not None
    return await publishing.publish(
        db.uow,
        clock,
        Schedule(post_ttl=TTL),
        Table(index, Schedule(post_ttl=TTL)),
        drafted.post.id,
        user_id,
    )


async def _outbox_to(db: Database, user_id: int) -> int:
    async with db.uow() as uow:
        due = await uow.outbox.due(datetime(2100, 1, 1, tzinfo=UTC), 1000)
    return sum(message.chat_id == user_id for message in due)


async def test_a_need_alerts_at_most_max_sellers(db: Database) -> None:
    clock, index = Clock(), indexing.MatchingIndex(indexing.MatchPolicy(max_alerts_per_need=5))
    for seller in range(1, 8):
        await _publish(db, clock, index, seller, OFFER)
    _, alerted = await _publish(db, clock, index, 100, NEED)
    assert alerted == 5
    assert await _outbox_to(db, 100) == 5
    assert sum([await _outbox_to(db, seller) for seller in range(1, 8)]) == 5


async def test_a_seller_gets_at_most_max_alerts_a_day(db: Database) -> None:
    clock, index = Clock(), indexing.MatchingIndex(indexing.MatchPolicy(max_alerts_per_day=2))
    await _publish(db, clock, index, 1, OFFER)
    results = [await _publish(db, clock, index, buyer, NEED) for buyer in (10, 11, 12)]
    assert [alerted for _, alerted in results] == [1, 1, 0]
    assert await _outbox_to(db, 1) == 2


async def test_nobody_is_matched_with_themselves_and_no_pair_twice(db: Database) -> None:
    clock, index = Clock(), indexing.MatchingIndex(indexing.MatchPolicy())
    await _publish(db, clock, index, 1, OFFER)
    _, alerted = await _publish(db, clock, index, 1, NEED)
    assert alerted == 0
    need, alerted = await _publish(db, clock, index, 2, NEED)
    assert alerted == 1
    assert need.id is not None
    _, alerted = await publishing.renew(
        db.uow, clock, Schedule(post_ttl=TTL), Table(index, Schedule(post_ttl=TTL)), need.id, 2
    )
    assert alerted == 0


async def test_not_relevant_lowers_similar_matches_after_a_rebuild(db: Database) -> None:
    clock, policy = Clock(), indexing.MatchPolicy()
    index = indexing.MatchingIndex(policy)
    offer, _ = await _publish(db, clock, index, 1, OFFER)
    need, alerted = await _publish(db, clock, index, 2, NEED)
    assert alerted == 1 and offer.id is not None and need.id is not None
    async with db.uow() as uow:
        (match,) = await uow.matches.for_post(need.id)
    assert match.id is not None
    await dismissals.dismiss_match(db.uow, clock, Table(index), match.id, 2)

    rebuilt = indexing.MatchingIndex(policy)  # as after a restart: dismissals come from rows
    assert await index_loading.rebuild(db.uow, clock, rebuilt) == 2
    terms = rebuilt.engine.terms_of(need.id)
    assert terms is not None
    fields = fields_from_parsed(need.parsed, need.created_at, need.expires_at)
    dismissed = rebuilt.engine.match(
        need.kind, terms, fields, user_id=2, now_ts=clock.now().timestamp(), min_score=0.0
    )
    other_user = rebuilt.engine.match(
        need.kind, terms, fields, user_id=3, now_ts=clock.now().timestamp(), min_score=0.0
    )
    assert dismissed and other_user
    assert dismissed[0].score < other_user[0].score


async def test_rebuild_uses_stored_entries_and_derives_missing_ones(db: Database) -> None:
    clock, policy = Clock(), indexing.MatchPolicy()
    index = indexing.MatchingIndex(policy)
    offer, _ = await _publish(db, clock, index, 1, OFFER)
    need, _ = await _publish(db, clock, index, 2, "求购 保溫杯 2000個 單價15元以內")
    assert offer.id is not None and need.id is not None
    async with db.uow() as uow:  # as if stored before entries existed
        await uow.session.execute(  # type: ignore[attr-defined]
            PostRow.__table__.update()
            .where(PostRow.id == need.id)
            .values(index_terms=None, index_labels=None, index_numbers=None)
        )
        await uow.commit()
    rebuilt = indexing.MatchingIndex(policy)
    assert await index_loading.rebuild(db.uow, clock, rebuilt) == 2
    for post_id in (offer.id, need.id):
        assert rebuilt.engine.terms_of(post_id) == index.engine.terms_of(post_id)
