"""The inbox becomes the queue that several worker processes, on several machines, take
updates from: each update is in its person's queue (`inbox.person_id`: the sender, else the
chat, else 0), and a worker takes a person by a row in `claims` (owner, until when), so each
person's updates are handled by one worker at a time, in order. Pending rows are indexed by
person so a worker's claim, every quarter second, reads only what is pending. Updates still
pending at the upgrade are put in their person's queue from their payload.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-08
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PENDING = "done_at IS NULL"


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(
            sa.Column("person_id", sa.BigInteger(), nullable=False, server_default="0")
        )
    _queue_pending_updates()
    op.create_index(
        "ix_inbox_pending",
        "inbox",
        ["person_id", "update_id"],
        unique=False,
        sqlite_where=sa.text(PENDING),
        postgresql_where=sa.text(PENDING),
    )
    op.create_table(
        "claims",
        sa.Column("person_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("claims")
    op.drop_index("ix_inbox_pending", table_name="inbox")
    with op.batch_alter_table("inbox") as batch:
        batch.drop_column("person_id")


inbox = sa.table(
    "inbox",
    sa.column("update_id", sa.BigInteger),
    sa.column("payload", sa.JSON),
    sa.column("done_at", sa.DateTime(timezone=True)),
    sa.column("person_id", sa.BigInteger),
)


def _queue_pending_updates() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(inbox.c.update_id, inbox.c.payload).where(inbox.c.done_at.is_(None))
    )
    people = []
    for update_id, payload in rows.all():
        stored = json.loads(payload) if isinstance(payload, str) else payload
        person = _person(stored) if isinstance(stored, dict) else 0
        if person:
            people.append({"of": update_id, "person": person})
    if people:
        bind.execute(
            sa.update(inbox)
            .where(inbox.c.update_id == sa.bindparam("of"))
            .values(person_id=sa.bindparam("person")),
            people,
        )


def _person(payload: dict[str, Any]) -> int:
    """The update's person as `bot.services.inbox.queue_of` tells it at this revision: the
    sender, else the chat, of the first object in the update that has either; else 0."""
    for key, value in payload.items():
        if key == "update_id" or not isinstance(value, dict):
            continue
        person = value.get("from") or value.get("user")
        if isinstance(person, dict) and isinstance(person.get("id"), int):
            return int(person["id"])
        message = value.get("message")
        chat = value.get("chat") or (message.get("chat") if isinstance(message, dict) else None)
        if isinstance(chat, dict) and isinstance(chat.get("id"), int):
            return int(chat["id"])
    return 0
