"""Contact requests: one owner asked another to exchange contacts (double opt-in)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import ContactRequest, ContactStatus
from storage.tables import ContactRequestRow


def _request(row: ContactRequestRow) -> ContactRequest:
    return ContactRequest(
        id=row.id,
        match_id=row.match_id,
        post_id=row.post_id,
        from_user_id=row.from_user_id,
        to_user_id=row.to_user_id,
        status=ContactStatus(row.status),
        created_at=row.created_at,
        responded_at=row.responded_at,
        expires_at=row.expires_at,
    )


class SqlContactRequestsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, request: ContactRequest) -> int:
        row = ContactRequestRow(
            match_id=request.match_id,
            post_id=request.post_id,
            from_user_id=request.from_user_id,
            to_user_id=request.to_user_id,
            status=request.status.value,
            created_at=request.created_at,
            expires_at=request.expires_at,
        )
        self._session.add(row)
        await self._session.flush()
        request.id = row.id
        return row.id

    async def get(self, request_id: int) -> ContactRequest | None:
        row = await self._session.get(ContactRequestRow, request_id)
        return _request(row) if row else None

    async def update(self, request: ContactRequest) -> None:
        row = await self._session.get(ContactRequestRow, request.id)
        if row is None:
            raise LookupError(f"no contact request {request.id}")
        row.status, row.responded_at = request.status.value, request.responded_at
        await self._session.flush()

    async def count_about(self, post_id: int) -> int:
        query = select(func.count()).where(ContactRequestRow.post_id == post_id)
        return int(await self._session.scalar(query) or 0)

    async def count_asked_by(self, user_id: int, since: datetime) -> int:
        query = select(func.count()).where(
            ContactRequestRow.from_user_id == user_id, ContactRequestRow.created_at >= since
        )
        return int(await self._session.scalar(query) or 0)

    async def count_pending_to(self, user_id: int, now: datetime) -> int:
        query = select(func.count()).where(
            ContactRequestRow.to_user_id == user_id,
            ContactRequestRow.status == ContactStatus.PENDING.value,
            or_(ContactRequestRow.expires_at.is_(None), ContactRequestRow.expires_at > now),
        )
        return int(await self._session.scalar(query) or 0)

    async def find(
        self, from_user_id: int, to_user_id: int, post_id: int | None, match_id: int | None
    ) -> ContactRequest | None:
        query = select(ContactRequestRow).where(
            ContactRequestRow.from_user_id == from_user_id,
            ContactRequestRow.to_user_id == to_user_id,
        )
        if match_id is not None:
            query = query.where(ContactRequestRow.match_id == match_id)
        elif post_id is not None:
            query = query.where(ContactRequestRow.post_id == post_id)
        row = await self._session.scalar(query.order_by(ContactRequestRow.id.desc()).limit(1))
        return _request(row) if row else None

    async def between(self, user_a: int, user_b: int) -> list[ContactRequest]:
        pair = (
            (ContactRequestRow.from_user_id == user_a) & (ContactRequestRow.to_user_id == user_b)
        ) | ((ContactRequestRow.from_user_id == user_b) & (ContactRequestRow.to_user_id == user_a))
        query = select(ContactRequestRow).where(pair).order_by(ContactRequestRow.id)
        return [_request(row) for row in await self._session.scalars(query)]

    async def answer_times(
        self, user_id: int, limit: int = 200
    ) -> list[tuple[datetime, datetime | None]]:
        rows = await self._session.execute(
            select(ContactRequestRow.created_at, ContactRequestRow.responded_at)
            .where(ContactRequestRow.to_user_id == user_id)
            .order_by(ContactRequestRow.id.desc())
            .limit(limit)
        )
        return [(asked, answered) for asked, answered in rows]
