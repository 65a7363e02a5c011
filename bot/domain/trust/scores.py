"""The numbers of a trust record, pure and table-tested (issues 10, 33): identity levels,
rater weights, the shown rating and the ranking trust, and which ratings show.

* `counted_ratings`: one rating per rater (their latest); the raters that are not
  independent partners (`partners.py`: new accounts, closed groups) count together as one
  rater, with their mean stars and half a rater's weight.
* `shown_rating`: a Bayesian average (v*R + m*C) / (v + m) over recency-weighted ratings
  (half-life 180 days), each also weighted by its rater (`rater_weight`), with the stated
  prior C = 3.5 stars counted as m = 5 ratings. Fewer than 3 ratings that count (`counting`:
  weight above 0) give None: "not enough ratings yet", never a number.
* `rater_weight`: 0 for accounts younger than 7 days (held back); otherwise it grows with
  the rater's own partners and the account's age, from about 0.5 to 2.
* `ranking_trust`: what a member's posts rank with, from their confirmed deals with
  independent partners and their bad outcomes.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import IntEnum

from bot.domain.models import Rating

HALF_LIFE_DAYS = 180.0
PRIOR_STARS = 3.5  # C: the stated prior every shown rating starts from
PRIOR_WEIGHT = 5.0  # m: how many ratings the prior counts as
MIN_RATINGS = 3  # below this the card says "not enough ratings yet"
HELD_BACK_DAYS = 7  # ratings from accounts younger than this count for nothing
DAY = 86400.0
REVEAL_AFTER = timedelta(days=14)  # a rating shows this long after it was given at the latest


class IdentityLevel(IntEnum):
    """What a member's identity rests on; each level says so on the trust card."""

    UNKNOWN = 0
    PHONE = 1  # phone shared with Telegram's contact button
    BUSINESS = 2  # a business registration number valid in form
    VOUCHED = 3  # vouched for by admins of two established trade circles


@dataclass(frozen=True, slots=True)
class WeightedRating:
    stars: float  # 1..5; a closed group's mean
    at: datetime
    weight: float = 1.0  # the rater's weight when the rating was given (rater_weight)


def recency(at: datetime, now: datetime, half_life_days: float = HALF_LIFE_DAYS) -> float:
    """1 for now, 0.5 after one half-life; a future time counts as now."""
    age_days = max(0.0, (now - at).total_seconds() / DAY)
    return 0.5 ** (age_days / half_life_days)


def counting(ratings: Iterable[WeightedRating]) -> list[WeightedRating]:
    """The ratings that count toward a score (`MIN_RATINGS` of them give one): those of a
    weight above 0. What a trust card counts as "ratings that count"."""
    return [r for r in ratings if r.weight > 0]


def shown_rating(
    ratings: Sequence[WeightedRating],
    now: datetime,
    prior: float = PRIOR_STARS,
    m: float = PRIOR_WEIGHT,
) -> float | None:
    """The rating a card shows, or None when fewer than `MIN_RATINGS` ratings count."""
    counted = counting(ratings)
    if len(counted) < MIN_RATINGS:
        return None
    weights = [recency(r.at, now) * r.weight for r in counted]
    v = sum(weights)
    if v <= 0:
        return None
    mean = sum(w * r.stars for w, r in zip(weights, counted, strict=True)) / v
    return (v * mean + m * prior) / (v + m)


GROUP_WEIGHT = 0.5  # the one rating that stands for every rater not independent
FULL_AGE_DAYS = 365.0  # a rater's age counts fully from here


def rater_weight(own_partners: int, account_age_days: float) -> float:
    """How much a rater's stars count: 0 while the account is younger than 7 days; then
    (1 + min(partners, 4) / 4), counting the rater's own deal partners other than the
    one rated, times (0.5 + 0.5 * age / 365, at most 1)."""
    if account_age_days < HELD_BACK_DAYS:
        return 0.0
    standing = 1.0 + min(max(own_partners, 0), 4) / 4
    return standing * (0.5 + 0.5 * min(1.0, account_age_days / FULL_AGE_DAYS))


@dataclass(frozen=True, slots=True)
class RaterRating:
    """One revealed rating with what its rater's weight rests on."""

    rater: int
    stars: int
    at: datetime
    independent: bool  # the rater is an independent partner of the one rated
    own_partners: int  # the rater's deal partners other than the one rated
    age_days: float  # the rater's account age when they rated


def counted_ratings(ratings: Iterable[RaterRating]) -> list[WeightedRating]:
    """One rating per rater, their latest; the raters that are not independent partners
    count together as one rating of their mean stars, weighing `GROUP_WEIGHT` (0 while
    all of them are held back)."""
    latest: dict[int, RaterRating] = {}
    for rating in sorted(ratings, key=lambda r: r.at):
        latest[rating.rater] = rating
    counted = [
        WeightedRating(r.stars, r.at, rater_weight(r.own_partners, r.age_days))
        for r in latest.values()
        if r.independent
    ]
    group = [r for r in latest.values() if not r.independent]
    if group:
        weight = GROUP_WEIGHT if any(r.age_days >= HELD_BACK_DAYS for r in group) else 0.0
        mean = statistics.fmean(r.stars for r in group)
        counted.append(WeightedRating(mean, max(r.at for r in group), weight))
    return counted


COLD_START = 5  # outcomes below which a member ranks at least neutral
NEUTRAL = 0.5
RECORD_HALF = 3  # confirmed deals with independent partners that give half the way up


def ranking_trust(counted_deals: int, good: int, bad: int) -> float:
    """The trust a member's posts rank with (0..1; matching weighs it 0.05). It rises from
    neutral (0.5) with confirmed deals with independent partners: 0.5 + 0.5 * d / (d + 3),
    so 3 deals give 0.75 and 8 give 0.86; it falls by half the share of bad outcomes
    (unconfirmed claims, 1-2 star ratings, complaints) among all outcomes. Cold start:
    with fewer than `COLD_START` outcomes a member is never below neutral."""
    d = max(counted_deals, 0)
    trust = NEUTRAL + NEUTRAL * d / (d + RECORD_HALF)
    total = good + bad
    if total > 0:
        trust -= NEUTRAL * bad / total
    if total < COLD_START:
        trust = max(NEUTRAL, trust)
    return min(1.0, max(0.0, trust))


def revealed(received: Sequence[Rating], rated_deals: set[int], now: datetime) -> list[Rating]:
    """Double-blind: the received ratings that show are those of deals the ratee rated too
    (`rated_deals`), and any given `REVEAL_AFTER` ago or more."""
    return [r for r in received if r.deal_id in rated_deals or r.created_at + REVEAL_AFTER <= now]
