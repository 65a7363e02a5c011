"""Alembic: up, down, up again; status detection; the schema matches the models."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import BigInteger, column, insert, inspect, table, text
from sqlalchemy.engine import Connection

from bot.domain.models import Match, PostKind
from storage import Database, migrate
from storage.engine import create_engine
from storage.migrate import (
    SchemaTooNew,
    downgrade_to_base,
    ensure_schema,
    schema_status,
    upgrade_engine,
    upgrade_to_head,
)
from storage.tables import metadata
from storage.types import JSONDoc, UTCDateTime
from tests.integration.factories import NOW, make_post, make_user


def _table_names(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names()) - {"alembic_version"}


def _schema_diff(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, metadata))


async def test_upgrade_downgrade_upgrade(url: str) -> None:
    engine = create_engine(url)
    try:
        await upgrade_to_head(url)
        assert await schema_status(url) == "current"
        async with engine.connect() as connection:
            assert await connection.run_sync(_table_names) == set(metadata.tables)
            # The hand-cleaned revision creates exactly what the models describe.
            assert await connection.run_sync(_schema_diff) == []

        await downgrade_to_base(url)
        assert await schema_status(url) == "empty"
        async with engine.connect() as connection:
            assert await connection.run_sync(_table_names) == set()

        await upgrade_to_head(url)
        assert await schema_status(url) == "current"
        async with engine.connect() as connection:
            assert await connection.run_sync(_table_names) == set(metadata.tables)
    finally:
        await engine.dispose()


async def test_ensure_schema_upgrades_an_empty_database_once(url: str) -> None:
    assert await ensure_schema(url) == "empty"
    assert await schema_status(url) == "current"
    assert await ensure_schema(url) == "current"


async def test_ensure_schema_refuses_a_database_from_a_newer_release(url: str) -> None:
    await upgrade_to_head(url)
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(
                text("UPDATE alembic_version SET version_num = '9999_future'")
            )
    finally:
        await engine.dispose()

    assert await schema_status(url) == "ahead"
    with pytest.raises(SchemaTooNew) as raised:
        await ensure_schema(url)
    assert raised.value.revisions == ("9999_future",)
    assert await schema_status(url) == "ahead"  # nothing was touched


NEXT_REVISION = """
import sqlalchemy as sa
from alembic import op

revision = "9002_test_only"
down_revision = "{head}"


def upgrade():
    op.create_table("tc_extra", sa.Column("id", sa.Integer, primary_key=True))
    # On SQLite this rebuilds `users` (copy, drop, rename): posts must survive it.
    recreate = "always" if op.get_bind().dialect.name == "sqlite" else "auto"
    with op.batch_alter_table("users", recreate=recreate) as batch:
        batch.add_column(sa.Column("tc_note", sa.Text, nullable=True))


def downgrade():
    with op.batch_alter_table("users") as batch:
        batch.drop_column("tc_note")
    op.drop_table("tc_extra")
"""


async def test_ensure_schema_upgrades_a_database_that_is_behind(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await upgrade_to_head(url)
    # A newer release of the code: one more revision than the database has.
    packaged = migrate.alembic_config
    (head,) = ScriptDirectory.from_config(packaged()).get_heads()
    (tmp_path / "9002_test_only.py").write_text(NEXT_REVISION.replace("{head}", head))
    versions = Path(packaged().get_main_option("script_location") or "") / "versions"

    def newer_config() -> Config:
        config = packaged()
        config.set_main_option("version_locations", f"{versions}{os.pathsep}{tmp_path}")
        return config

    monkeypatch.setattr(migrate, "alembic_config", newer_config)
    db = Database.from_url(url)
    try:
        async with db.uow() as uow:
            await uow.users.upsert(make_user())
            post_id = await uow.posts.add(make_post())
            await uow.commit()
        assert await schema_status(url) == "behind"
        assert await ensure_schema(url) == "behind"
        assert await schema_status(url) == "current"
        async with db.engine.connect() as connection:
            assert "tc_extra" in await connection.run_sync(_table_names)
        async with db.uow() as uow:
            assert await uow.posts.get(post_id) is not None
        assert await _pragma_foreign_keys(db) in (1, None)
        await migrate.downgrade_engine(db.engine, head)
        assert await schema_status(url) == "behind"  # downgrades work through the same path
    finally:
        async with db.engine.begin() as connection:
            await connection.execute(text("DROP TABLE IF EXISTS tc_extra"))
        await db.dispose()


async def _pragma_foreign_keys(db: Database) -> int | None:
    if db.engine.dialect.name != "sqlite":
        return None
    async with db.engine.connect() as connection:
        return (await connection.exec_driver_sql("PRAGMA foreign_keys")).scalar()


async def test_failed_migration_leaves_no_partial_schema(url: str) -> None:
    # A table the migration wants to create already exists: the upgrade fails half-way
    # and, being one transaction, must leave neither new tables nor a version row.
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text("CREATE TABLE ratings (id INTEGER PRIMARY KEY)"))
        with pytest.raises(Exception, match="(?i)ratings"):
            await upgrade_engine(engine)
        async with engine.connect() as connection:
            assert await connection.run_sync(_table_names) == {"ratings"}
        assert await schema_status(url) == "empty"
        async with engine.begin() as connection:
            await connection.execute(text("DROP TABLE ratings"))
    finally:
        await engine.dispose()


async def test_memory_database_migrates_through_its_engine() -> None:
    engine = create_engine("sqlite+aiosqlite:///:memory:")
    try:
        await upgrade_engine(engine)
        async with engine.connect() as connection:
            assert await connection.run_sync(_table_names) == set(metadata.tables)
    finally:
        await engine.dispose()


async def test_match_reasons_survive_the_rename_both_ways(url: str) -> None:
    reasons: list[dict[str, object]] = [{"kind": "moq", "values": {"moq": "1000"}}]
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        async with db.uow() as uow:
            await uow.users.upsert(make_user())
            offer_id = await uow.posts.add(make_post())
            need_id = await uow.posts.add(make_post(kind=PostKind.NEED))
            match = Match(None, offer_id, need_id, 0.8, reasons, NOW)
            match_id = await uow.matches.add(match)
            await uow.commit()
        await migrate.downgrade_engine(db.engine, "0001")
        async with db.engine.connect() as connection:
            stored = (await connection.execute(text("SELECT explanation FROM matches"))).scalar()
        assert (json.loads(stored) if isinstance(stored, str) else stored) == {"reasons": reasons}
        await upgrade_engine(db.engine)
        async with db.uow() as uow:
            again = await uow.matches.get(match_id or -1)
        assert again is not None and again.reasons == reasons
    finally:
        await db.dispose()


async def test_questions_left_open_in_ptb_state_move_to_conversations(url: str) -> None:
    """0013: the user_data keys and ConversationHandler rows of people half-way through a
    question become their conversation; other user_data stays."""
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        await migrate.downgrade_engine(db.engine, "0012")
        user_data = {
            "1": {"flow": {"kind": "need", "answers": {"product": "保温杯"}}, "search": "cups"},
            "2": {"profile_answers": {"company": "Halfway Co"}},
            "3": {"words": {"about": "rating_comment", "deal": 7}},
            "4": {"pending": {"kind": "edit", "post": 9, "field": "price"}},
            "5": {"unclear_post": "保温杯 500ml"},
        }
        async with db.uow() as uow:
            for key, value in user_data.items():
                await uow.persistence.save("user_data", key, value)
            await uow.persistence.save("conversation:guided_post", "[1, 1]", 1)
            await uow.persistence.save("conversation:profile", "[2, 2]", 0)
            await uow.commit()
        await upgrade_engine(db.engine)
        async with db.uow() as uow:
            moved = {u: await uow.conversations.get(u) for u in range(1, 6)}
            left = await uow.persistence.load("user_data")
            ptb_states = await uow.persistence.load("conversation:guided_post")
    finally:
        await db.dispose()
    summary = {u: (c.topic.value, c.step, c.data) for u, c in moved.items() if c is not None}
    assert summary == {
        1: ("need", "quantity", {"answers": {"product": "保温杯"}}),
        2: ("profile", "company", {"answers": {"company": "Halfway Co"}}),
        3: ("words", "rating_comment", {"deal": 7}),
        4: ("post_field", "price", {"post": 9, "reason": "edit"}),
        5: ("post_kind", "kind", {"text": "保温杯 500ml"}),
    }
    assert all(c is not None and c.expires_at > NOW for c in moved.values())
    assert left == {"1": {"search": "cups"}} and ptb_states == {}


async def test_updates_pending_at_the_upgrade_join_their_persons_queue(url: str) -> None:
    """0014: a pending update is put in its sender's queue, else its chat's, else queue 0
    (the rule of `bot.services.inbox.queue_of`); a handled one is left in queue 0."""
    payloads: dict[int, dict[str, Any]] = {
        1: {"message": {"from": {"id": 11}, "chat": {"id": -5}, "text": "求购保温杯"}},
        2: {"callback_query": {"from": {"id": 12}, "message": {"chat": {"id": -5}}}},
        3: {"channel_post": {"sender_chat": {"id": -7}, "chat": {"id": -100_123}}},
        4: {"my_chat_member": {"chat": {"id": -6}, "from": {"id": 14}}},
        5: {"poll": {"id": "p1"}},
        6: {"note": "x", "edited_message": {"from": {"id": 16}}},  # the first that has one
        7: {"message_reaction": {"user": {"id": 17}, "chat": {"id": -8}}},
        8: {"message": {"from": {"id": "not a number"}, "message": {"chat": {"id": -9}}}},
        9: {"message": {"from": {"id": 19}}},  # handled already
    }
    inbox = table(
        "inbox",
        column("update_id", BigInteger),
        column("payload", JSONDoc),
        column("received_at", UTCDateTime()),
        column("done_at", UTCDateTime()),
    )
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        await migrate.downgrade_engine(db.engine, "0013")
        rows = [
            {"update_id": u, "payload": {"update_id": u, **p}, "received_at": NOW, "done_at": None}
            for u, p in payloads.items()
        ]
        rows[-1]["done_at"] = NOW
        async with db.engine.begin() as connection:
            await connection.execute(insert(inbox), rows)
        await upgrade_engine(db.engine)
        async with db.engine.connect() as connection:
            stored = await connection.execute(text("SELECT update_id, person_id FROM inbox"))
            people: dict[int, int] = {u: p for u, p in stored.all()}
        async with db.uow() as uow:
            claimed = await uow.inbox.claim("worker", NOW, NOW + timedelta(seconds=5), 100)
    finally:
        await db.dispose()
    assert people == {1: 11, 2: 12, 3: -100_123, 4: 14, 5: 0, 6: 16, 7: 17, 8: -9, 9: 0}
    assert [update_id for update_id, _ in claimed] == list(range(1, 9))
