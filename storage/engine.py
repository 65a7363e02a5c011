"""Async engine factory for already-normalised URLs (sqlite+aiosqlite / postgresql+asyncpg).

SQLite gets WAL, a busy timeout, foreign keys and `BEGIN IMMEDIATE` transactions through
SQLAlchemy's documented event recipe ("Enabling Non-Legacy SQLite Transactional Modes",
aiosqlite variant on `engine.sync_engine`), and exactly one pooled connection: SQLite before
3.51.3 can corrupt a WAL database when concurrent writers race a WAL reset, and one writer
per process is all a bot of this size needs anyway. Units of work then queue for that one
connection instead of fighting over file locks.

Durability (`DURABLE`): a SQLite commit waits for the disk (`synchronous=FULL`) only in a
transaction that asks for it, the one that stores received updates before Telegram is told
they arrived; the others commit at `synchronous=NORMAL`, which in WAL mode loses nothing when
the process dies and after a power cut rolls back only commits since the last durable one,
whose updates are then still stored, not marked done, and handled again
(`docs/RELIABILITY.md`, "What a commit waits for").
"""

from __future__ import annotations

import functools
import json
import time
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

from storage.sqlite_inline import inline_connector

SQLITE_BUSY_TIMEOUT_MS = 5000
# PostgreSQL: a pooled connection idle this long is tried before it is used again
IDLE_BEFORE_PING_S = 10.0
# Execution option of a unit of work's connection: its commit must be on disk when it returns.
DURABLE = "tradecircle_durable"
# Waiting for the single SQLite connection: longer than the busy timeout so that a unit of
# work stuck behind another process's write lock fails with SQLite's error, not the pool's.
SQLITE_POOL_TIMEOUT_S = 30

# Keep Chinese readable in SQLite files and psql output instead of \uXXXX escapes.
_json_dumps = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))


def is_sqlite(url: str | URL) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def is_memory_sqlite(url: str | URL) -> bool:
    database = make_url(url).database
    return is_sqlite(url) and database in (None, "", ":memory:")


def create_engine(url: str | URL, *, echo: bool = False) -> AsyncEngine:
    """Build the async engine for `url` (`sqlite+aiosqlite:///path.db`,
    `sqlite+aiosqlite:///:memory:` or `postgresql+asyncpg://...`)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _create_sqlite_engine(parsed, echo=echo)
    return _create_postgres_engine(parsed, echo=echo)


def _create_postgres_engine(url: URL, *, echo: bool) -> AsyncEngine:
    engine = create_async_engine(
        url,
        echo=echo,
        pool_size=5,
        max_overflow=5,
        pool_recycle=1800,
        json_serializer=_json_dumps,
    )
    _ping_after_idling(engine)
    return engine


def _ping_after_idling(engine: AsyncEngine) -> None:
    """A pooled connection idle for a while is tried before use, and replaced if it is gone
    (SQLAlchemy's "pessimistic" disconnect handling, done in a checkout hook). SQLAlchemy's
    own `pool_pre_ping` tries every one at every checkout: a round trip that cost about half
    a millisecond of the bot's CPU per transaction, as much again as the transaction. A
    connection that dies while in steady use fails its one transaction and is replaced."""

    @event.listens_for(engine.sync_engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine.sync_engine, "checkout")
    def _on_checkout(dbapi_connection: Any, record: ConnectionPoolEntry, _proxy: Any) -> None:
        idle_since = record.info.get("idle_since")
        if idle_since is None or time.monotonic() - idle_since < IDLE_BEFORE_PING_S:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:
            raise DisconnectionError("pooled connection is gone") from error  # pool retries


def _create_sqlite_engine(url: URL, *, echo: bool) -> AsyncEngine:
    options: dict[str, Any] = {"echo": echo, "json_serializer": _json_dumps}
    if is_memory_sqlite(url):
        # The dialect picks StaticPool for :memory:, which is already one shared connection.
        memory = True
    else:
        memory = False
        options.update(pool_size=1, max_overflow=0, pool_timeout=SQLITE_POOL_TIMEOUT_S)
        # the "reset" hook below rolls back only what is still open
        options.update(pool_reset_on_return=None)
    args, kwargs = url.get_dialect()().create_connect_args(url)
    options["async_creator"] = inline_connector(
        tuple(args), dict(kwargs), SQLITE_BUSY_TIMEOUT_MS / 1000
    )
    engine = create_async_engine(url, **options)
    _install_sqlite_hooks(engine, wal=not memory)
    return engine


def _install_sqlite_hooks(engine: AsyncEngine, *, wal: bool) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
        # Take BEGIN away from the driver (its legacy mode skips BEGIN before SELECT and DDL);
        # the "begin" hook below emits it instead. COMMIT/ROLLBACK still go through the driver.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            if wal:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            # 0: waiting for a lock is done by storage.sqlite_inline without stopping the loop
            cursor.execute("PRAGMA busy_timeout=0")
            cursor.execute("PRAGMA foreign_keys=ON")
        finally:
            cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Any) -> None:
        # IMMEDIATE takes the write lock up front: a transaction that reads and then writes
        # can otherwise fail at once with SQLITE_BUSY (busy_timeout does not help a deferred
        # transaction whose snapshot went stale), e.g. when `migrate` runs beside the bot.
        # Straight to SQLite (one statement through SQLAlchemy costs as much as the
        # transaction's own query); when another process holds the lock, SQLAlchemy's way
        # waits for it without stopping the loop (storage.sqlite_inline).
        driver = connection.connection.driver_connection
        if wal:  # the level may not change inside a transaction: set it before BEGIN
            durable = connection.get_execution_options().get(DURABLE, False)
            driver.set_synchronous("FULL" if durable else "NORMAL")
        if not driver.run_now("BEGIN IMMEDIATE"):
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    @event.listens_for(engine.sync_engine, "reset")
    def _on_reset(dbapi_connection: Any, _record: ConnectionPoolEntry, _state: Any) -> None:
        # A unit of work ends its own transaction (SQLAlchemy's close rolls back what was
        # not committed); the pool's own rollback on every return, through the driver
        # adapter, cost as much as a read's query. Here only a transaction left open ends.
        driver = dbapi_connection.driver_connection
        if driver.in_transaction:
            driver.run_now("ROLLBACK")
