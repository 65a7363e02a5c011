"""Server-side tokens behind buttons that change data."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import ActionToken
from storage.tables import ActionTokenRow


class SqlActionTokensRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, token: ActionToken) -> None:
        self._session.add(
            ActionTokenRow(
                token=token.token,
                user_id=token.user_id,
                action=token.action,
                payload=dict(token.payload),
                expires_at=token.expires_at,
                used_at=token.used_at,
            )
        )
        await self._session.flush()

    async def get(self, token: str) -> ActionToken | None:
        """The token, used or expired ones included (the caller decides); None if unknown."""
        row = await self._session.scalar(
            select(ActionTokenRow)
            .where(ActionTokenRow.token == token)
            .execution_options(populate_existing=True)
        )
        if row is None:
            return None
        return ActionToken(
            token=row.token,
            user_id=row.user_id,
            action=row.action,
            payload=dict(row.payload),
            expires_at=row.expires_at,
            used_at=row.used_at,
        )

    async def mark_used(self, token: str, at: datetime) -> None:
        """Record the first use only: a second press keeps the original `used_at`."""
        await self._session.execute(
            update(ActionTokenRow)
            .where(ActionTokenRow.token == token, ActionTokenRow.used_at.is_(None))
            .values(used_at=at)
        )

    async def purge_expired(self, before: datetime) -> int:
        """Forget tokens that expired before `before`; returns how many."""
        result = await self._session.execute(
            delete(ActionTokenRow).where(ActionTokenRow.expires_at < before)
        )
        return int(getattr(result, "rowcount", 0) or 0)
