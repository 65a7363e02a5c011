"""Reminders: stored, due-dated messages to one user, sent once by the sweep."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import Reminder
from storage.tables import ReminderRow


def _reminder(row: ReminderRow) -> Reminder:
    return Reminder(
        id=row.id,
        kind=row.kind,
        user_id=row.user_id,
        due_at=row.due_at,
        payload=dict(row.payload or {}),
        post_id=row.post_id,
        match_id=row.match_id,
        attempts=row.attempts,
        sent_at=row.sent_at,
        cancelled_at=row.cancelled_at,
        expired_at=row.expired_at,
        reason=row.reason,
    )


_PENDING = (
    ReminderRow.sent_at.is_(None),
    ReminderRow.cancelled_at.is_(None),
    ReminderRow.expired_at.is_(None),
)


class SqlRemindersRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, reminder: Reminder) -> int:
        row = ReminderRow(
            kind=reminder.kind,
            user_id=reminder.user_id,
            post_id=reminder.post_id,
            match_id=reminder.match_id,
            due_at=reminder.due_at,
            payload=dict(reminder.payload),
            attempts=reminder.attempts,
        )
        self._session.add(row)
        await self._session.flush()
        reminder.id = row.id
        return row.id

    async def update(self, reminder: Reminder) -> None:
        row = await self._session.get(ReminderRow, reminder.id)
        if row is None:
            raise LookupError(f"no reminder {reminder.id}")
        row.due_at, row.attempts = reminder.due_at, reminder.attempts
        row.sent_at, row.cancelled_at = reminder.sent_at, reminder.cancelled_at
        row.expired_at, row.reason = reminder.expired_at, reminder.reason
        await self._session.flush()

    async def due(self, now: datetime, limit: int = 100) -> list[Reminder]:
        rows = await self._session.scalars(
            select(ReminderRow)
            .where(ReminderRow.due_at <= now, *_PENDING)
            .order_by(ReminderRow.due_at, ReminderRow.id)
            .limit(limit)
            # PostgreSQL: another process's sweep skips these until this one commits them
            # sent (with their outbox rows), so no reminder is written twice. SQLite runs
            # the sweeps' transactions one by one (the clause is not rendered there).
            .with_for_update(skip_locked=True)
        )
        return [_reminder(row) for row in rows]

    async def pending(
        self,
        *,
        user_id: int | None = None,
        post_id: int | None = None,
        match_id: int | None = None,
        kinds: Collection[str] = (),
    ) -> list[Reminder]:
        if user_id is None and post_id is None:
            raise ValueError("pending reminders are looked up by user or by post")
        query = select(ReminderRow).where(*_PENDING).order_by(ReminderRow.id)
        if user_id is not None:
            query = query.where(ReminderRow.user_id == user_id)
        if post_id is not None:
            query = query.where(ReminderRow.post_id == post_id)
        if match_id is not None:
            query = query.where(ReminderRow.match_id == match_id)
        if kinds:
            query = query.where(ReminderRow.kind.in_(list(kinds)))
        return [_reminder(row) for row in await self._session.scalars(query)]

    async def posts_with_pending(
        self, post_ids: Collection[int], kinds: Collection[str]
    ) -> set[int]:
        if not post_ids or not kinds:
            return set()
        query = select(ReminderRow.post_id).where(
            *_PENDING,
            ReminderRow.post_id.in_(list(post_ids)),
            ReminderRow.kind.in_(list(kinds)),
        )
        return {int(p) for p in await self._session.scalars(query) if p is not None}

    async def purge_finished(self, before: datetime) -> int:
        """Forget reminders sent, cancelled or expired before `before`; returns how many."""
        ended = func.coalesce(
            ReminderRow.sent_at, ReminderRow.cancelled_at, ReminderRow.expired_at
        )
        result = await self._session.execute(delete(ReminderRow).where(ended < before))
        return int(getattr(result, "rowcount", 0) or 0)
