"""Named leases (one poller per token): taken when free, lapsed or already ours."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.repositories._sql import dialect_insert
from storage.tables import LeaseRow


class SqlLeasesRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def take(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        insert = dialect_insert(self._session, LeaseRow).values(
            name=name, holder=holder, expires_at=until
        )
        stmt = insert.on_conflict_do_update(
            index_elements=["name"],
            set_={"holder": holder, "expires_at": until},
            where=(LeaseRow.expires_at <= now) | (LeaseRow.holder == holder),
        ).returning(LeaseRow.holder)
        return (await self._session.execute(stmt)).scalar_one_or_none() == holder

    async def release(self, name: str, holder: str, now: datetime) -> None:
        await self._session.execute(
            update(LeaseRow)
            .where(LeaseRow.name == name, LeaseRow.holder == holder)
            .values(expires_at=now)
        )
