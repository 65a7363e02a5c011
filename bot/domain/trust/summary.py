"""The trust summary (issue 10): the facts a trust line shows, counted from the user and
their trust events; follow-through (did they say what came of a contact exchange when
asked?) and fake-inquiry reports give buyers a record too, and how fast they answer
contact requests.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.models import TrustEvent, User
from bot.domain.trust.levels import identity_facts
from bot.domain.trust.partners import DEALS_PER_PAIR, DealRecord
from bot.domain.trust.scores import IdentityLevel, WeightedRating, counting, shown_rating

FOLLOW_UP_WINDOW = timedelta(days=7)  # to answer "Did you make a deal?" before it counts
# Saying anything about a deal (done, confirmed, denied, still talking, none) follows it up.
ANSWERS = frozenset({"deal.claimed", "deal.confirmed", "deal.denied", "deal.talking", "deal.none"})


@dataclass(frozen=True, slots=True)
class TrustSummary:
    """The facts one trust line shows, each as counted from the record."""

    level: IdentityLevel
    confirmed_deals: int  # with independent partners, at most 3 with each (partners.py)
    partners: int  # independent partners of confirmed deals
    repeat_partners: int  # independent partners of two or more confirmed deals
    member_since: datetime | None
    ratings: int = 0  # ratings that count toward a score (`scores.counting`), as the card says
    rating: float | None = None  # `shown_rating` of them; None: not enough ratings yet
    level_since: datetime | None = None  # when the level's evidence was recorded
    good: int = 0  # outcomes for ranking: confirmed deals, ratings of 4-5 stars
    bad: int = 0  # claims nobody confirmed, ratings of 1-2 stars, complaints
    complaints: int = 0  # complaints received
    answered: int = 0  # of them, answered
    latest_complaint: str | None = None  # its reason code
    latest_answer: str | None = None  # the member's answer to it, if any
    latest_comment: str | None = None  # of the newest revealed rating that has one
    reply_hours: float | None = None  # median time to answer a contact request
    replied_in_a_day: float | None = None  # share of requests answered within 24 hours
    asked: int = 0  # outcome questions answered, or unanswered for `FOLLOW_UP_WINDOW`
    followed_up: int = 0  # of them, answered
    fake_inquiries: int = 0  # complaints received of the reason "fake inquiry"
    last_active: datetime | None = None
    circle_deals: int | None = None  # confirmed deals in the circle the card is shown in
    circle_vouches: int = 0  # counted vouches from its admins (one per circle counts)
    other_partners: int = 0  # partners not independent: new accounts, closed groups
    disputed: bool = False  # their registration number is claimed by another account too
    confirmed_by: str | None = None  # the circle whose admins settled it for them
    vouched_in: tuple[str, ...] = ()  # the circles whose admins' vouches count
    ratings_received: int = 0  # ratings that show (revealed), counted or not


def summarise(
    user: User,
    events: Iterable[TrustEvent],
    ratings: Sequence[WeightedRating] = (),
    now: datetime | None = None,
    record: DealRecord | None = None,
) -> TrustSummary:
    """Facts from the append-only record: only confirmed deals count as deals, and of them
    only those `record` counts (`partners.deal_record`; without one, as in the pure
    tests, every partner counts as independent); `ratings` are the counted ones
    (`scores.counted_ratings`)."""
    events = list(events)
    deals_with: dict[int, int] = defaultdict(int)
    deals = unconfirmed = 0
    complaints: dict[object, str] = {}  # exchange -> reason, in order
    answers: dict[object, str] = {}
    asked: dict[object, datetime] = {}  # deal -> when the outcome question reached them
    answered: set[object] = set()
    for event in events:
        if event.kind == "deal.asked":
            asked.setdefault(event.detail.get("deal"), event.at)
        if event.kind in ANSWERS:
            answered.add(event.detail.get("deal"))
        if event.kind == "complaint.received":
            complaints[event.detail.get("deal")] = str(event.detail.get("reason", ""))
        if event.kind == "complaint.answered":
            answers[event.detail.get("deal")] = str(event.detail.get("text", ""))
        if event.kind == "deal.unconfirmed":
            unconfirmed += 1
        if event.kind == "deal.confirmed":
            deals += 1
            if event.counterpart_id is not None:
                deals_with[event.counterpart_id] += 1
    identity = identity_facts(user, events)
    level, level_since = identity.level, identity.since
    if record is None:
        capped = sum(min(n, DEALS_PER_PAIR) for n in deals_with.values())
        counted = capped + deals - sum(deals_with.values())
        repeat = sum(1 for n in deals_with.values() if n >= 2)
        record = DealRecord(counted, frozenset(deals_with), repeat, 0)
    shown = shown_rating(ratings, now) if ratings and now is not None else None
    weighed = counting(ratings)  # a day-old puppet's stars move no ranking, up or down
    good = record.counted_deals + sum(1 for r in weighed if r.stars >= 4)
    bad = unconfirmed + sum(1 for r in weighed if r.stars <= 2) + len(complaints)
    latest = list(complaints)[-1] if complaints else None
    due = [d for d, at in asked.items() if d in answered or _past(at + FOLLOW_UP_WINDOW, now)]
    return TrustSummary(
        level,
        record.counted_deals,
        len(record.independent),
        record.repeat,
        user.created_at,
        len(counting(ratings)),
        shown,
        level_since,
        good,
        bad,
        len(complaints),
        sum(1 for deal in complaints if deal in answers),
        complaints[latest] if complaints else None,
        answers.get(latest) if complaints else None,
        asked=len(due),
        followed_up=sum(1 for d in due if d in answered),
        fake_inquiries=sum(1 for reason in complaints.values() if reason == "fake_inquiry"),
        last_active=user.last_active_at,
        other_partners=record.others,
        disputed=identity.disputed,
        confirmed_by=identity.confirmed_by,
        vouched_in=tuple(v.title for v in identity.vouches),
        ratings_received=len(ratings),  # `summary_of` counts each revealed rating
    )


def _past(at: datetime, now: datetime | None) -> bool:
    return now is None or at <= now


def answer_speed(
    times: Sequence[tuple[datetime, datetime | None]], now: datetime
) -> tuple[float | None, float | None]:
    """(median hours to answer, share answered within 24 h) of contact requests; a request
    still open counts as unanswered once it is a day old and is left out before that."""
    settled = [
        (asked, answered) for asked, answered in times if answered or now - asked > DAY_SPAN
    ]
    if not settled:
        return None, None
    hours = sorted(
        (answered - asked).total_seconds() / 3600 for asked, answered in settled if answered
    )
    median = statistics.median(hours) if hours else None
    quick = sum(1 for asked, answered in settled if answered and answered - asked <= DAY_SPAN)
    return median, quick / len(settled)


DAY_SPAN = timedelta(days=1)
