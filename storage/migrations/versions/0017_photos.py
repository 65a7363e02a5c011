"""Posts with a photo (issue 35): a post made from a photo and its caption keeps the photo's
Telegram file_id (`posts.photo`), and a message the outbox sends as that photo, the text its
caption, names it (`outbox.photo`). Nothing else is stored of the picture: Telegram keeps it.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("posts") as posts:
        posts.add_column(sa.Column("photo", sa.String(255), nullable=True))
    with op.batch_alter_table("outbox") as outbox:
        outbox.add_column(sa.Column("photo", sa.String(255), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as outbox:
        outbox.drop_column("photo")
    with op.batch_alter_table("posts") as posts:
        posts.drop_column("photo")
