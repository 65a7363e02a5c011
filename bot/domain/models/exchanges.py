"""From a match to a deal: matches, contact requests, and what came of an exchange."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


@dataclass(slots=True)
class Match:
    """An offer and a need the engine paired; each side is alerted at most once and may
    dismiss it ("not relevant")."""

    id: int | None
    offer_id: int
    need_id: int
    score: float
    reasons: list[dict[str, object]]  # [{"kind": "moq", "values": {...}}, ...]
    created_at: datetime
    offer_alerted: bool = False
    need_alerted: bool = False
    offer_dismissed: bool = False
    need_dismissed: bool = False


class ContactStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    EXPIRED = "expired"


@dataclass(slots=True)
class ContactRequest:
    """One side asked to exchange contacts; details flow only once the other side accepts."""

    id: int | None
    match_id: int | None  # from a match alert
    post_id: int | None  # the post it is about (the target's), also for /search results
    from_user_id: int
    to_user_id: int
    status: ContactStatus
    created_at: datetime
    responded_at: datetime | None = None
    expires_at: datetime | None = None


class DealOutcome(StrEnum):
    """Where a contact exchange ended. None on `Deal.outcome` while the two still talk."""

    CLAIMED = "claimed"  # one side said "deal done"; the other has not answered
    CONFIRMED = "confirmed"  # both sides say so: the only outcome that counts
    DENIED = "denied"  # the other side said there was no deal
    UNCONFIRMED = "unconfirmed"  # a claim nobody confirmed within 14 days: counts for nothing
    NONE = "none"  # "no deal": recorded, never shown as a fault


@dataclass(slots=True)
class Deal:
    """What came of one contact exchange between a seller and a buyer."""

    id: int | None
    match_id: int | None
    offer_id: int | None
    need_id: int | None
    seller_id: int
    buyer_id: int
    created_at: datetime
    outcome: DealOutcome | None = None
    seller_confirmed_at: datetime | None = None  # when each side said "deal done"
    buyer_confirmed_at: datetime | None = None
    closed_at: datetime | None = None

    def other(self, user_id: int) -> int:
        return self.buyer_id if user_id == self.seller_id else self.seller_id

    def has(self, user_id: int) -> bool:
        return user_id in (self.seller_id, self.buyer_id)

    def said_done(self, user_id: int, at: datetime) -> None:
        if user_id == self.seller_id:
            self.seller_confirmed_at = self.seller_confirmed_at or at
        else:
            self.buyer_confirmed_at = self.buyer_confirmed_at or at

    @property
    def claimed_at(self) -> datetime | None:
        """When the first side said "deal done"."""
        times = [t for t in (self.seller_confirmed_at, self.buyer_confirmed_at) if t]
        return min(times) if times else None

    @property
    def claimed_by(self) -> int | None:
        """Who said "deal done" first."""
        seller, buyer = self.seller_confirmed_at, self.buyer_confirmed_at
        if seller and (not buyer or seller <= buyer):
            return self.seller_id
        return self.buyer_id if buyer else None
