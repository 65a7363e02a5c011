"""The unit of work: every repository in one transaction, and the factory of fresh ones."""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Protocol, Self

from bot.services.ports.exchanges import (
    ContactRequestsRepository,
    DealsRepository,
    RatingsRepository,
    TrustEventsRepository,
)
from bot.services.ports.messaging import (
    ActionTokensRepository,
    InboxRepository,
    OutboxRepository,
    RemindersRepository,
)
from bot.services.ports.people import (
    CirclesRepository,
    ErasureRepository,
    ProfilesRepository,
    RegistrationsRepository,
    UsersRepository,
)
from bot.services.ports.posts import (
    IndexChangesRepository,
    LeadsRepository,
    MatchesRepository,
    PostsRepository,
    PostVectorsRepository,
)
from bot.services.ports.runtime import (
    ConversationsRepository,
    LeasesRepository,
    PersistenceRepository,
)


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
    conversations: ConversationsRepository
    registrations: RegistrationsRepository
    post_vectors: PostVectorsRepository
    leads: LeadsRepository

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
