"""Alembic environment for async engines.

Two ways in:
- storage.migrate passes an open synchronous connection (from `AsyncConnection.run_sync`)
  in `config.attributes["connection"]`; this is how the bot migrates itself, including from
  inside a running event loop. The caller owns the transaction.
- The `alembic` command line passes `-x url=...`; this file then builds the engine with
  storage.engine.create_engine (same SQLite pragmas and BEGIN IMMEDIATE as the bot) and
  runs in storage.migrate.migration_transaction, like the programmatic path.
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig
from typing import Any, Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy.engine import Connection

from storage.engine import create_engine
from storage.migrate import migration_transaction
from storage.tables import metadata
from storage.types import UTCDateTime

config = context.config


def render_item(type_: str, obj: Any, autogen_context: AutogenContext) -> str | Literal[False]:
    """Autogenerate writes plain SQLAlchemy types: revisions must not import storage code,
    which keeps changing after the revision is written."""
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def _configure_and_run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_item=render_item,
        # SQLite cannot ALTER most things: later revisions use batch (copy-and-move) mode.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _url_from_command_line() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("give the database URL: alembic -c storage/alembic.ini -x url=...")
    return url


async def _run_from_command_line(url: str) -> None:
    engine = create_engine(url)
    try:
        async with migration_transaction(engine) as connection:
            await connection.run_sync(_configure_and_run)
    finally:
        await engine.dispose()


def main() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure_and_run(connection)
        return
    if config.config_file_name is not None:
        fileConfig(config.config_file_name, disable_existing_loggers=False)
    url = _url_from_command_line()
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    asyncio.run(_run_from_command_line(url))


main()
