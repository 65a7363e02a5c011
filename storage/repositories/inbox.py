"""Durable inbox of Telegram updates, deduplicated on `update_id`, and the queue the workers
take them from: each update is in its person's queue (`person_id`), and a worker handles a
person's updates only while it holds that person (a row in `claims`).

Every update passes here three or four times, and every worker claims four times a second,
so the statements are plain Core on the tables, built once (no ORM state, no statement or
cache key built per call)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Integer, String, Table, bindparam, delete, select, union, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.engine import DURABLE
from storage.repositories._sql import built_per_dialect, insert_for
from storage.tables import ClaimRow, InboxRow
from storage.types import UTCDateTime

INBOX = cast(Table, InboxRow.__table__)
CLAIMS = cast(Table, ClaimRow.__table__)
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


# A claim's parameters (an INSERT's or UPDATE's may not be named after its columns).
_NOW = bindparam("now", type_=UTCDateTime())
_OWNER = bindparam("holder", type_=String())
_UNTIL = bindparam("till", type_=UTCDateTime())
_RENEW = bindparam("renew", type_=UTCDateTime())  # claims lapsing before this are renewed
_PENDING = INBOX.c.done_at.is_(None)  # the condition of the partial indexes


@built_per_dialect
def _take(dialect: str) -> Any:
    """The owner's claims past half their hold, renewed, and every person with pending
    updates whom nobody holds, taken (a take four times a second rewrites no row it need
    not). One statement: the upsert's condition, checked on the
    latest row after waiting for any other writer of it (PostgreSQL), keeps a claim someone
    else took first; rows are written in person order so that two workers taking the same
    people wait for each other instead of deadlocking."""
    other = CLAIMS.alias("held")
    held = select(other.c.person_id).where(other.c.person_id == INBOX.c.person_id)
    free = select(INBOX.c.person_id).where(_PENDING, ~held.where(other.c.until > _NOW).exists())
    mine = select(other.c.person_id).where(other.c.owner == _OWNER, other.c.until < _RENEW)
    people = union(free, mine).subquery("people")
    rows = select(people.c.person_id, _OWNER, _UNTIL).order_by(people.c.person_id)
    insert = insert_for(dialect, CLAIMS).from_select(["person_id", "owner", "until"], rows)
    return insert.on_conflict_do_update(
        index_elements=["person_id"],
        set_={"owner": insert.excluded.owner, "until": insert.excluded.until},
        where=(CLAIMS.c.until <= _NOW) | (CLAIMS.c.owner == _OWNER),
    ).returning(CLAIMS.c.person_id)


_HELD_UPDATES = (  # read through ix_inbox_pending (person_id, update_id)
    select(INBOX.c.update_id, INBOX.c.payload)
    .join(CLAIMS, CLAIMS.c.person_id == INBOX.c.person_id)
    .where(_PENDING, CLAIMS.c.owner == _OWNER)
    .order_by(INBOX.c.update_id)
    .limit(bindparam("most", type_=Integer()))
)
_LET_GO_OF_ALL = delete(CLAIMS).where(CLAIMS.c.owner == _OWNER)
_OTHERS_GONE = delete(CLAIMS).where(CLAIMS.c.owner != _OWNER)
_LET_GO_OF_IDLE = _LET_GO_OF_ALL.where(
    ~select(INBOX.c.update_id).where(INBOX.c.person_id == CLAIMS.c.person_id, _PENDING).exists()
)


class SqlInboxRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def record(
        self, update_id: int, payload: dict[str, Any], at: datetime, person: int
    ) -> bool:
        """Store a received update in `person`'s queue; False when this update_id was already
        recorded."""
        payloads = [{**payload, "update_id": update_id}]
        return update_id in await self.record_many(payloads, at, {update_id: person})

    async def record_many(
        self, payloads: Sequence[dict[str, Any]], at: datetime, people: Mapping[int, int]
    ) -> set[int]:
        """Store a fetched batch in one statement (`people`: each update's queue, by update
        id); the ids that were not stored before."""
        if not payloads:
            return set()
        await self._durable()
        rows: list[dict[str, Any]] = []
        for payload in payloads:
            update_id = int(payload["update_id"])
            row = {"update_id": update_id, "payload": payload, "received_at": at}
            rows.append({**row, "person_id": people[update_id]})
        result = await self._session.execute(_record(self._session), rows)
        return set(result.scalars())

    async def claim(
        self, owner: str, now: datetime, until: datetime, limit: int
    ) -> list[tuple[int, dict[str, Any]]]:
        """`owner` holds, until `until`, the people it held and those with pending updates
        whom nobody holds (their claim lapsed by `now`); their pending updates, oldest first
        (at most `limit`)."""
        renew = now + (until - now) / 2
        await self._session.execute(
            _take(self._session), {"now": now, "holder": owner, "till": until, "renew": renew}
        )
        result = await self._session.execute(_HELD_UPDATES, {"holder": owner, "most": limit})
        return [(update_id, payload) for update_id, payload in result.all()]

    async def take_over(self, owner: str) -> None:
        """Every other owner's claims end (the one process that polls takes them all)."""
        await self._session.execute(_OTHERS_GONE, {"holder": owner})

    async def release(self, owner: str, now: datetime, *, everyone: bool = False) -> None:
        """`owner` lets go of the people it holds with nothing pending (`everyone`: of all)."""
        statement = _LET_GO_OF_ALL if everyone else _LET_GO_OF_IDLE
        await self._session.execute(statement, {"holder": owner})

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
