"""Each post's sentence vector, stored with the post (issue 34, dense retrieval): one row a
post in `post_vectors`, the encoder that made it (`model`) and its components as int8
bytes, so a restart loads the vectors instead of encoding every open post again. The row
goes with its post (ON DELETE CASCADE: retention's purges, /forget). Posts written before
the upgrade have none until they are encoded (`bot.services.matching.meaning`, newest
first, a batch a second).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "post_vectors",
        sa.Column("post_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("model", sa.String(64), nullable=False),
        sa.Column("vector", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["post_id"],
            ["posts.id"],
            name=op.f("fk_post_vectors_post_id_posts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("post_id", name=op.f("pk_post_vectors")),
    )


def downgrade() -> None:
    op.drop_table("post_vectors")
