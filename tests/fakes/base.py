"""Shared pieces of the in-memory unit of work: records, tables, clock, errors."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from bot.domain.models import (
    ActionToken,
    Circle,
    CompanyProfile,
    ContactRequest,
    Conversation,
    Deal,
    Match,
    OutboxMessage,
    Post,
    Rating,
    Reminder,
    TrustEvent,
    User,
)

if TYPE_CHECKING:
    from tests.fakes.unit_of_work import InMemoryUnitOfWork

T = TypeVar("T")
DEFAULT_NOW = datetime(2026, 3, 1, 8, 30, tzinfo=UTC)


class IntegrityError(Exception):
    """A constraint the database would enforce: a unique key or a foreign key."""


class ConcurrentCommitError(RuntimeError):
    """Two units of work changed the store from the same starting point."""


class FixedClock:
    """A `Clock` that stands still until told to move."""

    def __init__(self, now: datetime = DEFAULT_NOW) -> None:
        self._now = _utc(now)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        self._now += delta
        return self._now

    def set(self, when: datetime) -> None:
        self._now = _utc(when)


def _utc(value: datetime) -> datetime:
    """Like storage.types.UTCDateTime: aware values only, returned in UTC."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"naive datetime {value!r}: storage needs timezone-aware values")
    return value.astimezone(UTC)


def _utc_or_none(value: datetime | None) -> datetime | None:
    return None if value is None else _utc(value)


def _json(value: T) -> T:
    """What a JSON column gives back (tuples become lists, keys strings; TypeError for
    anything JSON cannot hold, as the database driver would raise)."""
    return json.loads(json.dumps(value))  # type: ignore[no-any-return]


# -- stored rows ---------------------------------------------------------------------------


@dataclass(slots=True)
class PostRecord:
    id: int
    post: Post
    index_terms: str | None = None
    index_labels: str | None = None
    index_numbers: bytes | None = None
    index_vocabulary: str | None = None


@dataclass(slots=True)
class OutboxRecord:
    message: OutboxMessage
    sent_at: datetime | None = None
    telegram_message_id: int | None = None
    failed_at: datetime | None = None
    last_error: str | None = None


@dataclass(slots=True)
class InboxRecord:
    update_id: int
    payload: dict[str, Any]
    received_at: datetime
    done_at: datetime | None = None
    post_id: int | None = None
    replays: int = 0
    person: int = 0  # whose queue it is in


@dataclass(slots=True)
class Tables:
    """Every table the ports reach, keyed by primary key."""

    users: dict[int, User] = field(default_factory=dict)
    profiles: dict[int, CompanyProfile] = field(default_factory=dict)
    posts: dict[int, PostRecord] = field(default_factory=dict)
    outbox: dict[int, OutboxRecord] = field(default_factory=dict)
    trust_events: dict[int, TrustEvent] = field(default_factory=dict)
    action_tokens: dict[str, ActionToken] = field(default_factory=dict)
    inbox: dict[int, InboxRecord] = field(default_factory=dict)
    persistence: dict[tuple[str, str], Any] = field(default_factory=dict)
    matches: dict[int, Match] = field(default_factory=dict)
    contact_requests: dict[int, ContactRequest] = field(default_factory=dict)
    deals: dict[int, Deal] = field(default_factory=dict)
    reminders: dict[int, Reminder] = field(default_factory=dict)
    ratings: dict[int, Rating] = field(default_factory=dict)
    circles: dict[int, Circle] = field(default_factory=dict)
    memberships: dict[tuple[int, int], datetime] = field(default_factory=dict)
    invitations: dict[tuple[int, int], datetime] = field(default_factory=dict)
    leases: dict[str, tuple[str, datetime]] = field(default_factory=dict)
    claims: dict[int, tuple[str, datetime]] = field(default_factory=dict)  # person: owner, until
    # revision -> (kind, origin, post_id, user_id, at)
    index_changes: dict[int, tuple[str, str, int | None, int | None, datetime]] = field(
        default_factory=dict
    )
    conversations: dict[int, Conversation] = field(default_factory=dict)
    # id -> (country, number, user_id, created_at): registration numbers given with /verify
    registrations: dict[int, tuple[str, str, int, datetime]] = field(default_factory=dict)
    # post id -> (model, vector, created_at): a post's sentence vector, gone with the post
    post_vectors: dict[int, tuple[str, bytes, datetime]] = field(default_factory=dict)
    # (user id, product key, source) -> last at: what a seller is known to sell
    seller_interests: dict[tuple[int, str, str], datetime] = field(default_factory=dict)
    leads: dict[tuple[int, int], datetime] = field(default_factory=dict)  # (need, seller) -> at
    last_ids: dict[str, int] = field(default_factory=dict)

    def next_id(self, table: str) -> int:
        """Auto-increment per table (rolled back with the transaction, as on SQLite)."""
        self.last_ids[table] = self.last_ids.get(table, 0) + 1
        return self.last_ids[table]


# -- store and unit of work ----------------------------------------------------------------


class _Repository:
    def __init__(self, uow: InMemoryUnitOfWork) -> None:
        self._uow = uow

    @property
    def _read(self) -> Tables:
        return self._uow.tables

    @property
    def _write(self) -> Tables:
        return self._uow.writing()

    def _now(self) -> datetime:
        return self._uow.store.now()


def _require(present: bool, what: str) -> None:
    if not present:
        raise IntegrityError(f"FOREIGN KEY constraint failed: {what}")


# -- users and profiles --------------------------------------------------------------------
