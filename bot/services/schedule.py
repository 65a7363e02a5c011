"""How long each step of a post's and a contact's life waits before a reminder (settings
POST_TTL, OUTCOME_ASK_AFTER, FOLLOW_UP_AFTER, EXPIRY_WARNING_BEFORE, NUDGE_AFTER, LEAD_AFTER)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta


@dataclass(frozen=True, slots=True)
class Schedule:
    post_ttl: timedelta = timedelta(days=30)
    outcome_ask_after: timedelta = timedelta(days=3)  # contacts exchanged -> "made a deal?"
    follow_up_after: timedelta = timedelta(hours=24)  # alert or contact request unanswered
    expiry_warning_before: timedelta = timedelta(days=3)  # before a post's end
    nudge_after: timedelta = timedelta(days=14)  # a post with no interest gets advice
    lead_after: timedelta = timedelta(days=1)  # a need that alerted nobody goes as a lead


DEFAULT_SCHEDULE = Schedule()
