"""One registration number, one account (issue 33): every number given with /verify is a
row in `registrations` (country, number, the account), indexed by number, so a second
account claiming it is seen and the number disputed on both records. The numbers already
on the trust record (`identity.business` events) are copied in, and a number two or more
accounts gave before the upgrade is disputed for each of them (`identity.disputed`), as a
claim after the upgrade would be.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-10
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SURROGATE_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "registrations",
        sa.Column("id", SURROGATE_ID, autoincrement=True, nullable=False),
        sa.Column("country", sa.String(2), nullable=False),
        sa.Column("number", sa.String(32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_registrations_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_registrations")),
    )
    op.create_index(
        "ix_registrations_country_number", "registrations", ["country", "number"], unique=False
    )
    _copy_registrations()


def downgrade() -> None:
    op.drop_index("ix_registrations_country_number", table_name="registrations")
    op.drop_table("registrations")


trust_events = sa.table(
    "trust_events",
    sa.column("id", sa.BigInteger),
    sa.column("user_id", sa.BigInteger),
    sa.column("kind", sa.String),
    sa.column("at", TIMESTAMP),
    sa.column("detail", sa.JSON),
)
registrations = sa.table(
    "registrations",
    sa.column("country", sa.String),
    sa.column("number", sa.String),
    sa.column("user_id", sa.BigInteger),
    sa.column("created_at", TIMESTAMP),
)


def _copy_registrations() -> None:
    bind = op.get_bind()
    sqlite = bind.dialect.name == "sqlite"
    rows = bind.execute(
        sa.select(trust_events.c.user_id, trust_events.c.at, trust_events.c.detail)
        .where(trust_events.c.kind == "identity.business")
        .order_by(trust_events.c.at, trust_events.c.id)
    )
    claims: dict[tuple[str, str], list[int]] = {}
    copied: list[dict[str, Any]] = []
    for user_id, at, stored in rows.all():
        detail = json.loads(stored) if isinstance(stored, str) else stored
        if not isinstance(detail, dict):
            continue
        key = (str(detail.get("country", ""))[:2], str(detail.get("number", ""))[:32])
        if not all(key) or user_id in claims.get(key, []):
            continue
        claims.setdefault(key, []).append(user_id)
        copied.append(
            {"country": key[0], "number": key[1], "user_id": user_id, "created_at": at}
        )
    if copied:
        bind.execute(sa.insert(registrations), copied)
    now = datetime.now(UTC).replace(tzinfo=None) if sqlite else datetime.now(UTC)
    disputed = [
        {
            "user_id": user_id,
            "kind": "identity.disputed",
            "at": now,
            "detail": {"country": country, "number": number},
        }
        for (country, number), users in claims.items()
        if len(users) > 1
        for user_id in users
    ]
    if disputed:
        bind.execute(sa.insert(trust_events), disputed)
