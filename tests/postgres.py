"""The PostgreSQL server the tests use when it is reachable: TEST_POSTGRES_URL, or
postgresql+asyncpg://postgres@127.0.0.1:5432/test. Each test gets databases of its own."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
from collections.abc import Iterator

import asyncpg
from sqlalchemy.engine import URL, make_url

DEFAULT_POSTGRES_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
UNREACHABLE = (OSError, asyncpg.PostgresError, TimeoutError)


def server_url() -> URL:
    return make_url(os.environ.get("TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))


def _asyncpg_dsn(url: URL, database: str | None) -> str:
    return url.set(drivername="postgresql", database=database).render_as_string(
        hide_password=False
    )


async def admin(url: URL, sql: str) -> None:
    """Run `sql` on the database named in `url`, or on `postgres` if that one is missing
    (CREATE/DROP DATABASE cannot run inside the database they target)."""
    try:
        connection = await asyncpg.connect(_asyncpg_dsn(url, url.database), timeout=3)
    except asyncpg.InvalidCatalogNameError:
        connection = await asyncpg.connect(_asyncpg_dsn(url, "postgres"), timeout=3)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


def reachable() -> str | None:
    """None if the server answers, else why not."""
    try:
        asyncio.run(admin(server_url(), "SELECT 1"))
    except UNREACHABLE as exc:
        return f"PostgreSQL unreachable at {server_url().render_as_string()}: {exc!r}"
    return None


@contextlib.contextmanager
def new_database(prefix: str, template: str | None = None) -> Iterator[str]:
    """A new database on the server (a copy of `template` if named), as a URL; dropped on
    leaving. Call from a synchronous fixture: it runs its own event loop."""
    server, name = server_url(), f"{prefix}_{secrets.token_hex(6)}"
    copy = f' TEMPLATE "{template}"' if template else ""
    asyncio.run(admin(server, f'CREATE DATABASE "{name}"{copy}'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
