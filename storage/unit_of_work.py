"""Unit of work over one AsyncSession, and `Database`, which owns engine and sessions.

`async with db.uow() as uow: ...; await uow.commit()` — leaving the block without commit
rolls back. Each unit of work holds one connection from the time it first touches the
database until it exits; on SQLite there is exactly one, so never open a second unit of
work while one is active in the same task (it would wait for the pool timeout).
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Self

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.services.ports import (
    ActionTokensRepository,
    CirclesRepository,
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
from storage.engine import create_engine
from storage.repositories import (
    SqlActionTokensRepository,
    SqlCirclesRepository,
    SqlContactRequestsRepository,
    SqlConversationsRepository,
    SqlDealsRepository,
    SqlErasureRepository,
    SqlInboxRepository,
    SqlIndexChangesRepository,
    SqlLeadsRepository,
    SqlLeasesRepository,
    SqlMatchesRepository,
    SqlOutboxRepository,
    SqlPersistenceRepository,
    SqlPostsRepository,
    SqlPostVectorsRepository,
    SqlProfilesRepository,
    SqlRatingsRepository,
    SqlRegistrationsRepository,
    SqlRemindersRepository,
    SqlTrustEventsRepository,
    SqlUsersRepository,
)


class SqlAlchemyUnitOfWork:
    """Implements `bot.services.ports.UnitOfWork`. Repositories exist only inside
    `async with`; entering again starts a fresh session."""

    # Typed as the ports (Protocol attributes are invariant); the Sql* classes add a few
    # extras, e.g. SqlInboxRepository.pending().
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

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        users_written: Callable[[set[int]], None] | None = None,
    ) -> None:
        self._session_factory = session_factory
        self._session: AsyncSession | None = None
        self._users_written = users_written
        self._written: set[int] = set()

    @property
    def session(self) -> AsyncSession:
        """The active session, for adapters that need queries the ports do not offer."""
        if self._session is None:
            raise RuntimeError("unit of work used outside `async with`")
        return self._session

    async def __aenter__(self) -> Self:
        if self._session is not None:
            raise RuntimeError("unit of work is already active")
        session = self._session_factory()
        self._session = session
        self._written = set()
        self.users = SqlUsersRepository(session, self._written)
        self.profiles = SqlProfilesRepository(session)
        self.posts = SqlPostsRepository(session)
        self.outbox = SqlOutboxRepository(session)
        self.trust_events = SqlTrustEventsRepository(session)
        self.action_tokens = SqlActionTokensRepository(session)
        self.inbox = SqlInboxRepository(session)
        self.persistence = SqlPersistenceRepository(session)
        self.matches = SqlMatchesRepository(session)
        self.contact_requests = SqlContactRequestsRepository(session)
        self.deals = SqlDealsRepository(session)
        self.reminders = SqlRemindersRepository(session)
        self.ratings = SqlRatingsRepository(session)
        self.circles = SqlCirclesRepository(session)
        self.erasure = SqlErasureRepository(session)
        self.leases = SqlLeasesRepository(session)
        self.index_changes = SqlIndexChangesRepository(session)
        self.conversations = SqlConversationsRepository(session, self._written)
        self.registrations = SqlRegistrationsRepository(session)
        self.post_vectors = SqlPostVectorsRepository(session)
        self.leads = SqlLeadsRepository(session)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        session, self._session = self.session, None
        await session.close()  # rolls back anything not committed

    async def commit(self) -> None:
        await self.session.commit()
        if self._written and self._users_written is not None:
            self._users_written(self._written)
            self._written.clear()

    async def rollback(self) -> None:
        await self.session.rollback()
        self._written.clear()


class Database:
    """Engine plus session factory; create once at startup, `dispose()` at shutdown."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        # Told, after each commit, whose user rows it changed (handlers.transport.senders.Senders).
        self.users_written: Callable[[set[int]], None] | None = None
        # Domain objects are built from rows before commit, so nothing needs reloading after.
        self.session_factory = async_sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def from_url(cls, url: str, *, echo: bool = False) -> Database:
        return cls(create_engine(url, echo=echo))

    def uow(self) -> SqlAlchemyUnitOfWork:
        return SqlAlchemyUnitOfWork(self.session_factory, self.users_written)

    async def dispose(self) -> None:
        await self.engine.dispose()
