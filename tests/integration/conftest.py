"""Fixtures for storage tests against real databases.

`database_url` is parametrised over SQLite (a temporary file) and PostgreSQL. PostgreSQL
comes from TEST_POSTGRES_URL or postgresql+asyncpg://postgres@127.0.0.1:5432/test; each
test module gets its own `tc_test_<random>` database, dropped afterwards. When the server
is unreachable the PostgreSQL parameters are skipped.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest
from sqlalchemy.engine import URL, make_url

from storage import Database
from storage.migrate import upgrade_to_head
from storage.tables import metadata

DEFAULT_POSTGRES_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"


def _asyncpg_dsn(url: URL, database: str | None) -> str:
    return url.set(drivername="postgresql", database=database).render_as_string(
        hide_password=False
    )


async def _admin(url: URL, sql: str) -> None:
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


@pytest.fixture(scope="session")
def postgres_server_url() -> URL:
    url = make_url(os.environ.get("TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL))
    try:
        asyncio.run(_admin(url, "SELECT 1"))
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        pytest.skip(f"PostgreSQL unreachable at {url.render_as_string()}: {exc!r}")
    return url


@pytest.fixture(
    scope="module",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
)
def database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """An empty database for this test module."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('db') / 'tradecircle.db'}"
        return
    server: URL = request.getfixturevalue("postgres_server_url")
    name = f"tc_test_{secrets.token_hex(6)}"
    asyncio.run(_admin(server, f'CREATE DATABASE "{name}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="module")
def migrated_url(database_url: str) -> str:
    asyncio.run(upgrade_to_head(database_url))
    return database_url


@pytest.fixture
async def db(migrated_url: str) -> AsyncIterator[Database]:
    """A Database on the migrated schema; every row is deleted after the test."""
    database = Database.from_url(migrated_url)
    try:
        yield database
    finally:
        async with database.engine.begin() as connection:
            for table in reversed(metadata.sorted_tables):
                await connection.execute(table.delete())
        await database.dispose()
