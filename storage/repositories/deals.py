"""Deals (what came of a contact exchange) and their ratings."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import Deal, DealOutcome, Rating
from storage.tables import DealRow, RatingRow

_CHUNK = 500  # ids per IN list, well under SQLite's bound on parameters


def _deal(row: DealRow) -> Deal:
    return Deal(
        id=row.id,
        match_id=row.match_id,
        offer_id=row.offer_id,
        need_id=row.need_id,
        seller_id=row.seller_id,
        buyer_id=row.buyer_id,
        created_at=row.created_at,
        outcome=DealOutcome(row.outcome) if row.outcome else None,
        seller_confirmed_at=row.seller_confirmed_at,
        buyer_confirmed_at=row.buyer_confirmed_at,
        closed_at=row.closed_at,
    )


class SqlDealsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, deal: Deal) -> int:
        row = DealRow(
            match_id=deal.match_id,
            offer_id=deal.offer_id,
            need_id=deal.need_id,
            seller_id=deal.seller_id,
            buyer_id=deal.buyer_id,
            created_at=deal.created_at,
        )
        self._session.add(row)
        await self._session.flush()
        deal.id = row.id
        return row.id

    async def get(self, deal_id: int) -> Deal | None:
        row = await self._session.get(DealRow, deal_id)
        return _deal(row) if row else None

    async def update(self, deal: Deal) -> None:
        row = await self._session.get(DealRow, deal.id)
        if row is None:
            raise LookupError(f"no deal {deal.id}")
        row.outcome = deal.outcome.value if deal.outcome else None
        row.seller_confirmed_at = deal.seller_confirmed_at
        row.buyer_confirmed_at = deal.buyer_confirmed_at
        row.closed_at = deal.closed_at
        await self._session.flush()

    async def claimed_before(self, when: datetime, limit: int = 100) -> list[Deal]:
        claimed = DealRow.outcome == DealOutcome.CLAIMED.value
        early = (DealRow.seller_confirmed_at < when) | (DealRow.buyer_confirmed_at < when)
        rows = await self._session.scalars(
            select(DealRow)
            .where(claimed, early)
            .order_by(DealRow.id)
            .limit(limit)
            .with_for_update(skip_locked=True)  # PostgreSQL: one sweep per deal at a time
        )
        return [_deal(row) for row in rows]

    async def of_user(self, user_id: int) -> list[Deal]:
        side = (DealRow.seller_id == user_id) | (DealRow.buyer_id == user_id)
        rows = await self._session.scalars(select(DealRow).where(side).order_by(DealRow.id))
        return [_deal(row) for row in rows]

    async def of_users_since(self, user_ids: Collection[int], since: datetime) -> list[Deal]:
        ids, found = sorted(set(user_ids)), dict[int, Deal]()
        recent = (DealRow.created_at >= since) | (DealRow.closed_at >= since)
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            side = DealRow.seller_id.in_(chunk) | DealRow.buyer_id.in_(chunk)
            rows = await self._session.scalars(select(DealRow).where(side, recent))
            found.update((row.id, _deal(row)) for row in rows)
        return [found[i] for i in sorted(found)]

    async def about_post(self, post_id: int, user_id: int) -> list[Deal]:
        side = (DealRow.seller_id == user_id) | (DealRow.buyer_id == user_id)
        post = (DealRow.offer_id == post_id) | (DealRow.need_id == post_id)
        rows = await self._session.scalars(select(DealRow).where(side, post).order_by(DealRow.id))
        return [_deal(row) for row in rows]

    async def confirmed_pairs(self, user_ids: Collection[int]) -> list[tuple[int, int]]:
        ids = sorted(set(user_ids))
        found: dict[int, tuple[int, int]] = {}
        confirmed = DealRow.outcome == DealOutcome.CONFIRMED.value
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            side = DealRow.seller_id.in_(chunk) | DealRow.buyer_id.in_(chunk)
            rows = await self._session.execute(
                select(DealRow.id, DealRow.seller_id, DealRow.buyer_id).where(confirmed, side)
            )
            found.update((row.id, (row.seller_id, row.buyer_id)) for row in rows)
        return [found[deal_id] for deal_id in sorted(found)]

    async def between(self, user_a: int, user_b: int) -> list[Deal]:
        pair = ((DealRow.seller_id == user_a) & (DealRow.buyer_id == user_b)) | (
            (DealRow.seller_id == user_b) & (DealRow.buyer_id == user_a)
        )
        rows = await self._session.scalars(select(DealRow).where(pair).order_by(DealRow.id))
        return [_deal(row) for row in rows]


def _rating(row: RatingRow) -> Rating:
    return Rating(
        id=row.id,
        deal_id=row.deal_id,
        rater_id=row.rater_id,
        ratee_id=row.ratee_id,
        stars=row.stars,
        created_at=row.created_at,
        comment=row.comment,
    )


class SqlRatingsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, rating: Rating) -> int:
        row = RatingRow(
            deal_id=rating.deal_id,
            rater_id=rating.rater_id,
            ratee_id=rating.ratee_id,
            stars=rating.stars,
            comment=rating.comment,
            created_at=rating.created_at,
        )
        self._session.add(row)
        await self._session.flush()
        rating.id = row.id
        return row.id

    async def for_deal(self, deal_id: int) -> list[Rating]:
        rows = await self._session.scalars(
            select(RatingRow).where(RatingRow.deal_id == deal_id).order_by(RatingRow.id)
        )
        return [_rating(row) for row in rows]

    async def for_ratee(self, user_id: int) -> list[Rating]:
        rows = await self._session.scalars(
            select(RatingRow).where(RatingRow.ratee_id == user_id).order_by(RatingRow.id)
        )
        return [_rating(row) for row in rows]

    async def everything(self, limit: int = 100_000) -> list[Rating]:
        rows = await self._session.scalars(
            select(RatingRow).order_by(RatingRow.id.desc()).limit(limit)
        )
        return [_rating(row) for row in rows][::-1]

    async def set_comment(self, deal_id: int, rater_id: int, comment: str) -> bool:
        row = await self._session.scalar(
            select(RatingRow).where(RatingRow.deal_id == deal_id, RatingRow.rater_id == rater_id)
        )
        if row is None or row.comment:
            return False
        row.comment = comment
        await self._session.flush()
        return True
