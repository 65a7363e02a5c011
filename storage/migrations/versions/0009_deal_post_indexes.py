"""Retention (issue 14): old posts are purged unless a deal names them, so the deals'
post columns are indexed for that lookup (and for /forget's).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_deals_offer_id", "deals", ["offer_id"])
    op.create_index("ix_deals_need_id", "deals", ["need_id"])


def downgrade() -> None:
    op.drop_index("ix_deals_need_id", table_name="deals")
    op.drop_index("ix_deals_offer_id", table_name="deals")
