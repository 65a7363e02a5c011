"""Identity levels from the trust record (issue 33): what a member's identity rests on,
counted from their append-only trust events. Each level says on the card what was checked.

* L1: a phone shared with Telegram's contact button.
* L2: a business registration number whose form was checked (`identity.business`).
* L3: vouches from trade-circle admins (`identity.vouched`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.domain.models import TrustEvent, User
from bot.domain.trust.scores import IdentityLevel

VOUCHES_FOR_L3 = 2  # trade-circle admins who vouched for a member


def identity_level(
    user: User, events: Iterable[TrustEvent]
) -> tuple[IdentityLevel, datetime | None]:
    """(level, when its evidence was recorded) of a member."""
    level_since: datetime | None = None
    vouchers: dict[int, datetime] = {}  # circle admin -> when they vouched
    for event in events:
        if event.kind == "identity.business" and level_since is None:
            level_since = event.at
        if event.kind == "identity.vouched" and event.counterpart_id is not None:
            vouchers.setdefault(event.counterpart_id, event.at)
    level = IdentityLevel.PHONE if user.phone else IdentityLevel.UNKNOWN
    if level_since is not None:
        level = IdentityLevel.BUSINESS
    if len(vouchers) >= VOUCHES_FOR_L3:
        level = IdentityLevel.VOUCHED
        level_since = sorted(vouchers.values())[VOUCHES_FOR_L3 - 1]
    return level, level_since
