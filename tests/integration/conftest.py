"""Fixtures for storage tests against real databases.

`database_url` is parametrised over SQLite (a temporary file) and PostgreSQL. PostgreSQL
comes from TEST_POSTGRES_URL or postgresql+asyncpg://postgres@127.0.0.1:5432/test; each
test module gets its own `tc_test_<random>` database, dropped afterwards. When the server
is unreachable the PostgreSQL parameters are skipped.

`uow_factory` is parametrised over the in-memory fakes, SQLite and PostgreSQL, each store
migrated once per module: the fakes-agree scenarios (test_fakes_agree*.py) run on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL

from bot.services.ports import UowFactory
from storage import Database
from storage.engine import create_engine
from storage.migrate import schema_status, upgrade_to_head
from storage.tables import metadata
from tests.fakes import InMemoryStore
from tests.postgres import new_database, reachable, server_url


@pytest.fixture(scope="session")
def postgres_server_url() -> URL:
    problem = reachable()
    if problem:
        pytest.skip(problem)
    return server_url()


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
    request.getfixturevalue("postgres_server_url")  # skips when unreachable
    with new_database("tc_test") as url:
        yield url


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


@pytest.fixture
async def second(db: Database, migrated_url: str) -> AsyncIterator[Database]:
    """Another process's connection to the same database as `db`."""
    other = Database.from_url(migrated_url)
    yield other
    await other.dispose()


# -- the fakes-agree stores ---------------------------------------------------------------


@pytest.fixture(scope="module")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('db') / 'agree.db'}"
    asyncio.run(upgrade_to_head(url))
    return url


@pytest.fixture(scope="module")
def postgres_url(postgres_server_url: object) -> Iterator[str]:
    with new_database("tc_agree") as url:
        asyncio.run(upgrade_to_head(url))
        yield url


@pytest.fixture(
    params=["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def store_url(request: pytest.FixtureRequest) -> str | None:
    """None for the fakes, else the migrated database's URL."""
    if request.param == "memory":
        return None
    fixture = {"sqlite": "sqlite_url", "postgresql": "postgres_url"}[request.param]
    return str(request.getfixturevalue(fixture))


@pytest.fixture
async def uow_factory(store_url: str | None) -> AsyncIterator[UowFactory]:
    """The same scenario on the fakes and on SQL: the end-to-end tests run on PostgreSQL only
    where storage behaves differently, so these carry the repositories' SQL onto it."""
    if store_url is None:
        yield InMemoryStore().uow_factory
        return
    database = Database.from_url(store_url)
    try:
        yield database.uow
    finally:
        async with database.engine.begin() as connection:
            for table in reversed(metadata.sorted_tables):
                await connection.execute(table.delete())
        await database.dispose()


@pytest.fixture
async def url(database_url: str) -> AsyncIterator[str]:
    """A migration test's database, handed over empty and left empty."""
    assert await schema_status(database_url) == "empty"
    yield database_url
    # Not downgrade_to_base: some tests leave a revision Alembic does not know.
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(metadata.drop_all)
            await connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        await engine.dispose()
