"""Key/value rows behind PTB persistence (conversations, user_data, ...)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.repositories._sql import upsert
from storage.tables import PersistenceRow
from storage.types import utcnow


class SqlPersistenceRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def load(self, namespace: str) -> dict[str, Any]:
        result = await self._session.execute(
            select(PersistenceRow.key, PersistenceRow.value).where(
                PersistenceRow.namespace == namespace
            )
        )
        return {key: value for key, value in result.all()}

    async def load_one(self, namespace: str, key: str) -> Any | None:
        result = await self._session.execute(
            select(PersistenceRow.value).where(
                PersistenceRow.namespace == namespace, PersistenceRow.key == key
            )
        )
        return result.scalar_one_or_none()

    async def save(self, namespace: str, key: str, value: Any | None) -> None:
        """Store `value` (anything JSON can hold) under (namespace, key); None deletes."""
        if value is None:
            await self._session.execute(
                delete(PersistenceRow).where(
                    PersistenceRow.namespace == namespace, PersistenceRow.key == key
                )
            )
            return
        values = {"namespace": namespace, "key": key, "value": value, "updated_at": utcnow()}
        await self._session.execute(
            upsert(self._session, PersistenceRow, values, key=["namespace", "key"])
        )
