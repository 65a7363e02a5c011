"""Ports for posts, the matches between them, and the matching index's change log."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection, Sequence
from datetime import datetime
from typing import Protocol

from bot.domain.matching.types import IndexChange, IndexEntry
from bot.domain.models import Match, Post, PostKind, PostStatus, SellerInterest


class PostsRepository(Protocol):
    async def add(self, post: Post) -> int: ...
    async def get(self, post_id: int) -> Post | None: ...
    async def update(self, post: Post) -> None: ...
    async def list_by_user(
        self, user_id: int, statuses: Sequence[PostStatus], *, offset: int, limit: int
    ) -> list[Post]: ...
    async def count_by_user(self, user_id: int, statuses: Sequence[PostStatus]) -> int: ...
    async def list_due_to_expire(self, now: datetime, limit: int) -> list[Post]: ...
    async def purge_stale(
        self, *, drafts_before: datetime, closed_before: datetime, limit: int
    ) -> int:
        """Delete old drafts and old withdrawn or expired posts no deal names; returns how
        many (at most `limit`)."""
        ...

    def stream_open(
        self, kind: PostKind | None = None, batch_size: int = 5000
    ) -> AsyncIterator[list[Post]]: ...
    async def save_index_entry(
        self, post_id: int, terms: str, labels: str, numbers: bytes, vocabulary: str
    ) -> None: ...
    async def with_stale_index(self, post_ids: Sequence[int], vocabulary: str) -> list[int]:
        """Those of these open posts whose stored index entry another vocabulary derived
        (or none yet), in id order."""
        ...

    def stream_index_entries(
        self, now: datetime, batch_size: int = 10000
    ) -> AsyncIterator[list[IndexEntry]]:
        """Open, unexpired posts as index entries, in id order, a batch at a time."""
        ...


class PostVectorsRepository(Protocol):
    """Each post's sentence vector (bot.domain.matching.dense, issue 34), one a post, kept
    with it: it goes when the post goes (retention's purges, /forget)."""

    async def save(self, post_id: int, model: str, vector: bytes) -> None:
        """Insert or replace the post's vector (an edited post is encoded again)."""
        ...

    async def forget(self, post_id: int) -> None:
        """Delete the post's vector, if it has one (an edited post's, until it is encoded
        again)."""
        ...

    async def of_posts(self, post_ids: Collection[int], model: str) -> dict[int, bytes]:
        """The stored vectors of these posts made by `model` (others are left out)."""
        ...


class MatchesRepository(Protocol):
    async def add(self, match: Match) -> int | None:
        """Store a new pair; None when this offer and need were paired before."""
        ...

    async def get(self, match_id: int) -> Match | None: ...
    async def update(self, match: Match) -> None: ...
    async def for_post(self, post_id: int) -> list[Match]:
        """Every match the post is part of, oldest first."""
        ...

    async def paired_with(self, post_id: int) -> set[int]:
        """Ids of every post already paired with `post_id` (either side)."""
        ...

    async def count_alerted_for_need(self, need_id: int) -> int: ...
    async def sellers_of_need(self, need_id: int) -> set[int]:
        """The owners of the offers paired with this need (whom its buyer heard of)."""
        ...

    async def offers_heard_by(self, buyer_id: int) -> set[int]:
        """The offers paired with any of this buyer's needs (each heard of once)."""
        ...

    async def count_alerts_to_user_since(
        self, user_id: int, since: datetime, until: datetime | None = None
    ) -> int:
        """Alerts sent to `user_id` (as either side's owner) since `since` (before `until`)."""
        ...

    async def dismissals(self) -> list[tuple[int, int]]:
        """(user who said "not relevant", the counterpart post) for every dismissal."""
        ...


class IndexChangesRepository(Protocol):
    """The matching index's change log (`bot.domain.matching.types.IndexChange`)."""

    async def record(
        self,
        kind: str,
        origin: str,
        at: datetime,
        *,
        post_id: int | None = None,
        user_id: int | None = None,
    ) -> int:
        """Log a change `origin` made under the next revision and return it. Revisions commit in order:
        another transaction's `record` waits until this one ends."""
        ...

    async def latest(self) -> int:
        """The last revision committed (0 before the first change)."""
        ...

    async def since(self, revision: int, now: datetime, limit: int) -> list[IndexChange]:
        """Changes after `revision`, oldest first, posts with their index entry if live."""
        ...

    async def purge(self, before: datetime) -> int: ...


class LeadsRepository(Protocol):
    """Demand leads (issue 36): the products sellers are known to sell, and leads sent."""

    async def note_offer(self, user_id: int, product_key: str, at: datetime) -> None:
        """The seller offered this product at `at` (kept after the offer ends)."""
        ...

    async def set_profile_products(self, user_id: int, product_keys: Collection[str]) -> None:
        """The products their /profile names, in place of those it named before."""
        ...

    async def sellers_of(
        self, product_key: str, since: datetime, limit: int
    ) -> list[SellerInterest]:
        """Who offered this product since `since` or names it in their profile: the
        `limit` most recent (by their newest offer of it, or their profile's save)."""
        ...

    async def add(self, need_id: int, seller_id: int, at: datetime) -> bool:
        """Record the need sent to the seller as a lead; False if it was sent before."""
        ...

    async def count_to_seller_since(self, seller_id: int, since: datetime) -> int: ...
