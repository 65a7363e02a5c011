"""Offers and needs: the posts table, its parsed-field columns and the open-post stream."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, Table, and_, delete, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from bot.domain.matching.types import IndexEntry
from bot.domain.models import Lang, ParsedPost, Post, PostKind, PostStatus
from storage.json_columns import parsed_from_dict, parsed_to_dict
from storage.tables import DealRow, PostRow
from storage.types import utcnow

POSTS = cast(Table, PostRow.__table__)
_INSERT_POST = insert(POSTS).returning(POSTS.c.id)  # every draft: built once
INDEX_ENTRY_COLUMNS = (  # an IndexEntry's fields, in order
    PostRow.id,
    PostRow.user_id,
    PostRow.kind,
    PostRow.index_terms,
    PostRow.index_labels,
    PostRow.index_numbers,
    PostRow.circle_id,
    PostRow.index_vocabulary,
)


def _flat_fields(parsed: ParsedPost) -> dict[str, Any]:
    """The parsed values copied into their own columns for filtering and sorting."""
    price = parsed.price
    return {
        "product": parsed.product,
        "quantity_amount": None if parsed.quantity is None else parsed.quantity.amount,
        "quantity_unit": None if parsed.quantity is None else parsed.quantity.unit,
        "moq_amount": None if parsed.moq is None else parsed.moq.amount,
        "moq_unit": None if parsed.moq is None else parsed.moq.unit,
        "price_low": None if price is None else price.low,
        "price_high": None if price is None else price.high,
        "price_currency": None if price is None else price.currency,
        "price_per_unit": None if price is None else price.per_unit,
        "price_negotiable": False if price is None else price.negotiable,
        "trade_term": parsed.trade_term,
        "place": parsed.place,
        "destination": parsed.destination,
    }


def _values(post: Post) -> dict[str, Any]:
    return {
        "user_id": post.user_id,
        "kind": post.kind.value,
        "status": post.status.value,
        "raw_text": post.raw_text,
        "language": post.language.value,
        "parsed": parsed_to_dict(post.parsed),
        "keywords": list(post.keywords),
        "photo": post.photo,
        "circle_id": post.circle_id,
        "created_at": post.created_at,
        "updated_at": post.updated_at or utcnow(),
        "expires_at": post.expires_at,
        **_flat_fields(post.parsed),
    }


def post_from_row(row: PostRow) -> Post:
    return Post(
        id=row.id,
        user_id=row.user_id,
        kind=PostKind(row.kind),
        raw_text=row.raw_text,
        parsed=parsed_from_dict(row.parsed),
        status=PostStatus(row.status),
        language=Lang(row.language),
        created_at=row.created_at,
        expires_at=row.expires_at,
        updated_at=row.updated_at,
        circle_id=row.circle_id,
        keywords=tuple(row.keywords),
        photo=row.photo,
    )


class SqlPostsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, post: Post) -> int:
        """Insert and return the new id (also written back to `post.id`)."""
        result = await self._session.execute(_INSERT_POST, _values(post))
        post.id = int(result.scalar_one())
        return post.id

    async def get(self, post_id: int) -> Post | None:
        row = await self._session.scalar(
            select(PostRow).where(PostRow.id == post_id).execution_options(populate_existing=True)
        )
        return None if row is None else post_from_row(row)

    async def update(self, post: Post) -> None:
        if post.id is None:
            raise ValueError("cannot update a post that was never added")
        values = _values(post)
        values["updated_at"] = utcnow() if post.updated_at is None else post.updated_at
        result = await self._session.execute(
            update(PostRow).where(PostRow.id == post.id).values(**values)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            raise LookupError(f"post {post.id} does not exist")

    async def list_by_user(
        self, user_id: int, statuses: Sequence[PostStatus], *, offset: int, limit: int
    ) -> list[Post]:
        """Newest first."""
        rows = await self._session.scalars(
            select(PostRow)
            .where(PostRow.user_id == user_id, PostRow.status.in_([s.value for s in statuses]))
            .order_by(PostRow.created_at.desc(), PostRow.id.desc())
            .offset(offset)
            .limit(limit)
            .execution_options(populate_existing=True)
        )
        return [post_from_row(row) for row in rows]

    async def count_by_user(self, user_id: int, statuses: Sequence[PostStatus]) -> int:
        count = await self._session.scalar(
            select(func.count())
            .select_from(PostRow)
            .where(PostRow.user_id == user_id, PostRow.status.in_([s.value for s in statuses]))
        )
        return int(count or 0)

    async def list_due_to_expire(self, now: datetime, limit: int) -> list[Post]:
        """Open posts whose `expires_at` has passed, soonest-expired first."""
        rows = await self._session.scalars(
            select(PostRow)
            .where(PostRow.status == PostStatus.OPEN.value, PostRow.expires_at <= now)
            .order_by(PostRow.expires_at, PostRow.id)
            .limit(limit)
            .with_for_update(skip_locked=True)  # PostgreSQL: one sweep per post at a time
            .execution_options(populate_existing=True)
        )
        return [post_from_row(row) for row in rows]

    async def purge_stale(
        self, *, drafts_before: datetime, closed_before: datetime, limit: int
    ) -> int:
        """Delete drafts created before `drafts_before` and withdrawn or expired posts last
        changed before `closed_before` (their matches, requests, reminders and vectors go with them),
        except posts a deal names: the deal's record keeps them. At most `limit`; returns
        how many."""
        stale = or_(
            and_(POSTS.c.status == PostStatus.DRAFT.value, POSTS.c.created_at < drafts_before),
            and_(
                POSTS.c.status.in_([PostStatus.WITHDRAWN.value, PostStatus.EXPIRED.value]),
                POSTS.c.updated_at < closed_before,
            ),
        )
        deals = cast(Table, DealRow.__table__)
        named = (
            select(deals.c.id)
            .where(or_(deals.c.offer_id == POSTS.c.id, deals.c.need_id == POSTS.c.id))
            .exists()
        )
        found = await self._session.scalars(
            select(POSTS.c.id).where(stale, ~named).order_by(POSTS.c.id).limit(limit)
        )
        gone = list(found)
        if not gone:
            return 0
        # Checked again: a post renewed or named by a deal since the select stays.
        result = await self._session.execute(
            delete(POSTS).where(POSTS.c.id.in_(gone), stale, ~named)
        )
        return int(getattr(result, "rowcount", 0) or 0)

    async def save_index_entry(
        self, post_id: int, terms: str, labels: str, numbers: bytes, vocabulary: str
    ) -> None:
        await self._session.execute(
            update(PostRow)
            .where(PostRow.id == post_id)
            .values(
                index_terms=terms,
                index_labels=labels,
                index_numbers=numbers,
                index_vocabulary=vocabulary,
            )
        )

    async def with_stale_index(self, post_ids: Sequence[int], vocabulary: str) -> list[int]:
        """Those of these open posts whose stored index entry another vocabulary derived
        (or none yet), in id order."""
        if not post_ids:
            return []
        result = await self._session.scalars(
            select(PostRow.id)
            .where(
                PostRow.id.in_(post_ids),
                _walks_primary_key(PostRow.status) == PostStatus.OPEN.value,  # ids first
                or_(PostRow.index_vocabulary.is_(None), PostRow.index_vocabulary != vocabulary),
            )
            .order_by(PostRow.id)
        )
        return list(result)

    async def stream_index_entries(
        self, now: datetime, batch_size: int = 10000
    ) -> AsyncIterator[list[IndexEntry]]:
        """Plain column reads, no ORM objects: this feeds the start-up rebuild of up to
        millions of posts."""
        last_id = 0
        while True:
            result = await self._session.execute(
                select(*INDEX_ENTRY_COLUMNS)
                .where(
                    _walks_primary_key(PostRow.status) == PostStatus.OPEN.value,
                    PostRow.expires_at > now,
                    PostRow.id > last_id,
                )
                .order_by(PostRow.id)
                .limit(batch_size)
            )
            rows = result.all()
            if not rows:
                return
            yield [IndexEntry(*row) for row in rows]
            if len(rows) < batch_size:
                return
            last_id = rows[-1][0]

    async def stream_open(
        self, kind: PostKind | None = None, batch_size: int = 5000
    ) -> AsyncIterator[list[Post]]:
        """Every post with status open (expired-but-not-yet-swept ones included: status is
        the truth), in id order, `batch_size` at a time. Keyset pagination on id keeps
        memory bounded and never skips or repeats a row when earlier rows change status."""
        if batch_size < 1:
            raise ValueError("batch_size must be positive")
        last_id = 0
        while True:
            stmt = select(PostRow).where(
                _walks_primary_key(PostRow.status) == PostStatus.OPEN.value,
                PostRow.id > last_id,
            )
            if kind is not None:
                stmt = stmt.where(PostRow.kind == kind.value)
            stmt = stmt.order_by(PostRow.id).limit(batch_size)
            rows = list(
                await self._session.scalars(stmt.execution_options(populate_existing=True))
            )
            if not rows:
                return
            batch = [post_from_row(row) for row in rows]
            # Rows must not pile up in the identity map across batches.
            for row in rows:
                self._session.expunge(row)
            yield batch
            if len(rows) < batch_size:
                return
            last_id = rows[-1].id


def _walks_primary_key(
    column: ColumnElement[str] | InstrumentedAttribute[str],
) -> ColumnElement[str]:
    """`status || ''`: the same value, but no index can serve it. Without this SQLite picks
    the (status, kind, expires_at) index for a keyset scan and sorts every open post for
    each batch (quadratic over a rebuild); with it, it walks the primary key from `id > ?`."""
    return column.concat("")
