"""What the use cases need from the outside world, as Protocols.

`storage` implements these with SQLAlchemy; tests may use fakes. All datetimes crossing
these ports are timezone-aware UTC.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Collection, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self

from bot.domain.matching.types import IndexChange, IndexEntry
from bot.domain.models import (
    ActionToken,
    Circle,
    CircleStats,
    CompanyProfile,
    ContactRequest,
    Deal,
    Lang,
    Match,
    OutboxMessage,
    Post,
    PostKind,
    PostStatus,
    Rating,
    Reminder,
    TrustEvent,
    User,
)


class Clock(Protocol):
    def now(self) -> datetime: ...


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


class ProfilesRepository(Protocol):
    async def get(self, user_id: int) -> CompanyProfile | None: ...
    async def save(self, profile: CompanyProfile) -> None: ...


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


class OutboxRepository(Protocol):
    async def add(self, message: OutboxMessage) -> int: ...
    async def due(self, now: datetime, limit: int) -> list[OutboxMessage]: ...
    async def mark_sent(self, message_id: int, at: datetime, telegram_message_id: int) -> None: ...
    async def mark_failed(
        self, message_id: int, error: str, *, retry_at: datetime | None
    ) -> None: ...

    async def hold(self, message_id: int, until: datetime) -> None:
        """Not before `until` (quiet hours); not an attempt."""
        ...

    async def claim(
        self, message_ids: Collection[int], now: datetime, until: datetime
    ) -> set[int]:
        """Take the ones still due for sending: they are not due for anyone else before
        `until` (unless their outcome is recorded first). Returns the ids taken."""
        ...

    async def purge_finished(self, before: datetime) -> int:
        """Forget messages sent or given up before `before`; returns how many."""
        ...

    async def retry_failed(self, chat_id: int, error: str, since: datetime) -> int:
        """Messages to `chat_id` that failed finally with `error` since then are due again
        (say, once a member started the bot); returns how many."""
        ...


class TrustEventsRepository(Protocol):
    async def add(self, event: TrustEvent) -> int: ...
    async def list_for_user(self, user_id: int, limit: int = 1000) -> list[TrustEvent]: ...


class ActionTokensRepository(Protocol):
    async def add(self, token: ActionToken) -> None: ...
    async def get(self, token: str) -> ActionToken | None: ...
    async def mark_used(self, token: str, at: datetime) -> None: ...
    async def purge_expired(self, before: datetime) -> int: ...


class InboxRepository(Protocol):
    async def record(self, update_id: int, payload: dict[str, Any], at: datetime) -> bool:
        """Store a received update; False when this update_id was already recorded."""
        ...

    async def record_many(self, payloads: Sequence[dict[str, Any]], at: datetime) -> set[int]:
        """Store a fetched batch (each payload has its `update_id`); the ids that were new."""
        ...

    async def drafted(self, update_id: int) -> int | None:
        """The post this update drafted, if it did (kept with the update for replays)."""
        ...

    async def note_drafted(self, update_id: int, post_id: int, *, replace: bool = False) -> bool:
        """Keep the draft with the update; False when the update has one already (or is not
        stored): `replace` overwrites that one."""
        ...

    async def mark_done(self, update_ids: Collection[int], at: datetime) -> None: ...
    async def purge_done(self, before: datetime) -> int: ...
    async def pending(
        self, limit: int = 100, after: int | None = None
    ) -> list[tuple[int, dict[str, Any]]]:
        """Recorded but not done updates, oldest first (past `after`, an update id)."""
        ...

    async def count_replays(self, update_ids: Collection[int]) -> dict[int, int]:
        """Count one more replay of each update; how many each has had now."""
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


class LeasesRepository(Protocol):
    """Named leases: which process may do a one-at-a-time job (poll Telegram) until when."""

    async def take(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        """Hold `name` until `until` if it is free, lapsed or already ours; True if held."""
        ...

    async def release(self, name: str, holder: str, now: datetime) -> None: ...


class PersistenceRepository(Protocol):
    """Key/value rows behind PTB persistence (conversations, user_data)."""

    async def load(self, namespace: str) -> dict[str, Any]: ...
    async def save(self, namespace: str, key: str, value: Any | None) -> None: ...


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
    async def count_alerts_to_user_since(self, user_id: int, since: datetime) -> int:
        """Alerts sent to `user_id` (as either side's owner) since `since`."""
        ...

    async def dismissals(self) -> list[tuple[int, int]]:
        """(user who said "not relevant", the counterpart post) for every dismissal."""
        ...


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

    async def about_post(self, post_id: int, user_id: int) -> list[Deal]:
        """The deals of `user_id` that are about that post (as offer or need), oldest first."""
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

    async def stars_mean(self) -> float | None:
        """The mean of every rating in the market (None when there is none)."""
        ...


class RemindersRepository(Protocol):
    async def add(self, reminder: Reminder) -> int: ...
    async def update(self, reminder: Reminder) -> None:
        """Writes `due_at`, `attempts`, `sent_at` and `cancelled_at`."""
        ...

    async def due(self, now: datetime, limit: int = 100) -> list[Reminder]:
        """Reminders due by `now`, neither sent nor cancelled, oldest first."""
        ...

    async def pending(
        self,
        *,
        user_id: int | None = None,
        post_id: int | None = None,
        match_id: int | None = None,
        kinds: Collection[str] = (),
    ) -> list[Reminder]:
        """Pending reminders of a user or about a post (at least one of the two), narrowed
        by match and kinds, oldest first."""
        ...

    async def purge_finished(self, before: datetime) -> int:
        """Forget reminders sent, cancelled or expired before `before`; returns how many."""
        ...


class CirclesRepository(Protocol):
    async def get(self, circle_id: int) -> Circle | None: ...
    async def save(self, circle: Circle) -> None: ...
    async def add_member(self, circle_id: int, user_id: int, at: datetime) -> None: ...
    async def is_member(self, circle_id: int, user_id: int) -> bool: ...
    async def joined_at(self, circle_id: int, user_id: int) -> datetime | None: ...
    async def stats(self, circle_id: int, since: datetime) -> CircleStats: ...
    async def latest_of(self, user_id: int) -> Circle | None:
        """The circle the user joined last (still a member)."""
        ...

    async def everyone(self) -> list[Circle]:
        """Every circle still in use (not migrated away)."""
        ...

    async def new_posts(self, circle_id: int, since: datetime, limit: int) -> list[Post]:
        """Open posts written in the circle since then, oldest first."""
        ...

    async def migrate(self, old_id: int, new_id: int) -> None:
        """A group became a supergroup: circle, posts and members move to the new id."""
        ...

    async def invite_once_a_day(self, circle_id: int, user_id: int, now: datetime) -> bool:
        """Record a mention inviting them to start the bot, unless one was made in the last
        24 hours; True if this one may go."""
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
        now gone (bot.services.privacy has the whole policy).

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


class UnitOfWork(Protocol):
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
    deals: DealsRepository
    reminders: RemindersRepository
    ratings: RatingsRepository
    circles: CirclesRepository
    erasure: ErasureRepository
    leases: LeasesRepository
    index_changes: IndexChangesRepository

    async def __aenter__(self) -> Self: ...
    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    async def commit(self) -> None: ...
    async def rollback(self) -> None: ...


UowFactory = Callable[[], UnitOfWork]  # a fresh unit of work per use case
