"""The trust record: append-only trust events and the ratings deal partners give."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(slots=True)
class TrustEvent:
    user_id: int
    kind: str  # post.created, post.edited, post.closed, post.expired, deal.confirmed, ...
    at: datetime
    post_id: int | None = None
    counterpart_id: int | None = None
    detail: dict[str, object] = field(default_factory=dict)
    id: int | None = None


@dataclass(slots=True)
class Rating:
    """One side's stars for the other after a confirmed deal; once per deal and side.
    Hidden until both rated, or until `REVEAL_AFTER` passed since it was given."""

    id: int | None
    deal_id: int
    rater_id: int
    ratee_id: int
    stars: int  # 1..5
    created_at: datetime
    comment: str = ""
