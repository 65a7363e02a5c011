"""The append-only trust log. Deliberately no update or delete."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import TrustEvent
from storage.tables import TrustEventRow


class SqlTrustEventsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, event: TrustEvent) -> int:
        row = TrustEventRow(
            user_id=event.user_id,
            kind=event.kind,
            at=event.at,
            post_id=event.post_id,
            counterpart_id=event.counterpart_id,
            detail=dict(event.detail),
        )
        self._session.add(row)
        await self._session.flush()
        # Rows are immutable: keep none in the identity map.
        self._session.expunge(row)
        event.id = row.id
        return row.id

    async def list_for_user(self, user_id: int, limit: int = 1000) -> list[TrustEvent]:
        """The user's most recent `limit` events, returned oldest first."""
        rows = list(
            await self._session.scalars(
                select(TrustEventRow)
                .where(TrustEventRow.user_id == user_id)
                .order_by(TrustEventRow.at.desc(), TrustEventRow.id.desc())
                .limit(limit)
            )
        )
        rows.reverse()
        return [
            TrustEvent(
                id=row.id,
                user_id=row.user_id,
                kind=row.kind,
                at=row.at,
                post_id=row.post_id,
                counterpart_id=row.counterpart_id,
                detail=dict(row.detail),
            )
            for row in rows
        ]
