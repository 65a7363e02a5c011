"""An in-memory unit of work for fast service-layer tests: no SQLite, no Telegram.

    store = InMemoryStore()
    uow_factory = store.uow_factory  # the `UowFactory` of bot/services/ports.py
    clock = FixedClock()

The repositories behave like the SQLAlchemy ones in `storage/repositories/`: the same
orderings, the same "first use wins" and duplicate rules, the same constraints (unique keys
and foreign keys raise `IntegrityError`; naive datetimes are refused), JSON columns come
back as JSON would return them, and every object read is a copy (changing it changes
nothing stored until it is written back).

Transactions: the committed state lives in `store.tables`. Entering `async with uow:` takes
a deep copy to work on; `commit()` makes that copy the store's state; leaving the block
without committing discards what was changed since the last commit. A commit that wrote
something on top of a state another unit of work has changed since raises
`ConcurrentCommitError` rather than silently losing that other commit (on SQLite a second
writer would wait instead; the services never nest units of work).
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar

from bot.domain.matching.types import IndexEntry
from bot.domain.models import (
    ActionToken,
    CompanyProfile,
    ContactRequest,
    Lang,
    Match,
    OutboxMessage,
    Post,
    PostKind,
    PostStatus,
    TrustEvent,
    User,
)
from bot.services.ports import (
    ActionTokensRepository,
    Clock,
    ContactRequestsRepository,
    InboxRepository,
    MatchesRepository,
    OutboxRepository,
    PersistenceRepository,
    PostsRepository,
    ProfilesRepository,
    TrustEventsRepository,
    UsersRepository,
)

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
    last_ids: dict[str, int] = field(default_factory=dict)

    def next_id(self, table: str) -> int:
        """Auto-increment per table (rolled back with the transaction, as on SQLite)."""
        self.last_ids[table] = self.last_ids.get(table, 0) + 1
        return self.last_ids[table]


# -- store and unit of work ----------------------------------------------------------------


class InMemoryStore:
    """The committed state shared by every unit of work it makes.

    `clock` stamps what the SQL repositories stamp with the wall clock (`created_at` of an
    outbox message given none, `updated_at` of a post, ...); by default the real time.
    `commits` counts commit() calls, `version` the commits that changed something.
    """

    def __init__(self, clock: Clock | None = None) -> None:
        self.tables = Tables()
        self.clock = clock
        self.commits = 0
        self.version = 0

    def now(self) -> datetime:
        return self.clock.now() if self.clock is not None else datetime.now(UTC)

    def uow_factory(self) -> InMemoryUnitOfWork:
        """A fresh unit of work: pass `store.uow_factory` where a `UowFactory` is wanted."""
        return InMemoryUnitOfWork(self)


class InMemoryUnitOfWork:
    """Implements `bot.services.ports.UnitOfWork` over an `InMemoryStore`."""

    # Typed as the ports, as storage.unit_of_work does (Protocol attributes are invariant).
    users: UsersRepository
    profiles: ProfilesRepository
    posts: PostsRepository
    outbox: OutboxRepository
    trust_events: TrustEventsRepository
    action_tokens: ActionTokensRepository
    inbox: InboxRepository
    persistence: PersistenceRepository
    matches: MatchesRepository
    contact_requests: ContactRequestsRepository

    def __init__(self, store: InMemoryStore) -> None:
        self.store = store
        self._tables: Tables | None = None
        self._base_version = 0
        self._dirty = False
        self.users = FakeUsersRepository(self)
        self.profiles = FakeProfilesRepository(self)
        self.posts = FakePostsRepository(self)
        self.outbox = FakeOutboxRepository(self)
        self.trust_events = FakeTrustEventsRepository(self)
        self.action_tokens = FakeActionTokensRepository(self)
        self.inbox = FakeInboxRepository(self)
        self.persistence = FakePersistenceRepository(self)
        self.matches = FakeMatchesRepository(self)
        self.contact_requests = FakeContactRequestsRepository(self)

    @property
    def tables(self) -> Tables:
        """This transaction's working copy."""
        if self._tables is None:
            raise RuntimeError("unit of work used outside `async with`")
        return self._tables

    def writing(self) -> Tables:
        """The working copy, noting that this transaction changes something."""
        tables = self.tables
        self._dirty = True
        return tables

    def _begin(self) -> None:
        self._tables = copy.deepcopy(self.store.tables)
        self._base_version = self.store.version
        self._dirty = False

    async def __aenter__(self) -> Self:
        if self._tables is not None:
            raise RuntimeError("unit of work is already active")
        self._begin()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._tables = None  # anything not committed is discarded

    async def commit(self) -> None:
        tables = self.tables
        self.store.commits += 1
        if self._dirty:
            if self.store.version != self._base_version:
                raise ConcurrentCommitError("another unit of work committed in between")
            self.store.tables = tables
            self.store.version += 1
        self._begin()

    async def rollback(self) -> None:
        self.tables  # noqa: B018 - raises outside `async with`
        self._begin()


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


class FakeUsersRepository(_Repository):
    async def get(self, user_id: int) -> User | None:
        return copy.deepcopy(self._read.users.get(user_id))

    async def upsert(self, user: User) -> None:
        """Insert or overwrite every field; `created_at` is kept from the first insert."""
        tables = self._write
        existing = tables.users.get(user.id)
        created = existing.created_at if existing else None
        stored = dataclasses.replace(
            copy.deepcopy(user), created_at=_utc(created or user.created_at or self._now())
        )
        tables.users[user.id] = stored

    async def set_language(self, user_id: int, language: Lang, *, chosen: bool) -> None:
        user = self._write.users.get(user_id)
        if user is not None:
            user.language, user.language_chosen = Lang(language), chosen

    async def set_blocked(self, user_id: int, blocked: bool) -> None:
        user = self._write.users.get(user_id)
        if user is not None:
            user.blocked_bot = blocked


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


# -- posts ---------------------------------------------------------------------------------


class FakePostsRepository(_Repository):
    def _checked(self, tables: Tables, post: Post) -> Post:
        _require(post.user_id in tables.users, "posts.user_id")
        _require(post.circle_id is None, "posts.circle_id (the fake has no circles)")
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

    async def save_index_entry(
        self, post_id: int, terms: str, labels: str, numbers: bytes
    ) -> None:
        record = self._write.posts.get(post_id)
        if record is not None:
            record.index_terms, record.index_labels = terms, labels
            record.index_numbers = bytes(numbers)

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


class FakeOutboxRepository(_Repository):
    async def add(self, message: OutboxMessage) -> int:
        tables = self._write
        stored = dataclasses.replace(
            copy.deepcopy(message),
            id=tables.next_id("outbox"),
            buttons=[[(str(a), str(b)) for a, b in row] for row in _json(message.buttons)],
            created_at=_utc(message.created_at or self._now()),
            not_before=_utc_or_none(message.not_before),
        )
        tables.outbox[stored.id] = OutboxRecord(stored)  # type: ignore[index]
        message.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def due(self, now: datetime, limit: int) -> list[OutboxMessage]:
        """Unsent, not permanently failed messages whose `not_before` is unset or reached,
        oldest first (by id)."""
        due = [
            r.message
            for _id, r in sorted(self._read.outbox.items())
            if r.sent_at is None
            and r.failed_at is None
            and (r.message.not_before is None or r.message.not_before <= now)
        ]
        return copy.deepcopy(due[:limit])

    async def mark_sent(self, message_id: int, at: datetime, telegram_message_id: int) -> None:
        record = self._write.outbox.get(message_id)
        if record is not None:
            record.sent_at, record.telegram_message_id = _utc(at), telegram_message_id
            record.message.attempts += 1

    async def mark_failed(
        self,
        message_id: int,
        error: str,
        *,
        retry_at: datetime | None,
        at: datetime | None = None,
    ) -> None:
        """Count a failed attempt. With `retry_at` the message stays pending and becomes due
        again then; without it the failure is final (`failed_at` = `at`, default now)."""
        record = self._write.outbox.get(message_id)
        if record is None:
            return
        record.message.attempts += 1
        record.last_error = error[:2000]
        if retry_at is None:
            record.failed_at = _utc(at or self._now())
        else:
            record.message.not_before = _utc(retry_at)


class FakeTrustEventsRepository(_Repository):
    async def add(self, event: TrustEvent) -> int:
        tables = self._write
        _require(event.user_id in tables.users, "trust_events.user_id")
        stored = dataclasses.replace(
            event, id=tables.next_id("trust_events"), at=_utc(event.at), detail=_json(event.detail)
        )
        tables.trust_events[stored.id] = stored  # type: ignore[index]
        event.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def list_for_user(self, user_id: int, limit: int = 1000) -> list[TrustEvent]:
        """The user's most recent `limit` events, returned oldest first."""
        events = [e for e in self._read.trust_events.values() if e.user_id == user_id]
        events.sort(key=lambda e: (e.at, e.id), reverse=True)
        return copy.deepcopy(events[:limit][::-1])


class FakeActionTokensRepository(_Repository):
    async def add(self, token: ActionToken) -> None:
        tables = self._write
        if token.token in tables.action_tokens:
            raise IntegrityError("UNIQUE constraint failed: action_tokens.token")
        tables.action_tokens[token.token] = dataclasses.replace(
            token,
            payload=_json(token.payload),
            expires_at=_utc(token.expires_at),
            used_at=_utc_or_none(token.used_at),
        )

    async def get(self, token: str) -> ActionToken | None:
        """The token, used or expired ones included (the caller decides); None if unknown."""
        return copy.deepcopy(self._read.action_tokens.get(token))

    async def mark_used(self, token: str, at: datetime) -> None:
        """Record the first use only: a second press keeps the original `used_at`."""
        stored = self._write.action_tokens.get(token)
        if stored is not None and stored.used_at is None:
            stored.used_at = _utc(at)

    async def purge_expired(self, before: datetime) -> int:
        """Forget tokens that expired before `before`; returns how many."""
        tokens = self._write.action_tokens
        gone = [key for key, t in tokens.items() if t.expires_at < before]
        for key in gone:
            del tokens[key]
        return len(gone)


class FakeInboxRepository(_Repository):
    async def record(self, update_id: int, payload: dict[str, Any], at: datetime) -> bool:
        """Store a received update; False when this update_id was already recorded."""
        tables = self._write
        if update_id in tables.inbox:
            return False
        tables.inbox[update_id] = InboxRecord(update_id, _json(payload), _utc(at))
        return True

    async def mark_done(self, update_id: int, at: datetime) -> None:
        record = self._write.inbox.get(update_id)
        if record is not None and record.done_at is None:
            record.done_at = _utc(at)

    async def purge_done(self, before: datetime) -> int:
        """Forget handled updates received before `before`; returns how many."""
        inbox = self._write.inbox
        gone = [k for k, r in inbox.items() if r.done_at is not None and r.received_at < before]
        for key in gone:
            del inbox[key]
        return len(gone)

    async def pending(self, limit: int = 100) -> list[tuple[int, dict[str, Any]]]:
        """Recorded but not done updates, in update_id order: what to replay after a crash."""
        pending = sorted(k for k, r in self._read.inbox.items() if r.done_at is None)
        return [(k, copy.deepcopy(self._read.inbox[k].payload)) for k in pending[:limit]]


class FakePersistenceRepository(_Repository):
    async def load(self, namespace: str) -> dict[str, Any]:
        rows = self._read.persistence.items()
        return {key: copy.deepcopy(value) for (space, key), value in rows if space == namespace}

    async def save(self, namespace: str, key: str, value: Any | None) -> None:
        """Store `value` (anything JSON can hold) under (namespace, key); None deletes."""
        rows = self._write.persistence
        if value is None:
            rows.pop((namespace, key), None)
        else:
            rows[(namespace, key)] = _json(value)


# -- matches and contact requests ----------------------------------------------------------


class FakeMatchesRepository(_Repository):
    async def add(self, match: Match) -> int | None:
        """None when this offer and need were paired before. Like the SQL repository, which
        turns every IntegrityError into None, also None when either post does not exist."""
        tables = self._write
        if match.offer_id not in tables.posts or match.need_id not in tables.posts:
            return None
        if any(
            (m.offer_id, m.need_id) == (match.offer_id, match.need_id)
            for m in tables.matches.values()
        ):
            return None
        stored = dataclasses.replace(
            match,
            id=tables.next_id("matches"),
            score=float(match.score),
            reasons=_json(list(match.reasons)),
            created_at=_utc(match.created_at),
            offer_dismissed=False,  # not written by an insert
            need_dismissed=False,
        )
        tables.matches[stored.id] = stored  # type: ignore[index]
        match.id = stored.id
        return stored.id

    async def get(self, match_id: int) -> Match | None:
        return copy.deepcopy(self._read.matches.get(match_id))

    async def update(self, match: Match) -> None:
        """Only the alerted and dismissed flags change."""
        stored = self._write.matches.get(match.id) if match.id is not None else None
        if stored is None:
            raise LookupError(f"no match {match.id}")
        stored.offer_alerted, stored.need_alerted = match.offer_alerted, match.need_alerted
        stored.offer_dismissed, stored.need_dismissed = match.offer_dismissed, match.need_dismissed

    async def for_post(self, post_id: int) -> list[Match]:
        """Every match the post is part of, oldest first."""
        return copy.deepcopy(
            [
                m
                for _id, m in sorted(self._read.matches.items())
                if post_id in (m.offer_id, m.need_id)
            ]
        )

    async def paired_with(self, post_id: int) -> set[int]:
        paired = set()
        for m in self._read.matches.values():
            if m.need_id == post_id:
                paired.add(m.offer_id)
            if m.offer_id == post_id:
                paired.add(m.need_id)
        return paired

    async def count_alerted_for_need(self, need_id: int) -> int:
        return sum(m.need_id == need_id and m.need_alerted for m in self._read.matches.values())

    def _owner(self, post_id: int) -> int | None:
        record = self._read.posts.get(post_id)
        return None if record is None else record.post.user_id

    async def count_alerts_to_user_since(self, user_id: int, since: datetime) -> int:
        """Alerts sent to `user_id` (as either side's owner) since `since`."""
        count = 0
        for m in self._read.matches.values():
            if m.created_at >= since:
                count += m.offer_alerted and self._owner(m.offer_id) == user_id
                count += m.need_alerted and self._owner(m.need_id) == user_id
        return count

    async def dismissals(self) -> list[tuple[int, int]]:
        """(user who said "not relevant", the counterpart post) for every dismissal."""
        matches = [m for _id, m in sorted(self._read.matches.items())]
        offer_side = [(self._owner(m.offer_id), m.need_id) for m in matches if m.offer_dismissed]
        need_side = [(self._owner(m.need_id), m.offer_id) for m in matches if m.need_dismissed]
        return [(user, post) for user, post in offer_side + need_side if user is not None]


class FakeContactRequestsRepository(_Repository):
    async def add(self, request: ContactRequest) -> int:
        tables = self._write
        _require(request.from_user_id in tables.users, "contact_requests.from_user_id")
        _require(request.to_user_id in tables.users, "contact_requests.to_user_id")
        _require(request.match_id in (None, *tables.matches), "contact_requests.match_id")
        _require(request.post_id in (None, *tables.posts), "contact_requests.post_id")
        stored = dataclasses.replace(
            request,
            id=tables.next_id("contact_requests"),
            created_at=_utc(request.created_at),
            expires_at=_utc_or_none(request.expires_at),
            responded_at=None,  # not written by an insert
        )
        tables.contact_requests[stored.id] = stored  # type: ignore[index]
        request.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def get(self, request_id: int) -> ContactRequest | None:
        return copy.deepcopy(self._read.contact_requests.get(request_id))

    async def update(self, request: ContactRequest) -> None:
        """Only the status and `responded_at` change."""
        stored = self._write.contact_requests.get(request.id) if request.id is not None else None
        if stored is None:
            raise LookupError(f"no contact request {request.id}")
        stored.status, stored.responded_at = request.status, _utc_or_none(request.responded_at)

    async def find(
        self, from_user_id: int, to_user_id: int, post_id: int | None, match_id: int | None
    ) -> ContactRequest | None:
        """The newest request from one user to another about the same match (or, without
        a match, the same post)."""
        found = [
            r
            for r in self._read.contact_requests.values()
            if (r.from_user_id, r.to_user_id) == (from_user_id, to_user_id)
            and (match_id is None or r.match_id == match_id)
            and (match_id is not None or post_id is None or r.post_id == post_id)
        ]
        return copy.deepcopy(max(found, key=lambda r: r.id or 0)) if found else None


if TYPE_CHECKING:  # the fakes satisfy the ports
    from bot.services.ports import UnitOfWork, UowFactory

    _uow: UnitOfWork = InMemoryUnitOfWork(InMemoryStore())
    _factory: UowFactory = InMemoryStore().uow_factory
    _clock: Clock = FixedClock()
    _typed: Callable[[], InMemoryUnitOfWork] = InMemoryStore().uow_factory
