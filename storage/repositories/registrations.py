"""Business registration numbers given with /verify, one row per account's claim."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.tables import RegistrationRow


class SqlRegistrationsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, country: str, number: str, user_id: int, at: datetime) -> None:
        row = RegistrationRow(country=country, number=number, user_id=user_id, created_at=at)
        self._session.add(row)
        await self._session.flush()
        self._session.expunge(row)

    async def claimants(self, country: str, number: str) -> list[int]:
        """The accounts that claimed this number, each once, the first claim first."""
        rows = await self._session.execute(
            select(RegistrationRow.user_id)
            .where(RegistrationRow.country == country, RegistrationRow.number == number)
            .order_by(RegistrationRow.created_at, RegistrationRow.id)
        )
        return list(dict.fromkeys(int(user_id) for (user_id,) in rows.all()))
