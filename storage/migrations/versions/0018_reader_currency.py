"""The reader's currency and where their time zone came from (issue 35): `users.currency`
(picked in /settings; else their city's, else their language's), `users.currency_told`
(told once which currency a guess shows them prices in), and `users.timezone_source`
(language, place, settings: a place they name moves only a zone they did not pick).

A zone none of the languages' defaults could have given was picked in /settings (nothing
else set one before): it is marked so, and no place they name moves it.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-09
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# What `bot.services.people.users.default_timezone` gives any language and region code.
LANGUAGE_DEFAULTS = ("UTC", "Asia/Shanghai", "Asia/Taipei", "Asia/Hong_Kong")


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(
            sa.Column("timezone_source", sa.String(16), server_default="language", nullable=False)
        )
        users.add_column(sa.Column("currency", sa.String(3), nullable=True))
        users.add_column(
            sa.Column("currency_told", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    table = sa.table("users", sa.column("timezone", sa.String), sa.column("timezone_source"))
    op.execute(
        table.update()
        .where(table.c.timezone.not_in(LANGUAGE_DEFAULTS))
        .values(timezone_source="settings")
    )


def downgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.drop_column("currency_told")
        users.drop_column("currency")
        users.drop_column("timezone_source")
