""""Your month" (issue 36), opt-in in /settings: `users.month_report`, whether a member gets
their month's figures on the 1st (a `month.report` reminder, as the weekly digest).

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(
            sa.Column("month_report", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.drop_column("month_report")
