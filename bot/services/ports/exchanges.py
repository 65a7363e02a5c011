"""Ports for what follows a match: contact requests, deals, ratings and trust events."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Protocol

from bot.domain.models import ContactRequest, Deal, Rating, TrustEvent


class ContactRequestsRepository(Protocol):
    async def add(self, request: ContactRequest) -> int: ...
    async def get(self, request_id: int) -> ContactRequest | None: ...
    async def update(self, request: ContactRequest) -> None: ...
    async def count_about(self, post_id: int) -> int:
        """Contact requests anyone made about that post (its interest)."""
        ...

    async def count_asked_by(self, user_id: int, since: datetime) -> int:
        """Requests this member made since then."""
        ...

    async def count_pending_to(self, user_id: int, now: datetime) -> int:
        """Contact requests waiting for this user's answer and not expired at `now`."""
        ...

    async def find(
        self, from_user_id: int, to_user_id: int, post_id: int | None, match_id: int | None
    ) -> ContactRequest | None:
        """The newest request from one user to another about the same match or post."""
        ...

    async def between(self, user_a: int, user_b: int) -> list[ContactRequest]:
        """Every request between these two, about anything, either way, oldest first."""
        ...

    async def answer_times(
        self, user_id: int, limit: int = 200
    ) -> list[tuple[datetime, datetime | None]]:
        """(asked at, answered at or None) of the newest requests made to `user_id`."""
        ...


class DealsRepository(Protocol):
    async def add(self, deal: Deal) -> int: ...
    async def get(self, deal_id: int) -> Deal | None: ...
    async def update(self, deal: Deal) -> None:
        """Writes the outcome, both sides' "deal done" times and `closed_at`."""
        ...

    async def claimed_before(self, when: datetime, limit: int = 100) -> list[Deal]:
        """Deals one side claimed before `when` that the other never answered."""
        ...

    async def between(self, user_a: int, user_b: int) -> list[Deal]:
        """Every deal (contact exchange) of these two, in either role, oldest first."""
        ...

    async def of_user(self, user_id: int) -> list[Deal]:
        """Every deal of the user, as seller or buyer, oldest first."""
        ...

    async def of_users_since(self, user_ids: Collection[int], since: datetime) -> list[Deal]:
        """The deals of any of these users opened or closed since `since`, oldest first."""
        ...

    async def about_post(self, post_id: int, user_id: int) -> list[Deal]:
        """The deals of `user_id` that are about that post (as offer or need), oldest first."""
        ...

    async def confirmed_pairs(self, user_ids: Collection[int]) -> list[tuple[int, int]]:
        """(seller, buyer) of every confirmed deal with one of `user_ids` on either side,
        one per deal, oldest first: the graph the trust record counts partners on."""
        ...


class RatingsRepository(Protocol):
    async def add(self, rating: Rating) -> int: ...
    async def for_deal(self, deal_id: int) -> list[Rating]: ...
    async def for_ratee(self, user_id: int) -> list[Rating]:
        """Every rating the user received, oldest first (hidden ones included)."""
        ...

    async def everything(self, limit: int = 100_000) -> list[Rating]:
        """The newest `limit` ratings of the market, oldest first (for ring detection)."""
        ...

    async def set_comment(self, deal_id: int, rater_id: int, comment: str) -> bool:
        """Give the rater's rating of that deal its comment, unless it has one; True if set."""
        ...


class TrustEventsRepository(Protocol):
    async def add(self, event: TrustEvent) -> int: ...
    async def list_for_user(self, user_id: int, limit: int = 1000) -> list[TrustEvent]: ...
