"""Which vocabulary derived each post's stored index entry (issue 9): an entry derived by an
older release is loaded as it is and derived anew in the background, so a better glossary
reaches posts written before it. Entries stored before this column read as derived by an
unknown vocabulary, and are derived anew once.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("posts") as batch:
        batch.add_column(sa.Column("index_vocabulary", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("posts") as batch:
        batch.drop_column("index_vocabulary")
