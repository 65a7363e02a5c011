"""SQLite statements run on the event loop's own thread instead of aiosqlite's worker thread.

aiosqlite hands every call (cursor, execute, fetch, close, commit) to its thread and back:
four or five hand-offs per statement, each a queue, a thread switch, a wake-up of the event
loop and a fight for the GIL, each costing several times what SQLite spends on one of this
bot's small statements (`docs/performance.md`, "Update path speed"): a draft's database
work took 3.4 ms of CPU through the thread and takes 2.1 ms here (the rest is SQLAlchemy),
reading a user 1.3 and 0.5 ms. The price is that the loop waits while SQLite works, which
for one process on one local file is the same wait every other coroutine already had for
the one connection; a commit that waits for the disk (only where asked for: `DURABLE` in
storage.engine) waits about half a ms.

Waiting for another process's write lock must not stop the loop (in one process, two
engines on one file would wait for each other for ever): SQLite's own busy timeout is off
(`PRAGMA busy_timeout=0` in storage.engine) and a call refused with SQLITE_BUSY is tried
again after an asyncio sleep until `busy_timeout` runs out. Nothing ran when SQLite said
busy, so trying again is safe; a stale read snapshot (SQLITE_BUSY_SNAPSHOT) is not retried.

Only `_execute` changes: aiosqlite still opens and closes the connection on its thread, and
SQLAlchemy's aiosqlite dialect is used unchanged (through `async_creator`)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import aiosqlite

BUSY_RETRY_S = 0.005


class InlineConnection(aiosqlite.Connection):
    busy_timeout: float = 5.0  # seconds
    synchronous = "NORMAL"  # as storage.engine sets it on connect

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        deadline: float | None = None
        while True:
            if not self._running or not self._connection:
                raise ValueError("Connection closed")
            try:
                return fn(*args, **kwargs)
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorcode", None) != sqlite3.SQLITE_BUSY:
                    raise
                now = asyncio.get_running_loop().time()
                deadline = deadline or now + self.busy_timeout
                if now >= deadline:
                    raise
            await asyncio.sleep(BUSY_RETRY_S)

    def run_now(self, sql: str) -> bool:
        """Run a statement without results at once, on the calling thread, with none of
        SQLAlchemy's execution around it; False when SQLite is busy (nothing ran)."""
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        try:
            self._connection.execute(sql).close()
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorcode", None) != sqlite3.SQLITE_BUSY:
                raise
            return False
        return True

    def set_synchronous(self, level: str) -> None:
        """`PRAGMA synchronous` for the next transactions; a statement only on a change."""
        if level != self.synchronous:
            self.run_now(f"PRAGMA synchronous={level}")  # takes no lock: never busy
            self.synchronous = level


def inline_connector(
    args: tuple[Any, ...], kwargs: dict[str, Any], busy_timeout: float
) -> Callable[[], Awaitable[InlineConnection]]:
    """An `async_creator` for `create_async_engine`: `args` and `kwargs` are what the
    dialect would give `sqlite3.connect` (`dialect.create_connect_args(url)`)."""
    # The connection is opened on aiosqlite's thread and used on the loop's.
    options = {**kwargs, "check_same_thread": False}

    async def connect() -> InlineConnection:
        connection = InlineConnection(
            lambda: sqlite3.connect(*args, **options), iter_chunk_size=64
        )
        connection._thread.daemon = True  # as SQLAlchemy does for aiosqlite's own
        connection.busy_timeout = busy_timeout
        await connection  # opens it on aiosqlite's thread
        return connection

    return connect
