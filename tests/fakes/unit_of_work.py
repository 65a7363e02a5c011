"""The in-memory store and its unit of work (see tests/fakes/__init__.py)."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from types import TracebackType
from typing import Self

from bot.services.ports import (
    ActionTokensRepository,
    CirclesRepository,
    Clock,
    ContactRequestsRepository,
    ConversationsRepository,
    DealsRepository,
    ErasureRepository,
    InboxRepository,
    IndexChangesRepository,
    LeadsRepository,
    LeasesRepository,
    MatchesRepository,
    OutboxRepository,
    PersistenceRepository,
    PostsRepository,
    PostVectorsRepository,
    ProfilesRepository,
    RatingsRepository,
    RegistrationsRepository,
    RemindersRepository,
    TrustEventsRepository,
    UsersRepository,
)
from tests.fakes.base import (
    ConcurrentCommitError,
    Tables,
)
from tests.fakes.deals import FakeDealsRepository, FakeRatingsRepository
from tests.fakes.erasure import FakeErasureRepository
from tests.fakes.leads import FakeLeadsRepository
from tests.fakes.people import (
    FakeCirclesRepository,
    FakeProfilesRepository,
    FakeRegistrationsRepository,
    FakeUsersRepository,
)
from tests.fakes.plumbing import (
    FakeActionTokensRepository,
    FakeConversations,
    FakeInboxRepository,
    FakeIndexChangesRepository,
    FakeLeasesRepository,
    FakeOutboxRepository,
    FakePersistenceRepository,
)
from tests.fakes.posts import FakePostsRepository
from tests.fakes.reminders import FakeRemindersRepository
from tests.fakes.trading import (
    FakeContactRequestsRepository,
    FakeMatchesRepository,
    FakeTrustEventsRepository,
)
from tests.fakes.vectors import FakePostVectorsRepository


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
    deals: DealsRepository
    reminders: RemindersRepository
    ratings: RatingsRepository
    circles: CirclesRepository
    erasure: ErasureRepository
    leases: LeasesRepository
    index_changes: IndexChangesRepository
    conversations: ConversationsRepository
    registrations: RegistrationsRepository
    post_vectors: PostVectorsRepository
    leads: LeadsRepository

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
        self.deals = FakeDealsRepository(self)
        self.reminders = FakeRemindersRepository(self)
        self.ratings = FakeRatingsRepository(self)
        self.circles = FakeCirclesRepository(self)
        self.erasure = FakeErasureRepository(self)
        self.leases = FakeLeasesRepository(self)
        self.index_changes = FakeIndexChangesRepository(self)
        self.conversations = FakeConversations(self)
        self.registrations = FakeRegistrationsRepository(self)
        self.post_vectors = FakePostVectorsRepository(self)
        self.leads = FakeLeadsRepository(self)

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
