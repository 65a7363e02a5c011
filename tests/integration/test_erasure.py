"""/forget in SQL, on SQLite and PostgreSQL: afterwards no table holds the member's id or
words but the tombstone (tests/unit/services/test_privacy.py runs the same on the fakes)."""

from __future__ import annotations

from sqlalchemy import select

from bot.services import privacy
from storage import Database
from storage.tables import metadata
from tests.fakes import FixedClock
from tests.unit.services.test_privacy import NAME, USERNAME, WRITTEN, A, rich, traces
from tests.unit.services.world import new_index

WORDS = (NAME, USERNAME, "7700 900461", "7700900461", *WRITTEN)


async def _scan(db: Database) -> list[str]:
    found = []
    async with db.engine.connect() as connection:
        for table in metadata.sorted_tables:
            for row in await connection.execute(select(table)):
                found += [f"{table.name}{hit}" for hit in traces(tuple(row), WORDS)]
    return found


async def test_nothing_is_left_but_a_tombstone(db: Database) -> None:
    clock, index = FixedClock(), new_index()
    await rich(db.uow, clock, index)
    assert len(await _scan(db)) > 20

    assert await privacy.forget(db.uow, clock, index, A)
    assert await _scan(db) == ["users[0]"]  # the id of the tombstone
    async with db.uow() as uow:
        tombstone = await uow.users.get(A)
    assert tombstone is not None and tombstone.deleted_at == clock.now()
    assert (tombstone.display_name, tombstone.username, tombstone.phone) == ("", None, None)
