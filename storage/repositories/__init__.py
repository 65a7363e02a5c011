"""Repositories mapping rows to the dataclasses in `bot.domain.models`, one per feature."""

from storage.repositories.action_tokens import SqlActionTokensRepository
from storage.repositories.circles import SqlCirclesRepository
from storage.repositories.contact_requests import SqlContactRequestsRepository
from storage.repositories.conversations import SqlConversationsRepository
from storage.repositories.deals import SqlDealsRepository, SqlRatingsRepository
from storage.repositories.erasure import SqlErasureRepository
from storage.repositories.inbox import SqlInboxRepository
from storage.repositories.index_changes import SqlIndexChangesRepository
from storage.repositories.leads import SqlLeadsRepository
from storage.repositories.leases import SqlLeasesRepository
from storage.repositories.matches import SqlMatchesRepository
from storage.repositories.outbox import SqlOutboxRepository
from storage.repositories.persistence import SqlPersistenceRepository
from storage.repositories.post_vectors import SqlPostVectorsRepository
from storage.repositories.posts import SqlPostsRepository
from storage.repositories.registrations import SqlRegistrationsRepository
from storage.repositories.reminders import SqlRemindersRepository
from storage.repositories.trust_events import SqlTrustEventsRepository
from storage.repositories.users import SqlProfilesRepository, SqlUsersRepository

__all__ = [
    "SqlActionTokensRepository",
    "SqlCirclesRepository",
    "SqlContactRequestsRepository",
    "SqlConversationsRepository",
    "SqlDealsRepository",
    "SqlErasureRepository",
    "SqlInboxRepository",
    "SqlIndexChangesRepository",
    "SqlLeadsRepository",
    "SqlLeasesRepository",
    "SqlMatchesRepository",
    "SqlOutboxRepository",
    "SqlPersistenceRepository",
    "SqlPostVectorsRepository",
    "SqlPostsRepository",
    "SqlProfilesRepository",
    "SqlRatingsRepository",
    "SqlRegistrationsRepository",
    "SqlRemindersRepository",
    "SqlTrustEventsRepository",
    "SqlUsersRepository",
]
