"""Each person's one conversation (`bot.domain.models.conversations`): a row per person, replaced
whole on each answer, removed when it ends or is swept past its deadline. Rows are read as
plain columns (never ORM objects), so a read always sees the statements written before it."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Row, Table, bindparam, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import Conversation, Topic
from storage.repositories._sql import upsert
from storage.tables import ConversationRow

COLUMNS = (
    ConversationRow.user_id,
    ConversationRow.topic,
    ConversationRow.step,
    ConversationRow.expires_at,
    ConversationRow.data,
)


TABLE = cast(Table, ConversationRow.__table__)
# Read on every private message: plain Core, built once (no ORM state or statement per call).
_GET = select(*(TABLE.c[c.key] for c in COLUMNS)).where(TABLE.c.user_id == bindparam("user_id"))
_GET_MANY = select(*(TABLE.c[c.key] for c in COLUMNS)).where(
    TABLE.c.user_id.in_(bindparam("user_ids", expanding=True))
)


def _conversation(row: Row[Any]) -> Conversation:
    return Conversation(row.user_id, Topic(row.topic), row.step, row.expires_at, dict(row.data))


class SqlConversationsRepository:
    def __init__(self, session: AsyncSession, written: set[int] | None = None) -> None:
        self._session = session
        self._written = set() if written is None else written  # whose rows were written

    async def get(self, user_id: int) -> Conversation | None:
        found = await self._session.execute(_GET, {"user_id": user_id})
        row = found.one_or_none()
        return None if row is None else _conversation(row)

    async def get_many(self, user_ids: Collection[int]) -> dict[int, Conversation]:
        if not user_ids:
            return {}
        found = await self._session.execute(_GET_MANY, {"user_ids": list(user_ids)})
        return {row.user_id: _conversation(row) for row in found.all()}

    async def put(self, conversation: Conversation) -> None:
        """Store it in place of any other of the same person."""
        values = {
            "user_id": conversation.user_id,
            "topic": conversation.topic.value,
            "step": conversation.step,
            "data": conversation.data,
            "expires_at": conversation.expires_at,
        }
        await self._session.execute(
            upsert(self._session, ConversationRow, values, key=["user_id"])
        )
        self._written.add(conversation.user_id)

    async def end(self, user_id: int) -> Conversation | None:
        """Remove the person's conversation; the removed one, if any."""
        removed = await self._session.execute(
            delete(ConversationRow).where(ConversationRow.user_id == user_id).returning(*COLUMNS)
        )
        row = removed.one_or_none()
        if row is not None:
            self._written.add(user_id)
        return None if row is None else _conversation(row)

    async def over(self, now: datetime, limit: int) -> list[Conversation]:
        """Conversations past their deadline, oldest deadline first."""
        found = await self._session.execute(
            select(*COLUMNS)
            .where(ConversationRow.expires_at <= now)
            .order_by(ConversationRow.expires_at, ConversationRow.user_id)
            .limit(limit)
        )
        return [_conversation(row) for row in found.all()]
