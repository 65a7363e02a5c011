"""Messages the bot sends later: outbox messages and stored, due-dated reminders."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(slots=True)
class OutboxMessage:
    """A message to someone other than the person being answered, written in the same
    transaction as the change that causes it and sent later by the dispatcher."""

    id: int | None
    chat_id: int
    text: str
    # rows of (label, action token): outbox buttons always act through server-side tokens
    buttons: list[list[tuple[str, str]]] = field(default_factory=list)
    parse_mode: str | None = "HTML"
    kind: str = "message"  # alert, reminder, contact, admin ...
    created_at: datetime | None = None
    attempts: int = 0
    not_before: datetime | None = None
    photo: str | None = None  # a file_id: sent as that photo with `text` as its caption


@dataclass(slots=True)
class Reminder:
    """A stored, due-dated message to one user, sent once by a sweep (it survives restarts).
    `kind` says what to send ("deal.outcome"); `payload` carries its arguments."""

    id: int | None
    kind: str
    user_id: int
    due_at: datetime
    payload: dict[str, object] = field(default_factory=dict)
    post_id: int | None = None
    match_id: int | None = None
    attempts: int = 0
    sent_at: datetime | None = None
    cancelled_at: datetime | None = None  # what it was about ended (post closed, answered)
    expired_at: datetime | None = None  # fell due but no longer useful (its policy said so)
    reason: str | None = None  # why it was cancelled or expired

    @property
    def pending(self) -> bool:
        return self.sent_at is None and self.cancelled_at is None and self.expired_at is None

    def cancel(self, now: datetime, reason: str) -> None:
        self.cancelled_at, self.reason = now, reason

    def expire(self, now: datetime, reason: str) -> None:
        self.expired_at, self.reason = now, reason
