"""A circle member who never started the bot is mentioned in the group at most once a day
(issue 12): memberships keep when that last happened. The type is spelled out as in 0001.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("circle_memberships") as batch:
        batch.add_column(sa.Column("invited_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("circle_memberships") as batch:
        batch.drop_column("invited_at")
