"""PostgreSQL's pool: a connection that idled long enough is tried before use and replaced
when the server dropped it; one in steady use is not tried at every checkout."""

from __future__ import annotations

import pytest
from sqlalchemy import text

import storage.engine
from storage import Database
from tests.postgres import admin, server_url

pytestmark = pytest.mark.postgres


@pytest.fixture
def postgres_only(migrated_url: str) -> str:
    if not migrated_url.startswith("postgresql"):
        pytest.skip("PostgreSQL's pool")
    return migrated_url


async def _backend_pid(database: Database) -> int:
    async with database.uow() as uow:
        return (await uow.session.execute(text("SELECT pg_backend_pid()"))).scalar_one()


def _count_pings(database: Database, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    pings: list[int] = []
    dialect = database.engine.sync_engine.dialect
    real = dialect.do_ping

    def counted(dbapi_connection: object) -> bool:
        pings.append(1)
        return real(dbapi_connection)

    monkeypatch.setattr(dialect, "do_ping", counted)
    return pings


async def test_a_connection_in_steady_use_is_not_tried_each_time(
    postgres_only: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = Database.from_url(postgres_only)
    try:
        pings = _count_pings(database, monkeypatch)
        for _ in range(20):
            await _backend_pid(database)
        assert pings == []
    finally:
        await database.dispose()


async def test_a_dropped_idle_connection_is_replaced_unnoticed(
    postgres_only: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.engine, "IDLE_BEFORE_PING_S", 0.0)  # any idle is long enough
    database = Database.from_url(postgres_only)
    try:
        pings = _count_pings(database, monkeypatch)
        first = await _backend_pid(database)
        await admin(server_url(), f"SELECT pg_terminate_backend({first})")
        second = await _backend_pid(database)  # no error: the dead one was found and replaced
        assert second != first and pings
    finally:
        await database.dispose()
