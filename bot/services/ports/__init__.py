"""What the use cases need from the outside world, as Protocols.

`storage` implements these with SQLAlchemy; tests may use fakes. All datetimes crossing
these ports are timezone-aware UTC. Import them from here: this package's names are its
public surface, whichever submodule holds them.
"""

from __future__ import annotations

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
    Clock,
    ConversationsRepository,
    LeasesRepository,
    PersistenceRepository,
)
from bot.services.ports.unit_of_work import UnitOfWork, UowFactory

__all__ = [
    "ActionTokensRepository",
    "CirclesRepository",
    "Clock",
    "ContactRequestsRepository",
    "ConversationsRepository",
    "DealsRepository",
    "ErasureRepository",
    "IndexChangesRepository",
    "InboxRepository",
    "LeadsRepository",
    "LeasesRepository",
    "MatchesRepository",
    "OutboxRepository",
    "PersistenceRepository",
    "PostVectorsRepository",
    "PostsRepository",
    "ProfilesRepository",
    "RatingsRepository",
    "RegistrationsRepository",
    "RemindersRepository",
    "TrustEventsRepository",
    "UnitOfWork",
    "UowFactory",
    "UsersRepository",
]
