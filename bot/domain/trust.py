"""Trust scores and checks, pure and table-tested (issue 10). Nothing here can be bought:
every number comes from what counterparts did and said.

* `shown_rating`: a Bayesian average (v*R + m*C) / (v + m) over recency-weighted ratings
  (half-life 180 days), each also weighted by its rater (`rater_weight`); C is the prior
  from the whole market, m = 5. Fewer than 3 counted ratings give None: "not enough
  ratings yet", never a number.
* `wilson_lower_bound`: the lower bound of the 95% interval of a share of good outcomes,
  for ranking (2 of 2 does not beat 95 of 100).
* `rater_weight`: grows with the rater's identity level and confirmed deals; 0 for
  accounts younger than 7 days (their ratings are held back).
* `rating_rings`: groups that only rate each other five stars, flagged for review.
* `credit_code_valid`: China's 18-character unified social credit code, its check
  character as GB 32100-2015 defines it.
* `too_good_to_be_true`: a price 40% or more below the median of at least 3 comparable
  open offers.
* `summarise`: the facts a trust line shows, from the user and their trust events;
  follow-through (did they say what came of a contact exchange when asked?) and fake-inquiry
  reports give buyers a record too.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import IntEnum

from bot.domain.models import Rating, TrustEvent, User

HALF_LIFE_DAYS = 180.0
PRIOR_WEIGHT = 5.0  # m: how many average ratings the market prior counts as
MIN_RATINGS = 3  # below this the card says "not enough ratings yet"
HELD_BACK_DAYS = 7  # ratings from accounts younger than this count for nothing
TOO_GOOD_SHARE = 0.6  # a price at or under 60% of the median (40% below) is suspicious
TOO_GOOD_MIN_PEERS = 3
DAY = 86400.0
REVEAL_AFTER = timedelta(days=14)  # a rating shows this long after it was given at the latest
VOUCHES_FOR_L3 = 2  # trade-circle admins who vouched for a member
FOLLOW_UP_WINDOW = timedelta(days=7)  # to answer "Did you make a deal?" before it counts
# Saying anything about a deal (done, confirmed, denied, still talking, none) follows it up.
ANSWERS = frozenset({"deal.claimed", "deal.confirmed", "deal.denied", "deal.talking", "deal.none"})


class IdentityLevel(IntEnum):
    """What a member's identity rests on; each level says so on the trust card."""

    UNKNOWN = 0
    PHONE = 1  # phone shared with Telegram's contact button
    BUSINESS = 2  # business registration given and checked
    VOUCHED = 3  # vouched for by two trade-circle admins


@dataclass(frozen=True, slots=True)
class WeightedRating:
    stars: int  # 1..5
    at: datetime
    weight: float = 1.0  # the rater's weight when the rating was given (rater_weight)


def recency(at: datetime, now: datetime, half_life_days: float = HALF_LIFE_DAYS) -> float:
    """1 for now, 0.5 after one half-life; a future time counts as now."""
    age_days = max(0.0, (now - at).total_seconds() / DAY)
    return 0.5 ** (age_days / half_life_days)


def shown_rating(
    ratings: Sequence[WeightedRating], now: datetime, prior: float, m: float = PRIOR_WEIGHT
) -> float | None:
    """The rating a card shows, or None when fewer than `MIN_RATINGS` ratings count."""
    counted = [r for r in ratings if r.weight > 0]
    if len(counted) < MIN_RATINGS:
        return None
    weights = [recency(r.at, now) * r.weight for r in counted]
    v = sum(weights)
    if v <= 0:
        return None
    mean = sum(w * r.stars for w, r in zip(weights, counted, strict=True)) / v
    return (v * mean + m * prior) / (v + m)


def market_prior(ratings: Iterable[WeightedRating], default: float = 4.0) -> float:
    """C: the mean of every counted rating in the market (`default` when there are none)."""
    stars = [r.stars for r in ratings if r.weight > 0]
    return statistics.fmean(stars) if stars else default


def wilson_lower_bound(good: float, total: float, z: float = 1.96) -> float:
    """Lower bound of the Wilson score interval for good / total; 0 when total is 0."""
    if total <= 0:
        return 0.0
    p = good / total
    centre = p + z * z / (2 * total)
    margin = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return (centre - margin) / (1 + z * z / total)


def rater_weight(level: IdentityLevel, confirmed_deals: int, account_age_days: float) -> float:
    """How much a rater's stars count: 0 while the account is younger than 7 days, then
    0.5 at L0 up to 1.25 at L3, times 1 + deals/10 (at most 2)."""
    if account_age_days < HELD_BACK_DAYS:
        return 0.0
    return (0.5 + 0.25 * int(level)) * min(2.0, 1.0 + max(0, confirmed_deals) / 10)


def rating_rings(
    ratings: Iterable[tuple[int, int, int]], max_size: int = 4
) -> list[frozenset[int]]:
    """Groups of 2..`max_size` members whose ratings, given and received, are all five
    stars among themselves: (rater, rated, stars) triples in, sorted groups out. Flagged for
    review only; a pair that truly trades often looks the same, so nothing is banned."""
    given: dict[int, list[tuple[int, int]]] = defaultdict(list)
    received: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for rater, rated, stars in ratings:
        given[rater].append((rated, stars))
        received[rated].append((rater, stars))
    members = set(given) | set(received)
    links: dict[int, set[int]] = defaultdict(set)
    for rater, pairs in given.items():
        for rated, stars in pairs:
            if stars == 5:
                links[rater].add(rated)
                links[rated].add(rater)
    seen: set[int] = set()
    rings: list[frozenset[int]] = []
    for start in sorted(members):
        if start in seen or not links[start]:
            continue
        group, todo = {start}, [start]
        while todo:
            for other in links[todo.pop()]:
                if other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        closed = all(
            all(other in group and stars == 5 for other, stars in given[u] + received[u])
            for u in group
        )
        everyone_rated = all(received[u] for u in group)
        if closed and everyone_rated and 2 <= len(group) <= max_size:
            rings.append(frozenset(group))
    return sorted(rings, key=sorted)


_CODE_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY"  # GB 32100-2015: no I, O, S, V, Z
_CODE_WEIGHTS = (1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28)


def credit_code_valid(code: str) -> bool:
    """Is this a well-formed unified social credit code with the right check character?
    Spaces are ignored and letters may be lower case."""
    text = "".join(code.split()).upper()
    if len(text) != 18 or any(ch not in _CODE_CHARS for ch in text):
        return False
    total = sum(_CODE_CHARS.index(ch) * w for ch, w in zip(text, _CODE_WEIGHTS, strict=False))
    return _CODE_CHARS[(31 - total % 31) % 31] == text[17]


def too_good_to_be_true(price: float, comparable: Sequence[float]) -> bool:
    """An offer's unit price 40% or more below the median of at least 3 comparable open
    offers (same normalised product and unit): the buyer's alert carries a warning."""
    peers = [p for p in comparable if p > 0]
    if price <= 0 or len(peers) < TOO_GOOD_MIN_PEERS:
        return False
    return price <= TOO_GOOD_SHARE * statistics.median(peers)


@dataclass(frozen=True, slots=True)
class TrustSummary:
    """The facts one trust line shows, each as counted from the record."""

    level: IdentityLevel
    confirmed_deals: int
    partners: int  # distinct counterparts of confirmed deals
    repeat_partners: int  # counterparts of two or more confirmed deals
    member_since: datetime | None
    ratings: int = 0  # ratings that show (revealed), held-back ones included
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
    circle_vouches: int = 0  # its admins who vouched for the member


def summarise(
    user: User,
    events: Iterable[TrustEvent],
    ratings: Sequence[WeightedRating] = (),
    now: datetime | None = None,
    prior: float = 4.0,
) -> TrustSummary:
    """Facts from the append-only record: only confirmed deals count as deals; `ratings`
    are the revealed ones, weighted by their raters."""
    deals_with: dict[int, int] = defaultdict(int)
    deals = unconfirmed = 0
    level_since: datetime | None = None
    complaints: dict[object, str] = {}  # exchange -> reason, in order
    answers: dict[object, str] = {}
    asked: dict[object, datetime] = {}  # deal -> when the outcome question reached them
    vouchers: dict[int, datetime] = {}  # circle admin -> when they vouched
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
        if event.kind == "identity.business" and level_since is None:
            level_since = event.at
        if event.kind == "identity.vouched" and event.counterpart_id is not None:
            vouchers.setdefault(event.counterpart_id, event.at)
        if event.kind == "deal.unconfirmed":
            unconfirmed += 1
        if event.kind == "deal.confirmed":
            deals += 1
            if event.counterpart_id is not None:
                deals_with[event.counterpart_id] += 1
    level = IdentityLevel.PHONE if user.phone else IdentityLevel.UNKNOWN
    if level_since is not None:
        level = IdentityLevel.BUSINESS
    if len(vouchers) >= VOUCHES_FOR_L3:
        level = IdentityLevel.VOUCHED
        level_since = sorted(vouchers.values())[VOUCHES_FOR_L3 - 1]
    repeat = sum(1 for n in deals_with.values() if n >= 2)
    shown = shown_rating(ratings, now, prior) if ratings and now is not None else None
    good = deals + sum(1 for r in ratings if r.stars >= 4)
    bad = unconfirmed + sum(1 for r in ratings if r.stars <= 2) + len(complaints)
    latest = list(complaints)[-1] if complaints else None
    due = [d for d, at in asked.items() if d in answered or _past(at + FOLLOW_UP_WINDOW, now)]
    return TrustSummary(
        level,
        deals,
        len(deals_with),
        repeat,
        user.created_at,
        len(ratings),
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
    )


def _past(at: datetime, now: datetime | None) -> bool:
    return now is None or at <= now


COLD_START = 5  # outcomes below which a member ranks at least neutral
NEUTRAL = 0.5


def ranking_trust(good: int, bad: int) -> float:
    """The trust a member's posts rank with (0..1; matching weighs it 0.05). The Wilson
    lower bound of their share of good outcomes, so 2 of 2 does not beat 95 of 100. Cold
    start: with fewer than `COLD_START` outcomes a member is never below neutral (0.5), so
    a newcomer is not buried under members with a record, nor lifted above a good one."""
    total = good + bad
    if total == 0:
        return NEUTRAL
    bound = wilson_lower_bound(good, total)
    return max(NEUTRAL, bound) if total < COLD_START else bound


def revealed(received: Sequence[Rating], rated_deals: set[int], now: datetime) -> list[Rating]:
    """Double-blind: the received ratings that show are those of deals the ratee rated too
    (`rated_deals`), and any given `REVEAL_AFTER` ago or more."""
    return [r for r in received if r.deal_id in rated_deals or r.created_at + REVEAL_AFTER <= now]


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
