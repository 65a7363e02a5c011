"""An update keeps the draft it made (issue 13): handled again after a crash, it shows that
draft instead of making a second one.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(sa.Column("post_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.drop_column("post_id")
