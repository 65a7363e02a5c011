"""Durable inbox of Telegram updates, deduplicated on `update_id`.

Every update passes here three or four times, so the statements are plain Core on the
table, built once (no ORM state, no statement or cache key built per call)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.engine import DURABLE
from storage.repositories._sql import built_per_dialect, insert_for
from storage.tables import InboxRow

INBOX = cast(Table, InboxRow.__table__)
_DRAFTED = select(INBOX.c.post_id).where(INBOX.c.update_id == bindparam("update_id"))
_NOTE_DRAFTED = (  # an UPDATE's parameters may not be named after its columns
    update(INBOX).where(INBOX.c.update_id == bindparam("of")).values(post_id=bindparam("draft"))
)
_NOTE_FIRST_DRAFT = _NOTE_DRAFTED.where(INBOX.c.post_id.is_(None))
_MARK_DONE = (
    update(INBOX)
    .where(INBOX.c.update_id.in_(bindparam("update_ids", expanding=True)))
    .where(INBOX.c.done_at.is_(None))
    .values(done_at=bindparam("at"))
)


@built_per_dialect
def _record(dialect: str) -> Any:
    """SQLAlchemy sends a batch's rows in one statement ("insertmanyvalues") from its cache
    instead of compiling a statement for every batch."""
    return (
        insert_for(dialect, INBOX)
        .on_conflict_do_nothing(index_elements=["update_id"])
        .returning(INBOX.c.update_id)
    )


class SqlInboxRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def record(self, update_id: int, payload: dict[str, Any], at: datetime) -> bool:
        """Store a received update; False when this update_id was already recorded."""
        return update_id in await self.record_many([{**payload, "update_id": update_id}], at)

    async def record_many(self, payloads: Sequence[dict[str, Any]], at: datetime) -> set[int]:
        """Store a fetched batch in one statement; the ids that were not stored before."""
        if not payloads:
            return set()
        await self._durable()
        rows = [
            {"update_id": int(p["update_id"]), "payload": p, "received_at": at} for p in payloads
        ]
        result = await self._session.execute(_record(self._session), rows)
        return set(result.scalars())

    async def _durable(self) -> None:
        """Received updates are on disk when their transaction commits: Telegram is told
        they arrived only after that. Must open the unit of work's transaction."""
        if not self._session.in_transaction():
            await self._session.connection(execution_options={DURABLE: True})
            return
        connection = (await self._session.connection()).sync_connection
        if connection is None or not connection.get_execution_options().get(DURABLE):
            raise RuntimeError("received updates must be the first thing a unit of work writes")

    async def drafted(self, update_id: int) -> int | None:
        result = await self._session.execute(_DRAFTED, {"update_id": update_id})
        return result.scalar_one_or_none()

    async def note_drafted(self, update_id: int, post_id: int, *, replace: bool = False) -> bool:
        statement = _NOTE_DRAFTED if replace else _NOTE_FIRST_DRAFT
        result = await self._session.execute(statement, {"of": update_id, "draft": post_id})
        return bool(getattr(result, "rowcount", 0))

    async def mark_done(self, update_ids: Collection[int], at: datetime) -> None:
        if update_ids:
            await self._session.execute(_MARK_DONE, {"update_ids": list(update_ids), "at": at})

    async def purge_done(self, before: datetime) -> int:
        """Forget handled updates received before `before`; returns how many."""
        result = await self._session.execute(
            delete(INBOX).where(INBOX.c.done_at.is_not(None), INBOX.c.received_at < before)
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def pending(
        self, limit: int = 100, after: int | None = None
    ) -> list[tuple[int, dict[str, Any]]]:
        """Recorded but not done updates, in update_id order: what to replay after a crash."""
        query = select(INBOX.c.update_id, INBOX.c.payload).where(INBOX.c.done_at.is_(None))
        if after is not None:
            query = query.where(INBOX.c.update_id > after)
        result = await self._session.execute(query.order_by(INBOX.c.update_id).limit(limit))
        return [(update_id, payload) for update_id, payload in result.all()]

    async def count_replays(self, update_ids: Collection[int]) -> dict[int, int]:
        if not update_ids:
            return {}
        result = await self._session.execute(
            update(INBOX)
            .where(INBOX.c.update_id.in_(list(update_ids)))
            .values(replays=INBOX.c.replays + 1)
            .returning(INBOX.c.update_id, INBOX.c.replays)
        )
        return {update_id: replays for update_id, replays in result.all()}
