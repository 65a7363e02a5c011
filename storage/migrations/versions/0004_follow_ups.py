"""Follow-ups (issue 11): a reminder can end expired, with the reason it was not sent;
users get their reminder settings (kinds turned off, the weekly digest, whether alerts
wait through quiet hours). Types are spelled out as in 0001.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)
JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")
PENDING = "sent_at IS NULL AND cancelled_at IS NULL"
STILL_PENDING = "sent_at IS NULL AND cancelled_at IS NULL AND expired_at IS NULL"


def _pending_index(where: str) -> None:
    op.create_index(
        "ix_reminders_pending_due_at",
        "reminders",
        ["due_at"],
        unique=False,
        sqlite_where=sa.text(where),
        postgresql_where=sa.text(where),
    )


def upgrade() -> None:
    op.drop_index("ix_reminders_pending_due_at", table_name="reminders")
    with op.batch_alter_table("reminders") as batch:
        batch.add_column(sa.Column("expired_at", TIMESTAMP, nullable=True))
        batch.add_column(sa.Column("reason", sa.String(length=64), nullable=True))
    _pending_index(STILL_PENDING)
    with op.batch_alter_table("users") as batch:
        batch.add_column(
            sa.Column("reminders_off", JSON_DOC, server_default=sa.text("'[]'"), nullable=False)
        )
        batch.add_column(
            sa.Column("digest", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.add_column(
            sa.Column("alerts_wait", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("alerts_wait")
        batch.drop_column("digest")
        batch.drop_column("reminders_off")
    op.drop_index("ix_reminders_pending_due_at", table_name="reminders")
    with op.batch_alter_table("reminders") as batch:
        batch.drop_column("reason")
        batch.drop_column("expired_at")
    _pending_index(PENDING)
