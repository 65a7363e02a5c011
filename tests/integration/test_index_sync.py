"""Several processes, one matching index each: they catch up by revision (`index_sync`).

Two `Database` objects on one database with their own `MatchingIndex` stand for two worker
processes. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.app import wait_for_lease
from bot.config import Settings
from bot.services.after_effects import Table
from bot.services.contacts import dismissals
from bot.services.delivery import leases
from bot.services.matching import index_loading, index_sync, indexing
from bot.services.posting import posts, publishing
from bot.services.schedule import Schedule
from storage import Database
from tests.integration.factories import make_user

TTL = timedelta(days=30)
OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "求购 不锈钢保温杯 3000个 单价15元以内 送到上海"
SELLER, BUYER = 1, 2


class Clock:
    def now(self) -> datetime:
        return datetime.now(UTC)


async def _started(db: Database) -> indexing.MatchingIndex:
    index = indexing.MatchingIndex(indexing.MatchPolicy())
    await index_loading.rebuild(db.uow, Clock(), index)
    await index_sync.catch_up_now(db.uow, Clock(), index)
    return index


async def _draft(db: Database, user_id: int, text: str) -> int:
    async with db.uow() as uow:
        if await uow.users.get(user_id) is None:
            await uow.users.upsert(make_user(user_id))
            await uow.commit()
    drafted = await posts.draft(db.uow, Clock(), TTL, user_id, text)
    assert drafted.post.id is not None
    return drafted.post.id


async def _publish(db: Database, index: indexing.MatchingIndex, post_id: int, user_id: int) -> int:
    _, alerted = await publishing.publish(
        db.uow,
        Clock(),
        Schedule(post_ttl=TTL),
        Table(index, Schedule(post_ttl=TTL)),
        post_id,
        user_id,
    )
    return alerted


async def test_two_matching_posts_published_at_once_on_two_workers_alert_each_other(
    db: Database, second: Database
) -> None:
    first_index, second_index = await _started(db), await _started(second)
    offer, need = await _draft(db, SELLER, OFFER), await _draft(second, BUYER, NEED)
    alerted = await asyncio.gather(
        _publish(db, first_index, offer, SELLER), _publish(second, second_index, need, BUYER)
    )
    assert sorted(alerted) == [0, 1]  # whichever logged second met the other's post
    async with db.uow() as uow:
        assert [(m.offer_id, m.need_id) for m in await uow.matches.for_post(need)] == [
            (offer, need)
        ]
        queued = await uow.outbox.due(datetime(2100, 1, 1, tzinfo=UTC), 100)
    assert sorted(m.chat_id for m in queued if m.kind == "match.alert") == [SELLER, BUYER]


async def test_a_worker_catches_up_with_posts_opened_and_closed_elsewhere(
    db: Database, second: Database
) -> None:
    first_index, second_index = await _started(db), await _started(second)
    offer = await _draft(db, SELLER, OFFER)
    await _publish(db, first_index, offer, SELLER)
    terms = first_index.engine.terms_of(offer)
    assert terms is not None and second_index.engine.terms_of(offer) is None

    assert await index_sync.catch_up_now(second.uow, Clock(), second_index) == 1
    assert second_index.engine.terms_of(offer) == terms
    found = second_index.engine.search(terms, None, Clock().now().timestamp(), limit=3)
    assert [r.post_id for r in found] == [offer]

    await publishing.close(db.uow, Clock(), Table(first_index), offer, SELLER, deal=False)
    await index_sync.catch_up_now(second.uow, Clock(), second_index)
    assert second_index.engine.terms_of(offer) is None
    assert await index_sync.catch_up_now(db.uow, Clock(), first_index) == 0  # its own changes


async def test_a_dismissal_on_one_worker_lowers_the_match_on_another(
    db: Database, second: Database
) -> None:
    first_index = await _started(db)
    offer, need = await _draft(db, SELLER, OFFER), await _draft(db, BUYER, NEED)
    await _publish(db, first_index, offer, SELLER)
    assert await _publish(db, first_index, need, BUYER) == 1
    second_index = await _started(second)
    async with db.uow() as uow:
        (match,) = await uow.matches.for_post(need)
    assert match.id is not None
    await dismissals.dismiss_match(db.uow, Clock(), Table(first_index), match.id, BUYER)
    assert BUYER not in second_index.engine.dismissals.export()
    await index_sync.catch_up_now(second.uow, Clock(), second_index)
    assert second_index.engine.dismissals.export() == first_index.engine.dismissals.export()
    assert BUYER in second_index.engine.dismissals.export()


async def test_a_standby_builds_its_index_while_it_waits_and_keeps_it_in_step(
    db: Database, migrated_url: str
) -> None:
    active_index = await _started(db)
    first = await _draft(db, SELLER, OFFER)
    await _publish(db, active_index, first, SELLER)
    assert await leases.take(db.uow, Clock(), "active", timedelta(minutes=1))
    settings = Settings(database_url=migrated_url, lease_ttl=timedelta(seconds=0.6))
    standby = asyncio.create_task(wait_for_lease(settings, "standby"))
    await asyncio.sleep(1.0)  # built, and waiting
    assert not standby.done()
    second = await _draft(db, BUYER, NEED)
    await _publish(db, active_index, second, BUYER)  # while the standby waits
    await asyncio.sleep(0.5)  # a few of its catch-ups
    await leases.release(db.uow, Clock(), "active")  # the active process stops
    index = await asyncio.wait_for(standby, timeout=10)
    assert index is not None
    assert index.engine.terms_of(first) is not None and index.engine.terms_of(second) is not None
    async with db.uow() as uow:
        assert index.revision == await uow.index_changes.latest()
