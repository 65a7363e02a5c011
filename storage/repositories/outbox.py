"""Transactional outbox: messages written with the change that causes them, sent later."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import OutboxMessage
from storage.json_columns import buttons_from_json, buttons_to_json
from storage.tables import OutboxRow
from storage.types import utcnow


def _from_row(row: OutboxRow) -> OutboxMessage:
    return OutboxMessage(
        id=row.id,
        chat_id=row.chat_id,
        text=row.text,
        buttons=buttons_from_json(row.buttons),
        parse_mode=row.parse_mode,
        kind=row.kind,
        created_at=row.created_at,
        attempts=row.attempts,
        not_before=row.not_before,
        photo=row.photo,
    )


class SqlOutboxRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, message: OutboxMessage) -> int:
        row = OutboxRow(
            chat_id=message.chat_id,
            text=message.text,
            buttons=buttons_to_json(message.buttons),
            parse_mode=message.parse_mode,
            kind=message.kind,
            created_at=message.created_at or utcnow(),
            attempts=message.attempts,
            not_before=message.not_before,
            photo=message.photo,
        )
        self._session.add(row)
        await self._session.flush()
        message.id = row.id
        return row.id

    async def due(self, now: datetime, limit: int) -> list[OutboxMessage]:
        """Unsent, not permanently failed messages whose `not_before` is unset or reached,
        oldest first (by id)."""
        rows = await self._session.scalars(
            select(OutboxRow)
            .where(
                OutboxRow.sent_at.is_(None),
                OutboxRow.failed_at.is_(None),
                or_(OutboxRow.not_before.is_(None), OutboxRow.not_before <= now),
            )
            .order_by(OutboxRow.id)
            .limit(limit)
            # PostgreSQL: a second dispatcher skips rows the first has claimed until its
            # transaction ends. SQLite has no row locks (the clause is not rendered there);
            # its single connection already serialises dispatchers within a process.
            .with_for_update(skip_locked=True)
            .execution_options(populate_existing=True)
        )
        return [_from_row(row) for row in rows]

    async def mark_sent(self, message_id: int, at: datetime, telegram_message_id: int) -> None:
        await self._session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id)
            .values(
                sent_at=at,
                telegram_message_id=telegram_message_id,
                attempts=OutboxRow.attempts + 1,
            )
        )

    async def purge_finished(self, before: datetime) -> int:
        result = await self._session.execute(
            delete(OutboxRow).where(or_(OutboxRow.sent_at < before, OutboxRow.failed_at < before))
        )
        return int(result.rowcount or 0)  # type: ignore[attr-defined]

    async def retry_failed(self, chat_id: int, error: str, since: datetime) -> int:
        result = await self._session.execute(
            update(OutboxRow)
            .where(
                OutboxRow.chat_id == chat_id,
                OutboxRow.failed_at >= since,
                OutboxRow.last_error == error,
                OutboxRow.sent_at.is_(None),
            )
            .values(failed_at=None, not_before=None)
        )
        return int(result.rowcount or 0)  # type: ignore[attr-defined]

    async def hold(self, message_id: int, until: datetime) -> None:
        await self._session.execute(
            update(OutboxRow).where(OutboxRow.id == message_id).values(not_before=until)
        )

    async def claim(
        self, message_ids: Collection[int], now: datetime, until: datetime
    ) -> set[int]:
        """One conditional UPDATE: of two dispatchers claiming the same row (two processes,
        for a moment both active), PostgreSQL lets the second wait for the first's commit
        and then finds the row no longer due; SQLite runs their transactions one by one."""
        if not message_ids:
            return set()
        result = await self._session.execute(
            update(OutboxRow)
            .where(
                OutboxRow.id.in_(message_ids),
                OutboxRow.sent_at.is_(None),
                OutboxRow.failed_at.is_(None),
                or_(OutboxRow.not_before.is_(None), OutboxRow.not_before <= now),
            )
            .values(not_before=until)
            .returning(OutboxRow.id)
            .execution_options(synchronize_session=False)
        )
        return set(result.scalars())

    async def mark_failed(
        self,
        message_id: int,
        error: str,
        *,
        retry_at: datetime | None,
        at: datetime | None = None,
    ) -> None:
        """Count a failed attempt. With `retry_at` the message stays pending and becomes due
        again then; without it the failure is final (`failed_at` = `at`, default now)."""
        values: dict[str, object] = {
            "attempts": OutboxRow.attempts + 1,
            "last_error": error[:2000],
        }
        if retry_at is None:
            values["failed_at"] = at or utcnow()
        else:
            values["not_before"] = retry_at
        await self._session.execute(
            update(OutboxRow).where(OutboxRow.id == message_id).values(**values)
        )
