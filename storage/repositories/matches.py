"""Matches between an offer and a need, and contact requests between their owners."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, func, or_, select, union_all
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import ContactRequest, ContactStatus, Match
from storage.tables import ContactRequestRow, MatchRow, PostRow


def _match(row: MatchRow) -> Match:
    return Match(
        id=row.id,
        offer_id=row.offer_id,
        need_id=row.need_id,
        score=row.score,
        reasons=list(row.explanation.get("reasons", [])),
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
            explanation={"reasons": match.reasons},
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

    async def count_alerts_to_user_since(self, user_id: int, since: datetime) -> int:
        query = (
            select(func.count())
            .select_from(MatchRow)
            .join(PostRow, or_(PostRow.id == MatchRow.offer_id, PostRow.id == MatchRow.need_id))
            .where(
                PostRow.user_id == user_id,
                MatchRow.created_at >= since,
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


def _request(row: ContactRequestRow) -> ContactRequest:
    return ContactRequest(
        id=row.id,
        match_id=row.match_id,
        post_id=row.post_id,
        from_user_id=row.from_user_id,
        to_user_id=row.to_user_id,
        status=ContactStatus(row.status),
        created_at=row.created_at,
        responded_at=row.responded_at,
        expires_at=row.expires_at,
    )


class SqlContactRequestsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, request: ContactRequest) -> int:
        row = ContactRequestRow(
            match_id=request.match_id,
            post_id=request.post_id,
            from_user_id=request.from_user_id,
            to_user_id=request.to_user_id,
            status=request.status.value,
            created_at=request.created_at,
            expires_at=request.expires_at,
        )
        self._session.add(row)
        await self._session.flush()
        request.id = row.id
        return row.id

    async def get(self, request_id: int) -> ContactRequest | None:
        row = await self._session.get(ContactRequestRow, request_id)
        return _request(row) if row else None

    async def update(self, request: ContactRequest) -> None:
        row = await self._session.get(ContactRequestRow, request.id)
        if row is None:
            raise LookupError(f"no contact request {request.id}")
        row.status, row.responded_at = request.status.value, request.responded_at
        await self._session.flush()

    async def find(
        self, from_user_id: int, to_user_id: int, post_id: int | None, match_id: int | None
    ) -> ContactRequest | None:
        query = select(ContactRequestRow).where(
            ContactRequestRow.from_user_id == from_user_id,
            ContactRequestRow.to_user_id == to_user_id,
        )
        if match_id is not None:
            query = query.where(ContactRequestRow.match_id == match_id)
        elif post_id is not None:
            query = query.where(ContactRequestRow.post_id == post_id)
        row = await self._session.scalar(query.order_by(ContactRequestRow.id.desc()).limit(1))
        return _request(row) if row else None
