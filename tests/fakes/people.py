"""Fake users, company profiles and circles repositories."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Collection
from datetime import datetime, timedelta

from bot.domain.models import (
    Circle,
    CircleStats,
    CompanyProfile,
    ContactStatus,
    DealOutcome,
    Lang,
    Post,
    PostKind,
    PostStatus,
    User,
)
from tests.fakes.base import (
    Tables,
    _json,
    _Repository,
    _require,
    _utc,
)


class FakeUsersRepository(_Repository):
    async def get(self, user_id: int) -> User | None:
        return copy.deepcopy(self._read.users.get(user_id))

    async def get_many(self, user_ids: Collection[int]) -> dict[int, User]:
        users = self._read.users
        return {i: copy.deepcopy(users[i]) for i in user_ids if i in users}

    async def by_username(self, username: str) -> User | None:
        found = [
            u
            for _id, u in sorted(self._read.users.items())
            if u.username and u.username.lower() == username.lower()
        ]
        return copy.deepcopy(found[0]) if found else None

    async def upsert(self, user: User) -> None:
        """Insert or overwrite every field; `created_at` is kept from the first insert,
        except to or from a tombstone (/forget)."""
        tables = self._write
        existing = tables.users.get(user.id)
        tombstone = existing is not None and (
            existing.deleted_at is not None or user.deleted_at is not None
        )
        created = existing.created_at if existing and not tombstone else None
        stored = dataclasses.replace(
            copy.deepcopy(user), created_at=_utc(created or user.created_at or self._now())
        )
        tables.users[user.id] = stored

    async def refresh(self, user: User) -> None:
        stored = self._write.users.get(user.id)
        if stored is None or stored.deleted_at is not None:
            return
        stored.username, stored.display_name = user.username, user.display_name
        stored.blocked_bot, stored.last_active_at = user.blocked_bot, user.last_active_at
        if not stored.language_chosen:
            stored.language = Lang(user.language)

    async def set_language(self, user_id: int, language: Lang, *, chosen: bool) -> None:
        user = self._write.users.get(user_id)
        if user is not None:
            user.language, user.language_chosen = Lang(language), chosen

    async def set_blocked(self, user_id: int, blocked: bool) -> None:
        user = self._write.users.get(user_id)
        if user is not None:
            user.blocked_bot = blocked

    async def set_currency_told(self, user_id: int) -> None:
        user = self._write.users.get(user_id)
        if user is not None and user.deleted_at is None:
            user.currency_told = True


class FakeProfilesRepository(_Repository):
    async def get(self, user_id: int) -> CompanyProfile | None:
        profile = self._read.profiles.get(user_id)
        if profile is None:
            return None
        return dataclasses.replace(profile, keywords=tuple(profile.keywords))

    async def save(self, profile: CompanyProfile) -> None:
        tables = self._write
        _require(profile.user_id in tables.users, "company_profiles.user_id")
        tables.profiles[profile.user_id] = dataclasses.replace(
            profile, keywords=tuple(_json(list(profile.keywords)))
        )


class FakeRegistrationsRepository(_Repository):
    async def add(self, country: str, number: str, user_id: int, at: datetime) -> None:
        tables = self._write
        _require(user_id in tables.users, "registrations.user_id")
        tables.registrations[tables.next_id("registrations")] = (
            country,
            number,
            user_id,
            _utc(at),
        )

    async def claimants(self, country: str, number: str) -> list[int]:
        found = sorted(
            (at, i, user_id)
            for i, (c, n, user_id, at) in self._read.registrations.items()
            if (c, n) == (country, number)
        )
        return list(dict.fromkeys(user_id for _at, _i, user_id in found))


class FakeCirclesRepository(_Repository):
    async def get(self, circle_id: int) -> Circle | None:
        return copy.deepcopy(self._read.circles.get(circle_id))

    async def save(self, circle: Circle) -> None:
        tables = self._write
        earlier = tables.circles.get(circle.id)
        created = earlier.created_at if earlier else (circle.created_at or self._now())
        tables.circles[circle.id] = dataclasses.replace(
            copy.deepcopy(circle), title=circle.title[:256], created_at=created
        )

    async def add_member(self, circle_id: int, user_id: int, at: datetime) -> None:
        tables = self._write
        _require(circle_id in tables.circles, "circle_memberships.circle_id")
        _require(user_id in tables.users, "circle_memberships.user_id")
        tables.memberships.setdefault((circle_id, user_id), at)

    async def joined_at(self, circle_id: int, user_id: int) -> datetime | None:
        return self._read.memberships.get((circle_id, user_id))

    async def is_member(self, circle_id: int, user_id: int) -> bool:
        return (circle_id, user_id) in self._read.memberships

    async def members(self, circle_id: int) -> set[int]:
        return {u for (c, u) in self._read.memberships if c == circle_id}

    async def migrate(self, old_id: int, new_id: int) -> None:
        tables = self._write
        old = tables.circles.get(old_id)
        if old is None or new_id in tables.circles:
            return
        tables.circles[new_id] = dataclasses.replace(copy.deepcopy(old), id=new_id)
        old.migrated_to = new_id
        for record in tables.posts.values():
            if record.post.circle_id == old_id:
                record.post.circle_id = new_id
        for circle_id, user_id in list(tables.memberships):
            if circle_id == old_id:
                tables.memberships[(new_id, user_id)] = tables.memberships.pop((old_id, user_id))
        for key in [k for k in tables.invitations if k[0] == old_id]:
            tables.invitations[(new_id, key[1])] = tables.invitations.pop(key)

    async def everyone(self) -> list[Circle]:
        found = [c for _id, c in sorted(self._read.circles.items()) if c.migrated_to is None]
        return copy.deepcopy(found)

    async def new_posts(
        self, circle_id: int, since: datetime, limit: int, *, open_only: bool = True
    ) -> list[Post]:
        found = [
            r.post
            for r in self._read.posts.values()
            if r.post.circle_id == circle_id
            and r.post.created_at >= since
            and r.post.status is not PostStatus.DRAFT
            and (r.post.status is PostStatus.OPEN or not open_only)
        ]
        found.sort(key=lambda p: (p.created_at, p.id or 0))
        return copy.deepcopy(found[:limit])

    async def unanswered_needs(
        self, circle_id: int, since: datetime, now: datetime, limit: int
    ) -> list[Post]:
        t = self._read
        heard = {m.need_id for m in t.matches.values()}
        heard |= {r.post_id for r in t.contact_requests.values() if r.post_id is not None}
        found = [
            r.post
            for r in t.posts.values()
            if r.post.circle_id == circle_id
            and r.post.created_at >= since
            and r.post.kind is PostKind.NEED
            and r.post.is_live(now)
            and r.id not in heard
        ]
        found.sort(key=lambda p: (p.created_at, p.id or 0), reverse=True)
        return copy.deepcopy(found[:limit])

    async def latest_of(self, user_id: int) -> Circle | None:
        joined = [(at, c) for (c, u), at in self._read.memberships.items() if u == user_id]
        if not joined:
            return None
        return copy.deepcopy(self._read.circles.get(max(joined)[1]))

    async def invite_once_a_day(self, circle_id: int, user_id: int, now: datetime) -> bool:
        tables = self._write
        if (circle_id, user_id) not in tables.memberships:
            return False
        last = tables.invitations.get((circle_id, user_id))
        if last is not None and now - last < timedelta(days=1):
            return False
        tables.invitations[(circle_id, user_id)] = now
        return True

    async def posters(self, circle_id: int) -> set[int]:
        return {r.post.user_id for r in self._read.posts.values() if r.post.circle_id == circle_id}

    async def stats(self, circle_id: int, since: datetime) -> CircleStats:
        tables = self._read
        mine = {pid for pid, r in tables.posts.items() if r.post.circle_id == circle_id}
        return CircleStats(
            sum(1 for (c, _u) in tables.memberships if c == circle_id),
            sum(1 for pid in mine if tables.posts[pid].post.created_at >= since),
            sum(
                1
                for m in tables.matches.values()
                if (m.offer_id in mine or m.need_id in mine) and m.created_at >= since
            ),
            sum(
                1
                for d in tables.deals.values()
                if (d.offer_id in mine or d.need_id in mine)
                and d.outcome is DealOutcome.CONFIRMED
                and d.closed_at is not None
                and d.closed_at >= since
            ),
            sum(
                1
                for r in tables.contact_requests.values()
                if (r.post_id in mine or _match_in(tables, r.match_id, mine))
                and r.status is ContactStatus.ACCEPTED
                and r.responded_at is not None
                and r.responded_at >= since
            ),
        )


def _match_in(tables: Tables, match_id: int | None, posts: set[int]) -> bool:
    match = tables.matches.get(match_id) if match_id is not None else None
    return match is not None and (match.offer_id in posts or match.need_id in posts)


# -- posts ---------------------------------------------------------------------------------
