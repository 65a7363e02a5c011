"""Ports for who trades and where: users, company profiles, registration numbers, trade
circles, and erasing a member's data (/forget)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Protocol

from bot.domain.models import Circle, CircleStats, CompanyProfile, Lang, Post, User


class UsersRepository(Protocol):
    async def get(self, user_id: int) -> User | None: ...
    async def get_many(self, user_ids: Collection[int]) -> dict[int, User]:
        """Those of them that exist, by id, in one query."""
        ...

    async def by_username(self, username: str) -> User | None:
        """The user with this Telegram username, case-insensitively (no leading @)."""
        ...

    async def upsert(self, user: User) -> None: ...
    async def refresh(self, user: User) -> None:
        """Write only what Telegram tells of an existing, not forgotten user (username,
        name, blocked, last active, and the language unless they chose one), so that a
        change made meanwhile by another transaction (/language, /settings) is kept."""
        ...

    async def set_language(self, user_id: int, language: Lang, *, chosen: bool) -> None: ...
    async def set_blocked(self, user_id: int, blocked: bool) -> None: ...
    async def set_currency_told(self, user_id: int) -> None:
        """They were told which currency prices are shown to them in (only this column:
        it is written beside alerts of others' transactions)."""
        ...


class ProfilesRepository(Protocol):
    async def get(self, user_id: int) -> CompanyProfile | None: ...
    async def save(self, profile: CompanyProfile) -> None: ...


class CirclesRepository(Protocol):
    async def get(self, circle_id: int) -> Circle | None: ...
    async def save(self, circle: Circle) -> None: ...
    async def add_member(self, circle_id: int, user_id: int, at: datetime) -> None: ...
    async def is_member(self, circle_id: int, user_id: int) -> bool: ...
    async def members(self, circle_id: int) -> set[int]:
        """The circle's members the bot knows of (who have not left)."""
        ...

    async def joined_at(self, circle_id: int, user_id: int) -> datetime | None: ...
    async def stats(self, circle_id: int, since: datetime) -> CircleStats: ...
    async def latest_of(self, user_id: int) -> Circle | None:
        """The circle the user joined last (still a member)."""
        ...

    async def everyone(self) -> list[Circle]:
        """Every circle still in use (not migrated away)."""
        ...

    async def new_posts(
        self, circle_id: int, since: datetime, limit: int, *, open_only: bool = True
    ) -> list[Post]:
        """Posts written in the circle since then, oldest first: open ones, or every one
        published (`open_only` False: those closed since too)."""
        ...

    async def unanswered_needs(
        self, circle_id: int, since: datetime, now: datetime, limit: int
    ) -> list[Post]:
        """Open needs written in the circle since then with no match and no contact request
        about them, newest first."""
        ...

    async def migrate(self, old_id: int, new_id: int) -> None:
        """A group became a supergroup: circle, posts and members move to the new id."""
        ...

    async def invite_once_a_day(self, circle_id: int, user_id: int, now: datetime) -> bool:
        """Record a mention inviting them to start the bot, unless one was made in the last
        24 hours; True if this one may go."""
        ...

    async def posters(self, circle_id: int) -> set[int]:
        """The members who have a post written in the circle (kept posts, any status)."""
        ...


class RegistrationsRepository(Protocol):
    """Business registration numbers given with /verify: one row per account's claim."""

    async def add(self, country: str, number: str, user_id: int, at: datetime) -> None: ...
    async def claimants(self, country: str, number: str) -> list[int]:
        """The accounts that claimed this number, each once, the first claim first."""
        ...


class ErasureRepository(Protocol):
    async def forget(
        self,
        user_id: int,
        stand_in: int,
        marks: Collection[str],
        sentences: dict[str, frozenset[int] | None],
        at: datetime,
    ) -> list[int]:
        """Delete what is theirs, hand what others' records keep to `stand_in`, drop the
        messages about them and blank their stored updates; returns the ids of their posts,
        now gone (bot.services.privacy.forgetting has the whole policy).

        A message is about them when it goes to them, holds their id, one of `marks`
        (exact identifiers: chat link, @username, phone), a button about them or what was
        theirs or a link to their post, or one of `sentences` (the bot's own, naming them)
        and goes to one of its readers (None: anyone). Nothing else counts, no name alone.
        Stored updates: theirs keep only their id (and count as handled); another sender's
        about them the same way is blanked if handled, else kept whole with `stand_in` for
        their id (a stored sentence counts only in an update from one of its readers)."""
        ...

    async def blank_update(self, update_id: int) -> None:
        """Keep nothing of a stored update but its id (still a duplicate if redelivered)."""
        ...
