"""Every table of the schema, as typed declarative classes; `metadata` feeds Alembic."""

from storage.tables.base import Base
from storage.tables.leads import LeadRow, SellerInterestRow
from storage.tables.people import (
    CircleMembershipRow,
    CircleRow,
    CompanyProfileRow,
    RegistrationRow,
    UserRow,
)
from storage.tables.plumbing import (
    ActionTokenRow,
    ClaimRow,
    ConversationRow,
    CounterRow,
    InboxRow,
    IndexChangeRow,
    LeaseRow,
    OutboxRow,
    PersistenceRow,
)
from storage.tables.trading import (
    ContactRequestRow,
    DealRow,
    MatchRow,
    PostRow,
    PostVectorRow,
    RatingRow,
    ReminderRow,
    TrustEventRow,
)

metadata = Base.metadata

__all__ = [
    "ActionTokenRow",
    "Base",
    "CircleMembershipRow",
    "CircleRow",
    "ClaimRow",
    "CompanyProfileRow",
    "ContactRequestRow",
    "ConversationRow",
    "CounterRow",
    "DealRow",
    "IndexChangeRow",
    "InboxRow",
    "LeadRow",
    "LeaseRow",
    "MatchRow",
    "OutboxRow",
    "PersistenceRow",
    "PostRow",
    "PostVectorRow",
    "RatingRow",
    "RegistrationRow",
    "SellerInterestRow",
    "ReminderRow",
    "TrustEventRow",
    "UserRow",
    "metadata",
]
