"""Run Alembic from code: upgrade, downgrade, and compare the database with the code.

Alembic's API is synchronous; it runs here through `AsyncConnection.run_sync` on a
connection from storage.engine.create_engine, so it works from inside a running event loop
(no nested `asyncio.run`) and with the same SQLite pragmas as the bot. Each call runs in one
transaction: on PostgreSQL and SQLite alike a failed migration leaves nothing half-applied.

On SQLite, foreign keys are switched off around migrations (the procedure sqlite.org gives
for schema changes): batch migrations rebuild a table by copy, drop and rename, and with
foreign keys on, dropping `users` would first cascade-delete every post. Integrity is
checked with `PRAGMA foreign_key_check` before the commit instead.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Literal

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage.engine import create_engine

# Arbitrary constant shared by every TradeCircle process migrating the same database.
_MIGRATION_LOCK_KEY = 0x7C_4D_16_01

SchemaStatus = Literal["current", "behind", "ahead", "empty"]


class SchemaTooNew(Exception):
    """The database carries a revision this code does not know (a newer release migrated
    it). Running on it could corrupt data, so the bot refuses to start."""

    def __init__(self, revisions: tuple[str, ...]) -> None:
        super().__init__(
            f"database schema revision {', '.join(revisions)} is unknown to this version; "
            "upgrade the bot (or restore a matching backup)"
        )
        self.revisions = revisions


def alembic_config() -> Config:
    """The packaged storage/alembic.ini; works from a source tree and an installed wheel."""
    ini = resources.files("storage").joinpath("alembic.ini")
    return Config(str(ini))


def _run_command(connection: Connection, action: str, revision: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    if action == "upgrade":
        command.upgrade(config, revision)
    else:
        command.downgrade(config, revision)


def _status(connection: Connection) -> tuple[SchemaStatus, tuple[str, ...]]:
    current = tuple(MigrationContext.configure(connection).get_current_heads())
    if not current:
        return "empty", current
    script = ScriptDirectory.from_config(alembic_config())
    known = {rev.revision for rev in script.walk_revisions()}
    unknown = tuple(rev for rev in current if rev not in known)
    if unknown:
        return "ahead", unknown
    if set(current) == set(script.get_heads()):
        return "current", current
    return "behind", current


def _set_sqlite_foreign_keys(connection: Connection, enabled: bool) -> None:
    # Straight to the driver: through SQLAlchemy the statement would open a transaction
    # first, and SQLite ignores this pragma inside one.
    cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(f"PRAGMA foreign_keys={'ON' if enabled else 'OFF'}")
    finally:
        cursor.close()


def _check_sqlite_foreign_keys(connection: Connection) -> None:
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise RuntimeError(f"migration left rows with dangling foreign keys: {broken[:5]}")


@asynccontextmanager
async def migration_transaction(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """One transaction for a whole migration run (see the module docstring for SQLite)."""
    async with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            await connection.run_sync(_set_sqlite_foreign_keys, False)
        try:
            async with connection.begin():
                yield connection
                if sqlite:
                    await connection.run_sync(_check_sqlite_foreign_keys)
        finally:
            if sqlite:
                await connection.run_sync(_set_sqlite_foreign_keys, True)


async def upgrade_engine(engine: AsyncEngine, revision: str = "head") -> None:
    """Upgrade through an existing engine (needed for `sqlite+aiosqlite:///:memory:`, whose
    database lives only as long as the engine's one connection)."""
    async with migration_transaction(engine) as connection:
        await connection.run_sync(_run_command, "upgrade", revision)


async def downgrade_engine(engine: AsyncEngine, revision: str = "base") -> None:
    async with migration_transaction(engine) as connection:
        await connection.run_sync(_run_command, "downgrade", revision)


async def engine_schema_status(engine: AsyncEngine) -> SchemaStatus:
    async with engine.connect() as connection:
        status, _ = await connection.run_sync(_status)
    return status


async def upgrade_to_head(url: str) -> None:
    engine = create_engine(url)
    try:
        await upgrade_engine(engine)
    finally:
        await engine.dispose()


async def downgrade_to_base(url: str) -> None:
    engine = create_engine(url)
    try:
        await downgrade_engine(engine)
    finally:
        await engine.dispose()


async def schema_status(url: str) -> SchemaStatus:
    engine = create_engine(url)
    try:
        return await engine_schema_status(engine)
    finally:
        await engine.dispose()


async def ensure_schema(url: str) -> SchemaStatus:
    """Bring the database to the code's schema. Returns the status found before acting:
    "empty" or "behind" (now upgraded) or "current". Raises SchemaTooNew when the
    database has a revision this code does not know."""
    engine = create_engine(url)
    try:
        # Status and upgrade share one transaction holding one lock (SQLite: BEGIN
        # IMMEDIATE; PostgreSQL: an advisory lock), so two processes starting together
        # cannot both decide to run the same migration.
        async with migration_transaction(engine) as connection:
            if connection.dialect.name == "postgresql":
                await connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK_KEY}
                )
            status, revisions = await connection.run_sync(_status)
            if status == "ahead":
                raise SchemaTooNew(revisions)
            if status in ("empty", "behind"):
                await connection.run_sync(_run_command, "upgrade", "head")
        return status
    finally:
        await engine.dispose()
