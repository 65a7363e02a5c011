"""Demand leads (issue 36): the products sellers are known to sell (`seller_interests`)
and the leads sent (`leads`)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import SellerInterest
from storage.repositories._sql import dialect_insert, upsert
from storage.tables import LeadRow, SellerInterestRow
from storage.types import utcnow

OFFER, PROFILE = "offer", "profile"
KEY_LENGTH = 120  # the column's


class SqlLeadsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def note_offer(self, user_id: int, product_key: str, at: datetime) -> None:
        values = {
            "user_id": user_id,
            "product_key": product_key[:KEY_LENGTH],
            "source": OFFER,
            "last_at": at,
        }
        stmt = upsert(
            self._session, SellerInterestRow, values, key=["user_id", "product_key", "source"]
        )
        await self._session.execute(stmt)

    async def set_profile_products(self, user_id: int, product_keys: Collection[str]) -> None:
        rows = SellerInterestRow
        await self._session.execute(
            delete(rows).where(rows.user_id == user_id, rows.source == PROFILE)
        )
        keys = dict.fromkeys(key[:KEY_LENGTH] for key in product_keys)
        if keys:
            await self._session.execute(
                dialect_insert(self._session, rows).values(
                    [
                        {
                            "user_id": user_id,
                            "product_key": k,
                            "source": PROFILE,
                            "last_at": utcnow(),
                        }
                        for k in keys
                    ]
                )
            )

    async def sellers_of(
        self, product_key: str, since: datetime, limit: int
    ) -> list[SellerInterest]:
        rows = SellerInterestRow
        found = await self._session.execute(
            select(rows.user_id, rows.source, rows.last_at)
            .where(
                rows.product_key == product_key[:KEY_LENGTH],
                or_(rows.source == PROFILE, rows.last_at >= since),
            )
            .order_by(rows.last_at.desc(), rows.user_id, rows.source)
            .limit(limit)
        )
        return [SellerInterest(int(u), str(s), at) for u, s, at in found.all()]

    async def add(self, need_id: int, seller_id: int, at: datetime) -> bool:
        stmt = (
            dialect_insert(self._session, LeadRow)
            .values(need_id=need_id, seller_id=seller_id, created_at=at)
            .on_conflict_do_nothing(index_elements=["need_id", "seller_id"])
        )
        result = await self._session.execute(stmt)
        return bool(getattr(result, "rowcount", 0))

    async def count_to_seller_since(self, seller_id: int, since: datetime) -> int:
        found = await self._session.scalar(
            select(func.count())
            .select_from(LeadRow)
            .where(LeadRow.seller_id == seller_id, LeadRow.created_at >= since)
        )
        return int(found or 0)
