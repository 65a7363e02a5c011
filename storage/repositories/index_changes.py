"""The matching index's change log: revisions taken from a counter row under lock (so they
commit in order), and the changes since a revision with each post's stored index form."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.matching.types import IndexChange, IndexEntry
from bot.domain.models import PostStatus
from storage.repositories._sql import dialect_insert
from storage.repositories.posts import INDEX_ENTRY_COLUMNS
from storage.tables import CounterRow, IndexChangeRow, PostRow

COUNTER = "index"


class SqlIndexChangesRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def record(
        self,
        kind: str,
        origin: str,
        at: datetime,
        *,
        post_id: int | None = None,
        user_id: int | None = None,
    ) -> int:
        """Log a change under the next revision and return it. The counter row stays locked
        until this transaction ends: another process's change waits, and gets a later
        revision only once this one is committed (or rolled back)."""
        take = (
            dialect_insert(self._session, CounterRow)
            .values(name=COUNTER, value=1)
            .on_conflict_do_update(index_elements=["name"], set_={"value": CounterRow.value + 1})
            .returning(CounterRow.value)
        )
        revision = int((await self._session.execute(take)).scalar_one())
        self._session.add(
            IndexChangeRow(
                revision=revision,
                kind=kind,
                origin=origin,
                post_id=post_id,
                user_id=user_id,
                at=at,
            )
        )
        await self._session.flush()
        return revision

    async def latest(self) -> int:
        """The last revision committed (0 before the first change)."""
        value = await self._session.scalar(
            select(CounterRow.value).where(CounterRow.name == COUNTER)
        )
        return int(value or 0)

    async def since(self, revision: int, now: datetime, limit: int) -> list[IndexChange]:
        """Changes after `revision`, oldest first; a post change carries the post's index
        entry if the post is open and unexpired now."""
        live = and_(
            PostRow.id == IndexChangeRow.post_id,
            PostRow.status == PostStatus.OPEN.value,
            PostRow.expires_at > now,
        )
        rows = await self._session.execute(
            select(
                IndexChangeRow.revision,
                IndexChangeRow.kind,
                IndexChangeRow.origin,
                IndexChangeRow.post_id,
                IndexChangeRow.user_id,
                *INDEX_ENTRY_COLUMNS,
            )
            .outerjoin(PostRow, live)
            .where(IndexChangeRow.revision > revision)
            .order_by(IndexChangeRow.revision)
            .limit(limit)
        )
        changes = []
        for number, kind, origin, post_id, user_id, *post in rows:
            entry = IndexEntry(*post) if post[0] is not None and kind == "post" else None
            changes.append(IndexChange(number, kind, origin, post_id, user_id, entry))
        return changes

    async def purge(self, before: datetime) -> int:
        """Forget changes logged before `before` (a process further behind rebuilds)."""
        result = await self._session.execute(
            delete(IndexChangeRow).where(IndexChangeRow.at < before)
        )
        return int(getattr(result, "rowcount", 0) or 0)
