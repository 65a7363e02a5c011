"""Plain domain objects shared by parsing, matching, services and storage.

Pure Python: no Telegram, no SQL. Storage maps these to rows; handlers render them.
Import them from here: this package's names are its public surface, whichever
submodule holds them.
"""

from __future__ import annotations

from bot.domain.models.buttons import Action, ActionToken
from bot.domain.models.conversations import Conversation, Topic
from bot.domain.models.exchanges import (
    ContactRequest,
    ContactStatus,
    Deal,
    DealOutcome,
    Match,
)
from bot.domain.models.outgoing import OutboxMessage, Reminder
from bot.domain.models.people import (
    Circle,
    CircleStats,
    CompanyProfile,
    Lang,
    User,
    ZoneSource,
)
from bot.domain.models.posts import (
    OWNER_ACTIONS,
    CircleWeek,
    Intent,
    ParsedPost,
    Post,
    PostKind,
    PostStatus,
    Price,
    ProductWeek,
    Quantity,
    SellerInterest,
)
from bot.domain.models.trust_records import Rating, TrustEvent

__all__ = [
    "Conversation",
    "Topic",
    "OWNER_ACTIONS",
    "Action",
    "ActionToken",
    "Circle",
    "CircleStats",
    "CircleWeek",
    "CompanyProfile",
    "ContactRequest",
    "ContactStatus",
    "Deal",
    "DealOutcome",
    "Intent",
    "Lang",
    "Match",
    "OutboxMessage",
    "ParsedPost",
    "Post",
    "PostKind",
    "PostStatus",
    "Price",
    "ProductWeek",
    "Quantity",
    "SellerInterest",
    "Rating",
    "Reminder",
    "TrustEvent",
    "User",
    "ZoneSource",
]
