"""Each person's conversation with the bot in its own typed table (`conversations`): the
questions of /offer, /need and /profile and the single questions asked outside them are
read by whichever process handles the next update, and each has a deadline, indexed so a
sweep finds the ones that are over without reading them all. The state PTB kept for them
(user_data keys and its ConversationHandler rows in `persistence`) moves here, each with a
fresh deadline, so nobody half-way through a question at the upgrade loses it.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")


def upgrade() -> None:
    op.create_table(
        "conversations",
        sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("topic", sa.String(16), nullable=False),
        sa.Column("step", sa.String(32), nullable=False),
        sa.Column("data", JSON_DOC, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_conversations_expires_at", "conversations", ["expires_at"])
    _move_persisted_state()


def downgrade() -> None:
    op.drop_index("ix_conversations_expires_at", table_name="conversations")
    op.drop_table("conversations")


GUIDED = ("product", "quantity", "price", "place")  # the steps of /offer and /need, in order
PROFILE = ("company", "region", "products", "keywords")
OLD_KEYS = ("pending", "unclear_post", "words", "flow", "profile_answers")
persistence = sa.table(
    "persistence",
    sa.column("namespace", sa.String),
    sa.column("key", sa.String),
    sa.column("value", sa.JSON),
)
conversations = sa.table(
    "conversations",
    sa.column("user_id", sa.BigInteger),
    sa.column("topic", sa.String),
    sa.column("step", sa.String),
    sa.column("data", sa.JSON),
    sa.column("expires_at", sa.DateTime(timezone=True)),
)


def _move_persisted_state() -> None:
    bind = op.get_bind()
    rows = bind.execute(sa.select(persistence.c.namespace, persistence.c.key, persistence.c.value))
    stored: dict[str, dict[str, Any]] = {}
    for namespace, key, value in rows:
        stored.setdefault(namespace, {})[key] = json.loads(value) if isinstance(value, str) else value
    steps = {}  # user id: (topic, step index) of a ConversationHandler in progress
    for name, topic in (("guided_post", None), ("profile", "profile")):
        for key, state in stored.get(f"conversation:{name}", {}).items():
            if isinstance(state, int):
                steps[int(json.loads(key)[-1])] = (topic, state)
    now = datetime.now(UTC)
    for key, data in stored.get("user_data", {}).items():
        moved = _conversation(int(key), data, steps.get(int(key)), now)
        if moved is not None:
            if bind.dialect.name == "sqlite":
                moved["expires_at"] = moved["expires_at"].replace(tzinfo=None)
            bind.execute(sa.insert(conversations).values(**moved))
        kept = {k: v for k, v in data.items() if k not in OLD_KEYS}
        if kept != data:
            where = (persistence.c.namespace == "user_data") & (persistence.c.key == key)
            if kept:
                bind.execute(sa.update(persistence).where(where).values(value=kept))
            else:
                bind.execute(sa.delete(persistence).where(where))
    bind.execute(sa.delete(persistence).where(persistence.c.namespace.like("conversation:%")))


def _conversation(
    user_id: int, data: dict[str, Any], step: tuple[str | None, int] | None, now: datetime
) -> dict[str, Any] | None:
    """The one conversation the old keys describe (a series in progress first)."""

    def row(topic: str, name: str, lifetime: timedelta, **values: Any) -> dict[str, Any]:
        return {
            "user_id": user_id,
            "topic": topic,
            "step": name,
            "data": values,
            "expires_at": now + lifetime,
        }

    series, single = timedelta(minutes=15), timedelta(hours=1)
    if step is not None and step[0] == "profile" and 0 <= step[1] < len(PROFILE):
        answers = data.get("profile_answers") or {}
        return row("profile", PROFILE[step[1]], series, answers=answers)
    flow = data.get("flow")
    if step is not None and step[0] is None and isinstance(flow, dict) and 0 <= step[1] < 4:
        kind = "need" if flow.get("kind") == "need" else "offer"
        return row(kind, GUIDED[step[1]], series, answers=flow.get("answers") or {})
    if isinstance(data.get("words"), dict):
        words = data["words"]
        return row("words", str(words["about"]), single, deal=int(words["deal"]))
    if isinstance(data.get("pending"), dict):
        pending = data["pending"]
        reason = "product" if pending.get("kind") == "product" else "edit"
        field = str(pending.get("field", "product"))
        return row("post_field", field, single, post=int(pending["post"]), reason=reason)
    if data.get("unclear_post"):
        return row("post_kind", "kind", single, text=str(data["unclear_post"]))
    return None
