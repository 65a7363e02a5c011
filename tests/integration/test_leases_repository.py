"""The lease upsert on SQLite and PostgreSQL: one holder until it lapses or is released."""

from __future__ import annotations

from datetime import timedelta

from storage import Database
from tests.integration.factories import NOW

TTL = timedelta(seconds=6)


async def _take(db: Database, holder: str, at: timedelta) -> bool:
    async with db.uow() as uow:
        held = await uow.leases.take("telegram", holder, NOW + at, NOW + at + TTL)
        await uow.commit()
        return held


async def test_one_holder_until_it_lapses_or_is_released(db: Database) -> None:
    assert await _take(db, "a", timedelta(0))
    assert not await _take(db, "b", timedelta(seconds=1))
    assert await _take(db, "a", timedelta(seconds=4))  # renewed until 10 s
    assert not await _take(db, "b", timedelta(seconds=9))
    assert await _take(db, "b", timedelta(seconds=10))  # lapsed
    async with db.uow() as uow:
        await uow.leases.release("telegram", "b", NOW + timedelta(seconds=11))
        await uow.commit()
    assert await _take(db, "a", timedelta(seconds=11))
