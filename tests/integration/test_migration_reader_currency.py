"""Migration 0018: a member's currency, whether they were told of it, and where their time
zone came from come and go as columns; a zone no language's default gives counts as picked
in /settings; the users stay."""

from __future__ import annotations

import dataclasses

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from bot.domain.models import ZoneSource
from storage import Database, migrate
from storage.migrate import upgrade_engine, upgrade_to_head
from tests.integration.factories import make_user

COLUMNS = {"currency", "currency_told", "timezone_source"}


def _columns(connection: Connection) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns("users")}


async def test_reader_currency_upgrade_and_downgrade(url: str) -> None:
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        async with db.uow() as uow:
            picked = make_user(1, timezone="Europe/London", currency="GBP", currency_told=True)
            await uow.users.upsert(dataclasses.replace(picked, timezone_source=ZoneSource.PLACE))
            await uow.users.upsert(make_user(2, timezone="Asia/Taipei"))
            await uow.commit()
        async with db.uow() as uow:
            stored = await uow.users.get(1)
        await migrate.downgrade_engine(db.engine, "0017")
        async with db.engine.connect() as connection:
            below = await connection.run_sync(_columns)
            ids = (await connection.execute(text("SELECT id FROM users ORDER BY id"))).scalars()
            users = list(ids)
        await upgrade_engine(db.engine)
        async with db.uow() as uow:
            london, taipei = await uow.users.get(1), await uow.users.get(2)
    finally:
        await db.dispose()
    assert stored is not None and stored.currency == "GBP" and stored.currency_told
    assert stored.timezone_source is ZoneSource.PLACE
    assert not COLUMNS & below and users == [1, 2]
    assert london is not None and taipei is not None
    # the columns came back empty; London is no language's default: it was picked
    assert london.currency is None and not london.currency_told
    assert london.timezone_source is ZoneSource.SETTINGS
    assert taipei.timezone_source is ZoneSource.LANGUAGE
