"""The numbers of a trust record, pure and table-tested (issue 10): identity levels, rater
weights, the shown rating and the ranking share, and which ratings show (double-blind).

* `shown_rating`: a Bayesian average (v*R + m*C) / (v + m) over recency-weighted ratings
  (half-life 180 days), each also weighted by its rater (`rater_weight`); C is the prior
  from the whole market, m = 5. Fewer than 3 counted ratings give None: "not enough
  ratings yet", never a number.
* `wilson_lower_bound`: the lower bound of the 95% interval of a share of good outcomes,
  for ranking (2 of 2 does not beat 95 of 100).
* `rater_weight`: grows with the rater's identity level and confirmed deals; 0 for
  accounts younger than 7 days (their ratings are held back).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import IntEnum

from bot.domain.models import Rating

HALF_LIFE_DAYS = 180.0
PRIOR_WEIGHT = 5.0  # m: how many average ratings the market prior counts as
MIN_RATINGS = 3  # below this the card says "not enough ratings yet"
HELD_BACK_DAYS = 7  # ratings from accounts younger than this count for nothing
DAY = 86400.0
REVEAL_AFTER = timedelta(days=14)  # a rating shows this long after it was given at the latest


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
