"""A match's reasons are stored as `reasons` (a JSON list), the name the domain uses; the
column was `explanation` holding {"reasons": [...]}.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The same change of shape on each backend's JSON functions, in place, in one statement.
UNWRAP = {
    "sqlite": "UPDATE matches SET reasons = COALESCE(json_extract(reasons, '$.reasons'), '[]')",
    "postgresql": "UPDATE matches SET reasons = COALESCE(reasons -> 'reasons', '[]'::jsonb)",
}
WRAP = {
    "sqlite": "UPDATE matches SET explanation = json_object('reasons', json(explanation))",
    "postgresql": "UPDATE matches SET explanation = jsonb_build_object('reasons', explanation)",
}


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.alter_column("explanation", new_column_name="reasons")
    op.execute(UNWRAP[op.get_bind().dialect.name])


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.alter_column("reasons", new_column_name="explanation")
    op.execute(WRAP[op.get_bind().dialect.name])
