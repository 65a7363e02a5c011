"""SQLite engine settings are really in effect: WAL, busy timeout, foreign keys, one pooled
connection, BEGIN IMMEDIATE so that concurrent writers wait instead of failing, and commits
that wait for the disk only where received updates are stored."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from storage import Database
from storage.engine import SQLITE_BUSY_TIMEOUT_MS, create_engine
from storage.migrate import upgrade_engine, upgrade_to_head
from tests.integration.factories import make_user


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> Any:
    database = Database.from_url(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    await upgrade_engine(database.engine)
    yield database
    await database.dispose()


async def _pragma(engine: AsyncEngine, name: str) -> Any:
    async with engine.connect() as connection:
        return (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar_one()


async def test_pragmas_are_in_effect(sqlite_db: Database) -> None:
    assert await _pragma(sqlite_db.engine, "journal_mode") == "wal"
    # SQLite's own wait would stop the event loop: storage.sqlite_inline waits instead
    assert await _pragma(sqlite_db.engine, "busy_timeout") == 0
    assert await _pragma(sqlite_db.engine, "foreign_keys") == 1


async def _synchronous_in(uow: Any) -> int:
    return (await uow.session.execute(text("PRAGMA synchronous"))).scalar_one()


async def test_only_storing_received_updates_waits_for_the_disk(sqlite_db: Database) -> None:
    """FULL (2) for the transaction that stores updates before Telegram hears they arrived,
    NORMAL (1) for the rest, before and after it."""
    at = datetime(2026, 12, 3, tzinfo=UTC)
    async with sqlite_db.uow() as uow:
        await uow.users.upsert(make_user(1))
        assert await _synchronous_in(uow) == 1
        await uow.commit()
    async with sqlite_db.uow() as uow:
        assert await uow.inbox.record_many([{"update_id": 7}], at, {7: 0}) == {7}
        assert await _synchronous_in(uow) == 2
        await uow.commit()
    async with sqlite_db.uow() as uow:
        assert await uow.users.get(1) is not None
        assert await _synchronous_in(uow) == 1
        with pytest.raises(RuntimeError, match="first thing"):
            await uow.inbox.record(8, {}, at, 0)


async def test_foreign_keys_are_enforced(sqlite_db: Database) -> None:
    async with sqlite_db.engine.begin() as connection:
        with pytest.raises(IntegrityError):
            await connection.execute(
                text(
                    "INSERT INTO company_profiles "
                    "(user_id, company_name, region, main_products, keywords, updated_at) "
                    "VALUES (404, '', '', '', '[]', '2026-01-01 00:00:00')"
                )
            )


async def test_one_pooled_connection(sqlite_db: Database) -> None:
    assert sqlite_db.engine.pool.size() == 1  # type: ignore[attr-defined]


async def test_units_of_work_begin_immediate(sqlite_db: Database, tmp_path: Path) -> None:
    """The write lock is taken when a unit of work starts, even before it writes."""
    other = sqlite3.connect(tmp_path / "bot.db", isolation_level=None, timeout=0)
    try:
        async with sqlite_db.uow() as uow:
            await uow.users.get(1)
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        other.execute("BEGIN IMMEDIATE")  # free again once it ended
        other.execute("ROLLBACK")
    finally:
        other.close()


async def test_a_transaction_left_open_ends_when_its_connection_is_returned(
    sqlite_db: Database, tmp_path: Path
) -> None:
    """Units of work end their own transactions; one left open by other code (here a raw
    connection) is rolled back on its way back to the pool, and its lock freed."""
    raw = await sqlite_db.engine.raw_connection()
    driver = raw.driver_connection
    assert driver is not None and driver.run_now("BEGIN IMMEDIATE")
    assert driver.run_now(
        "INSERT INTO persistence (namespace, key, value, updated_at) VALUES ('n', 'k', '1', '')"
    )
    raw.close()
    async with sqlite_db.uow() as uow:
        assert await uow.persistence.load("n") == {}
    other = sqlite3.connect(tmp_path / "bot.db", isolation_level=None, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
    finally:
        other.close()


async def test_a_unit_of_work_waits_for_another_processs_write_lock(
    sqlite_db: Database, tmp_path: Path
) -> None:
    other = sqlite3.connect(tmp_path / "bot.db", isolation_level=None, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")

        async def write() -> None:
            async with sqlite_db.uow() as uow:
                await uow.users.upsert(make_user())
                await uow.commit()

        writing = asyncio.create_task(write())
        await asyncio.sleep(0.1)
        assert not writing.done()  # waiting, and the loop runs meanwhile
        other.execute("ROLLBACK")
        await asyncio.wait_for(writing, timeout=5)
    finally:
        other.close()
    async with sqlite_db.uow() as uow:
        assert await uow.users.get(make_user().id) is not None


async def test_many_concurrent_units_of_work_on_one_database(sqlite_db: Database) -> None:
    async def write(user_id: int) -> None:
        async with sqlite_db.uow() as uow:
            await uow.users.upsert(make_user(user_id))
            await asyncio.sleep(0)  # let the others queue up
            await uow.commit()

    await asyncio.gather(*(write(i) for i in range(1, 21)))
    async with sqlite_db.uow() as uow:
        assert all([await uow.users.get(i) for i in range(1, 21)])


async def _read_then_write(engine: AsyncEngine, user_id: int) -> None:
    """Read, pause while the other writer does the same, then write: the classic
    deferred-transaction deadlock between two processes."""
    async with engine.begin() as connection:
        await connection.execute(text("SELECT count(*) FROM users"))
        await asyncio.sleep(0.05)
        await connection.execute(
            text(
                "INSERT INTO users (id, display_name, language, language_chosen, timezone,"
                " blocked_bot, created_at, updated_at) VALUES (:id, '', 'en', 0, 'UTC', 0,"
                " '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
            ),
            {"id": user_id},
        )
        await asyncio.sleep(0.05)


async def test_two_processes_writing_concurrently_do_not_lock(tmp_path: Path) -> None:
    # Two engines on one file stand for the bot and a second process (e.g. `migrate`).
    url = f"sqlite+aiosqlite:///{tmp_path / 'shared.db'}"
    first, second = create_engine(url), create_engine(url)
    try:
        await upgrade_engine(first)
        await asyncio.gather(_read_then_write(first, 1), _read_then_write(second, 2))
        async with first.connect() as connection:
            count = (await connection.execute(text("SELECT count(*) FROM users"))).scalar()
        assert count == 2
    finally:
        await first.dispose()
        await second.dispose()


def _deferred_engine(url: str) -> AsyncEngine:
    """Like storage.engine's SQLite engine, but with a plain (deferred) BEGIN."""
    engine = create_async_engine(url)

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine


async def test_the_same_race_fails_with_a_deferred_begin(tmp_path: Path) -> None:
    """Control for the test above: the race is real, and busy_timeout alone does not help
    (SQLite refuses at once to upgrade a stale read snapshot to a write)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'deferred.db'}"
    first, second = _deferred_engine(url), _deferred_engine(url)
    try:
        await upgrade_to_head(url)
        with pytest.raises(OperationalError, match="database is locked"):
            await asyncio.gather(_read_then_write(first, 1), _read_then_write(second, 2))
    finally:
        await first.dispose()
        await second.dispose()


async def test_waiting_for_another_writer_leaves_the_loop_free(tmp_path: Path) -> None:
    """Statements run on the loop's thread (storage.sqlite_inline): a write that waits for
    another connection's lock waits with asyncio, so the loop (and that other connection's
    own transaction, in the same process) keeps going."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'busy.db'}"
    first, second = create_engine(url), create_engine(url)
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    async def write_on_second() -> None:
        async with second.begin() as connection:
            await connection.execute(text("SELECT 1"))

    ticker = asyncio.create_task(tick())
    try:
        async with first.begin() as connection:
            await connection.execute(text("SELECT 1"))  # BEGIN IMMEDIATE: the write lock
            waiting = asyncio.create_task(write_on_second())
            await asyncio.sleep(0.3)
            assert not waiting.done() and ticks >= 10
        await asyncio.wait_for(waiting, timeout=2)
    finally:
        ticker.cancel()
        await first.dispose()
        await second.dispose()
