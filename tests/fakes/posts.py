"""The fake posts repository."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import AsyncIterator, Sequence
from datetime import datetime

from bot.domain.matching.types import IndexEntry
from bot.domain.models import (
    Post,
    PostKind,
    PostStatus,
)
from tests.fakes.base import (
    PostRecord,
    Tables,
    _Repository,
    _require,
    _utc,
)
from tests.fakes.leads import drop_leads
from tests.fakes.vectors import drop_vectors


class FakePostsRepository(_Repository):
    def _checked(self, tables: Tables, post: Post) -> Post:
        _require(post.user_id in tables.users, "posts.user_id")
        _require(post.circle_id in (None, *tables.circles), "posts.circle_id")
        return dataclasses.replace(
            copy.deepcopy(post),
            kind=PostKind(post.kind),
            status=PostStatus(post.status),
            created_at=_utc(post.created_at),
            expires_at=_utc(post.expires_at),
            updated_at=_utc(post.updated_at or self._now()),
            keywords=tuple(post.keywords),
        )

    async def add(self, post: Post) -> int:
        """Insert and return the new id (also written back to `post.id`)."""
        tables = self._write
        stored = self._checked(tables, post)
        stored.id = tables.next_id("posts")
        tables.posts[stored.id] = PostRecord(stored.id, stored)
        post.id = stored.id
        return stored.id

    async def get(self, post_id: int) -> Post | None:
        record = self._read.posts.get(post_id)
        return None if record is None else copy.deepcopy(record.post)

    async def update(self, post: Post) -> None:
        if post.id is None:
            raise ValueError("cannot update a post that was never added")
        tables = self._write
        record = tables.posts.get(post.id)
        if record is None:
            raise LookupError(f"post {post.id} does not exist")
        record.post = self._checked(tables, post)

    def _select(self, user_id: int, statuses: Sequence[PostStatus]) -> list[Post]:
        wanted = {PostStatus(s) for s in statuses}
        return [
            r.post
            for r in self._read.posts.values()
            if r.post.user_id == user_id and r.post.status in wanted
        ]

    async def list_by_user(
        self, user_id: int, statuses: Sequence[PostStatus], *, offset: int, limit: int
    ) -> list[Post]:
        """Newest first."""
        posts = sorted(
            self._select(user_id, statuses), key=lambda p: (p.created_at, p.id), reverse=True
        )
        return copy.deepcopy(posts[offset : offset + limit])

    async def count_by_user(self, user_id: int, statuses: Sequence[PostStatus]) -> int:
        return len(self._select(user_id, statuses))

    async def list_due_to_expire(self, now: datetime, limit: int) -> list[Post]:
        """Open posts whose `expires_at` has passed, soonest-expired first."""
        due = [
            r.post
            for r in self._read.posts.values()
            if r.post.status is PostStatus.OPEN and r.post.expires_at <= now
        ]
        due.sort(key=lambda p: (p.expires_at, p.id))
        return copy.deepcopy(due[:limit])

    async def purge_stale(
        self, *, drafts_before: datetime, closed_before: datetime, limit: int
    ) -> int:
        t = self._write
        closed = (PostStatus.WITHDRAWN, PostStatus.EXPIRED)
        named = {i for d in t.deals.values() for i in (d.offer_id, d.need_id)}
        gone = sorted(
            i
            for i, r in t.posts.items()
            if i not in named
            and (
                (r.post.status is PostStatus.DRAFT and r.post.created_at < drafts_before)
                or (
                    r.post.status in closed
                    and _utc(r.post.updated_at or r.post.created_at) < closed_before
                )
            )
        )[:limit]
        matches = {i for i, m in t.matches.items() if m.offer_id in gone or m.need_id in gone}
        for deal in t.deals.values():
            deal.match_id = None if deal.match_id in matches else deal.match_id
        for i, request in list(t.contact_requests.items()):
            if request.post_id in gone or request.match_id in matches:
                del t.contact_requests[i]
        for i, reminder in list(t.reminders.items()):
            if reminder.post_id in gone or reminder.match_id in matches:
                del t.reminders[i]
        for i in matches:
            del t.matches[i]
        for i in gone:
            del t.posts[i]
        drop_vectors(t, gone)  # ON DELETE CASCADE
        drop_leads(t, gone)
        return len(gone)

    async def save_index_entry(
        self, post_id: int, terms: str, labels: str, numbers: bytes, vocabulary: str
    ) -> None:
        record = self._write.posts.get(post_id)
        if record is not None:
            record.index_terms, record.index_labels = terms, labels
            record.index_numbers = bytes(numbers)
            record.index_vocabulary = vocabulary

    async def with_stale_index(self, post_ids: Sequence[int], vocabulary: str) -> list[int]:
        records = (self._read.posts.get(i) for i in set(post_ids))
        return sorted(
            r.id
            for r in records
            if r is not None
            and r.post.status is PostStatus.OPEN
            and r.index_vocabulary != vocabulary
        )

    def _open_after(self, last_id: int) -> list[PostRecord]:
        return sorted(
            (
                r
                for r in self._read.posts.values()
                if r.id > last_id and r.post.status is PostStatus.OPEN
            ),
            key=lambda r: r.id,
        )

    async def stream_index_entries(
        self, now: datetime, batch_size: int = 10000
    ) -> AsyncIterator[list[IndexEntry]]:
        """Open, unexpired posts as index entries, in id order, a batch at a time."""
        last_id = 0
        while True:
            records = [r for r in self._open_after(last_id) if r.post.expires_at > now]
            batch = records[:batch_size]
            if not batch:
                return
            yield [
                IndexEntry(
                    r.id,
                    r.post.user_id,
                    r.post.kind.value,
                    r.index_terms,
                    r.index_labels,
                    r.index_numbers,
                    r.post.circle_id,
                    r.index_vocabulary,
                )
                for r in batch
            ]
            if len(batch) < batch_size:
                return
            last_id = batch[-1].id

    async def stream_open(
        self, kind: PostKind | None = None, batch_size: int = 5000
    ) -> AsyncIterator[list[Post]]:
        """Every open post (expired-but-not-yet-swept included), in id order; each batch
        reads the current state, so rows changed between batches are neither skipped nor
        repeated."""
        if batch_size < 1:
            raise ValueError("batch_size must be positive")
        last_id = 0
        while True:
            records = [r for r in self._open_after(last_id) if kind is None or r.post.kind == kind]
            batch = records[:batch_size]
            if not batch:
                return
            yield [copy.deepcopy(r.post) for r in batch]
            if len(batch) < batch_size:
                return
            last_id = batch[-1].id


# -- outbox, trust log, tokens, inbox, persistence ----------------------------------------
