"""Circles (Telegram groups the bot serves) and who is in them."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import (
    Circle,
    CircleStats,
    ContactStatus,
    DealOutcome,
    Lang,
    Post,
    PostKind,
    PostStatus,
)
from storage.repositories._sql import dialect_insert, upsert
from storage.repositories.posts import post_from_row
from storage.tables import (
    CircleMembershipRow,
    CircleRow,
    ContactRequestRow,
    DealRow,
    MatchRow,
    PostRow,
)
from storage.types import utcnow

DAY = timedelta(days=1)


def _circle(row: CircleRow) -> Circle:
    settings = row.settings or {}
    return Circle(
        id=row.id,
        title=row.title,
        language=Lang(settings.get("language", Lang.ZH_HANS.value)),
        open_to_market=bool(settings.get("open_to_market", False)),
        posts_per_day=int(settings.get("posts_per_day", 5)),
        digest_hour=settings.get("digest_hour"),
        timezone=str(settings.get("timezone", "Asia/Shanghai")),
        stopped=tuple(int(u) for u in settings.get("stopped", ())),
        digest_sent_on=settings.get("digest_sent_on"),
        weekly_report=bool(settings.get("weekly_report", False)),
        report_sent_on=settings.get("report_sent_on"),
        created_at=row.created_at,
        migrated_to=row.migrated_to,
    )


class SqlCirclesRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self, circle_id: int) -> Circle | None:
        row = await self._session.scalar(
            select(CircleRow)
            .where(CircleRow.id == circle_id)
            .execution_options(populate_existing=True)
        )
        return None if row is None else _circle(row)

    async def save(self, circle: Circle) -> None:
        """Insert or update; `created_at` is kept from the first insert."""
        values = {
            "id": circle.id,
            "title": circle.title[:256],
            "migrated_to": circle.migrated_to,
            "settings": {
                "language": circle.language.value,
                "open_to_market": circle.open_to_market,
                "posts_per_day": circle.posts_per_day,
                "digest_hour": circle.digest_hour,
                "timezone": circle.timezone,
                "stopped": list(circle.stopped),
                "digest_sent_on": circle.digest_sent_on,
                "weekly_report": circle.weekly_report,
                "report_sent_on": circle.report_sent_on,
            },
            "created_at": circle.created_at or utcnow(),
        }
        await self._session.execute(
            upsert(self._session, CircleRow, values, key=["id"], keep=["created_at"])
        )

    async def add_member(self, circle_id: int, user_id: int, at: datetime) -> None:
        stmt = dialect_insert(self._session, CircleMembershipRow).values(
            circle_id=circle_id, user_id=user_id, joined_at=at
        )
        await self._session.execute(stmt.on_conflict_do_nothing())

    async def joined_at(self, circle_id: int, user_id: int) -> datetime | None:
        row = await self._session.get(CircleMembershipRow, (circle_id, user_id))
        return None if row is None else row.joined_at

    async def is_member(self, circle_id: int, user_id: int) -> bool:
        row = await self._session.get(CircleMembershipRow, (circle_id, user_id))
        return row is not None and row.left_at is None

    async def members(self, circle_id: int) -> set[int]:
        rows = await self._session.scalars(
            select(CircleMembershipRow.user_id).where(
                CircleMembershipRow.circle_id == circle_id, CircleMembershipRow.left_at.is_(None)
            )
        )
        return {int(user_id) for user_id in rows}

    async def migrate(self, old_id: int, new_id: int) -> None:
        """The group became a supergroup: its circle, posts and members move to the new id;
        the old circle remembers where they went."""
        old = await self.get(old_id)
        if old is None or await self.get(new_id) is not None:
            return
        await self.save(replace(old, id=new_id, migrated_to=None))
        session = self._session
        await session.execute(
            update(PostRow).where(PostRow.circle_id == old_id).values(circle_id=new_id)
        )
        await session.execute(
            update(CircleMembershipRow)
            .where(CircleMembershipRow.circle_id == old_id)
            .values(circle_id=new_id)
        )
        await session.execute(
            update(CircleRow).where(CircleRow.id == old_id).values(migrated_to=new_id)
        )

    async def everyone(self) -> list[Circle]:
        """Every circle still in use (not migrated away), for the daily digest."""
        rows = await self._session.scalars(
            select(CircleRow).where(CircleRow.migrated_to.is_(None)).order_by(CircleRow.id)
        )
        return [_circle(row) for row in rows]

    async def new_posts(
        self, circle_id: int, since: datetime, limit: int, *, open_only: bool = True
    ) -> list[Post]:
        """Posts written in the circle since then, oldest first: open ones, or every one
        published (`open_only` False: those closed since too)."""
        published = [PostStatus.OPEN.value]
        if not open_only:
            published += [s.value for s in PostStatus if s is not PostStatus.DRAFT]
        rows = await self._session.scalars(
            select(PostRow)
            .where(
                PostRow.circle_id == circle_id,
                PostRow.created_at >= since,
                PostRow.status.in_(published),
            )
            .order_by(PostRow.created_at, PostRow.id)
            .limit(limit)
        )
        return [post_from_row(row) for row in rows]

    async def unanswered_needs(
        self, circle_id: int, since: datetime, now: datetime, limit: int
    ) -> list[Post]:
        matched = select(MatchRow.id).where(MatchRow.need_id == PostRow.id)
        asked = select(ContactRequestRow.id).where(ContactRequestRow.post_id == PostRow.id)
        rows = await self._session.scalars(
            select(PostRow)
            .where(
                PostRow.circle_id == circle_id,
                PostRow.created_at >= since,
                # `|| ''`: the circle's index serves, not (status, kind, expires_at), which
                # would walk every open need of the market for each circle
                PostRow.kind.concat("") == PostKind.NEED.value,
                PostRow.status.concat("") == PostStatus.OPEN.value,
                PostRow.expires_at > now,
                ~matched.exists(),
                ~asked.exists(),
            )
            .order_by(PostRow.created_at.desc(), PostRow.id.desc())
            .limit(limit)
        )
        return [post_from_row(row) for row in rows]

    async def latest_of(self, user_id: int) -> Circle | None:
        """The circle the user joined last (still a member)."""
        row = await self._session.scalar(
            select(CircleRow)
            .join(CircleMembershipRow, CircleMembershipRow.circle_id == CircleRow.id)
            .where(CircleMembershipRow.user_id == user_id, CircleMembershipRow.left_at.is_(None))
            .order_by(CircleMembershipRow.joined_at.desc())
            .limit(1)
        )
        return None if row is None else _circle(row)

    async def invite_once_a_day(self, circle_id: int, user_id: int, now: datetime) -> bool:
        """Record an invitation unless the member had one in the last 24 hours; True if
        this one may go."""
        row = await self._session.get(CircleMembershipRow, (circle_id, user_id))
        if row is None or (row.invited_at is not None and now - row.invited_at < DAY):
            return False
        row.invited_at = now
        await self._session.flush()
        return True

    async def posters(self, circle_id: int) -> set[int]:
        """The members who have a post written in the circle (kept posts, any status)."""
        rows = await self._session.scalars(
            select(PostRow.user_id).where(PostRow.circle_id == circle_id).distinct()
        )
        return {int(user_id) for user_id in rows}

    async def stats(self, circle_id: int, since: datetime) -> CircleStats:
        session = self._session
        in_circle = select(PostRow.id).where(PostRow.circle_id == circle_id)
        members = await session.scalar(
            select(func.count()).where(
                CircleMembershipRow.circle_id == circle_id, CircleMembershipRow.left_at.is_(None)
            )
        )
        posts = await session.scalar(
            select(func.count()).where(PostRow.circle_id == circle_id, PostRow.created_at >= since)
        )
        matches = await session.scalar(
            select(func.count()).where(
                or_(MatchRow.offer_id.in_(in_circle), MatchRow.need_id.in_(in_circle)),
                MatchRow.created_at >= since,
            )
        )
        deals = await session.scalar(
            select(func.count()).where(
                or_(DealRow.offer_id.in_(in_circle), DealRow.need_id.in_(in_circle)),
                DealRow.outcome == DealOutcome.CONFIRMED.value,
                DealRow.closed_at >= since,
            )
        )
        in_matches = select(MatchRow.id).where(
            or_(MatchRow.offer_id.in_(in_circle), MatchRow.need_id.in_(in_circle))
        )
        contacts = await session.scalar(
            select(func.count()).where(
                or_(
                    ContactRequestRow.post_id.in_(in_circle),
                    ContactRequestRow.match_id.in_(in_matches),
                ),
                ContactRequestRow.status == ContactStatus.ACCEPTED.value,
                ContactRequestRow.responded_at >= since,
            )
        )
        counts = (members, posts, matches, deals, contacts)
        return CircleStats(*(int(count or 0) for count in counts))
