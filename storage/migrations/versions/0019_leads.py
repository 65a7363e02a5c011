"""Demand leads (issue 36): `seller_interests`, the products each seller offered (kept
after the offer ends) or names in /profile, keyed as comparable posts key a product; and
`leads`, each need sent to a seller as a lead (once a pair; a seller's daily cap counts
them). Both go with their user (ON DELETE CASCADE, and /forget deletes them); a lead goes
with its need.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)
SURROGATE_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "seller_interests",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("product_key", sa.String(120), nullable=False),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("last_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_seller_interests_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "user_id", "product_key", "source", name=op.f("pk_seller_interests")
        ),
    )
    op.create_index(
        op.f("ix_seller_interests_product_key"), "seller_interests", ["product_key"], unique=False
    )
    op.create_table(
        "leads",
        sa.Column("id", SURROGATE_ID, autoincrement=True, nullable=False),
        sa.Column("need_id", sa.BigInteger(), nullable=False),
        sa.Column("seller_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["need_id"], ["posts.id"], name=op.f("fk_leads_need_id_posts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["seller_id"], ["users.id"], name=op.f("fk_leads_seller_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leads")),
        sa.UniqueConstraint("need_id", "seller_id", name=op.f("uq_leads_need_id_seller_id")),
    )
    op.create_index(
        "ix_leads_seller_id_created_at", "leads", ["seller_id", "created_at"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_leads_seller_id_created_at", table_name="leads")
    op.drop_table("leads")
    op.drop_index(op.f("ix_seller_interests_product_key"), table_name="seller_interests")
    op.drop_table("seller_interests")
