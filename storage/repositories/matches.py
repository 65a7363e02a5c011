"""Matches: an offer and a need the engine paired, with their alerts and dismissals."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, func, or_, select, union_all
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import Match
from storage.tables import MatchRow, PostRow


def _match(row: MatchRow) -> Match:
    return Match(
        id=row.id,
        offer_id=row.offer_id,
        need_id=row.need_id,
        score=row.score,
        reasons=list(row.reasons),
        created_at=row.created_at,
        offer_alerted=row.offer_alerted,
        need_alerted=row.need_alerted,
        offer_dismissed=row.offer_dismissed,
        need_dismissed=row.need_dismissed,
    )


class SqlMatchesRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, match: Match) -> int | None:
        row = MatchRow(
            offer_id=match.offer_id,
            need_id=match.need_id,
            score=match.score,
            reasons=match.reasons,
            created_at=match.created_at,
            offer_alerted=match.offer_alerted,
            need_alerted=match.need_alerted,
        )
        try:
            async with self._session.begin_nested():  # a duplicate pair must not spoil the rest
                self._session.add(row)
                await self._session.flush()
        except IntegrityError:
            return None
        match.id = row.id
        return row.id

    async def get(self, match_id: int) -> Match | None:
        row = await self._session.get(MatchRow, match_id)
        return _match(row) if row else None

    async def update(self, match: Match) -> None:
        row = await self._session.get(MatchRow, match.id)
        if row is None:
            raise LookupError(f"no match {match.id}")
        row.offer_alerted, row.need_alerted = match.offer_alerted, match.need_alerted
        row.offer_dismissed, row.need_dismissed = match.offer_dismissed, match.need_dismissed
        await self._session.flush()

    async def for_post(self, post_id: int) -> list[Match]:
        rows = await self._session.scalars(
            select(MatchRow)
            .where(or_(MatchRow.offer_id == post_id, MatchRow.need_id == post_id))
            .order_by(MatchRow.id)
        )
        return [_match(row) for row in rows]

    async def paired_with(self, post_id: int) -> set[int]:
        offers = select(MatchRow.offer_id).where(MatchRow.need_id == post_id)
        needs = select(MatchRow.need_id).where(MatchRow.offer_id == post_id)
        return set(await self._session.scalars(union_all(offers, needs)))

    async def count_alerted_for_need(self, need_id: int) -> int:
        query = select(func.count()).where(MatchRow.need_id == need_id, MatchRow.need_alerted)
        return int(await self._session.scalar(query) or 0)

    async def sellers_of_need(self, need_id: int) -> set[int]:
        query = (
            select(PostRow.user_id)
            .join(MatchRow, MatchRow.offer_id == PostRow.id)
            .where(MatchRow.need_id == need_id)
        )
        return set(await self._session.scalars(query))

    async def offers_heard_by(self, buyer_id: int) -> set[int]:
        query = (
            select(MatchRow.offer_id)
            .join(PostRow, MatchRow.need_id == PostRow.id)
            .where(PostRow.user_id == buyer_id)
        )
        return set(await self._session.scalars(query))

    async def count_alerts_to_user_since(
        self, user_id: int, since: datetime, until: datetime | None = None
    ) -> int:
        window = [MatchRow.created_at >= since]
        if until is not None:
            window.append(MatchRow.created_at < until)
        query = (
            select(func.count())
            .select_from(MatchRow)
            .join(PostRow, or_(PostRow.id == MatchRow.offer_id, PostRow.id == MatchRow.need_id))
            .where(
                PostRow.user_id == user_id,
                *window,
                or_(
                    and_(PostRow.id == MatchRow.offer_id, MatchRow.offer_alerted),
                    and_(PostRow.id == MatchRow.need_id, MatchRow.need_alerted),
                ),
            )
        )
        return int(await self._session.scalar(query) or 0)

    async def dismissals(self) -> list[tuple[int, int]]:
        offer_side = (
            select(PostRow.user_id, MatchRow.need_id)
            .join(PostRow, PostRow.id == MatchRow.offer_id)
            .where(MatchRow.offer_dismissed)
        )
        need_side = (
            select(PostRow.user_id, MatchRow.offer_id)
            .join(PostRow, PostRow.id == MatchRow.need_id)
            .where(MatchRow.need_dismissed)
        )
        result = await self._session.execute(union_all(offer_side, need_side))
        return [(int(user), int(post)) for user, post in result.all()]
