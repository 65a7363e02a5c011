"""The trust record counted again for the 30-day audit (issue 35), from the tables alone and
by other means than the bot's: the whole graph of confirmed deals at once (the bot reads
it only as far as it must, `bot.domain.trust.partners`), ratings from the ratings table
(the bot reads its trust events). The rules are docs/trust.md's; only their numbers are
imported."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.config import Settings
from bot.domain.trust.partners import CLOSED_GROUP_MAX, DEALS_PER_PAIR, ESTABLISHED_DAYS
from bot.domain.trust.scores import HELD_BACK_DAYS, REVEAL_AFTER
from bot.domain.trust.summary import FOLLOW_UP_WINDOW
from tests.e2e.helpers import from_stored, read_rows

POST_TTL = Settings.model_fields["post_ttl"].default  # the audit's bot keeps the default


@dataclass(frozen=True)
class Deals:
    counted: int  # with independent partners, at most DEALS_PER_PAIR with each
    independent: frozenset[int]
    others: int  # partners that are not independent
    repeat: int  # independent partners of two or more confirmed deals


@dataclass(frozen=True)
class Ratings:
    counted: int  # ratings that count: each independent rater's, the rest as one
    received: int  # ratings that show
    stars: dict[int, int]  # deal -> stars, of those that show


class Record:
    """Confirmed deals, ratings and when each member joined, read once."""

    def __init__(self, database_url: str) -> None:
        self.deals = [
            (deal, seller, buyer, max(from_stored(s), from_stored(b)))
            for deal, seller, buyer, s, b in read_rows(
                database_url,
                """SELECT id, seller_id, buyer_id, seller_confirmed_at, buyer_confirmed_at
                   FROM deals WHERE seller_confirmed_at IS NOT NULL
                   AND buyer_confirmed_at IS NOT NULL""",
            )
        ]
        self.ratings = [
            (deal, rater, ratee, stars, from_stored(at))
            for deal, rater, ratee, stars, at in read_rows(
                database_url, "SELECT deal_id, rater_id, ratee_id, stars, created_at FROM ratings"
            )
        ]
        self.given = [  # (rater, ratee, deal, when): the raters' own log keeps each rating
            (rater, ratee, int(as_json(detail)["deal"]), from_stored(at))  # given, of a partner
            for rater, ratee, detail, at in read_rows(  # since deleted (/forget) too
                database_url,
                """SELECT user_id, counterpart_id, detail, at FROM trust_events
                   WHERE kind = 'rating.given'""",
            )
        ]
        self.joined = {
            user: from_stored(at)
            for user, at in read_rows(database_url, "SELECT id, created_at FROM users")
        }

        self.outcomes = [  # (member, kind, deal, when): asked what came of a deal, and answers
            (user, kind, int(as_json(detail).get("deal") or 0), from_stored(at))
            for user, kind, detail, at in read_rows(
                database_url,
                """SELECT user_id, kind, detail, at FROM trust_events WHERE kind IN
                   ('deal.asked', 'deal.claimed', 'deal.confirmed', 'deal.denied',
                    'deal.talking', 'deal.none')""",
            )
        ]
        self.gone = {  # deleted (/forget) and stand-ins: the ratings they received went too
            user
            for (user,) in read_rows(
                database_url, "SELECT id FROM users WHERE deleted_at IS NOT NULL"
            )
        }

    def deals_of(self, member: int, at: datetime) -> Deals:
        """A partner is independent when, the member left out, the part of the graph of
        deals confirmed by `at` that holds them has more than CLOSED_GROUP_MAX accounts,
        and their account is ESTABLISHED_DAYS old."""
        graph: dict[int, set[int]] = defaultdict(set)
        with_member: Counter[int] = Counter()
        for _deal, seller, buyer, confirmed in self.deals:
            if confirmed <= at:
                graph[seller].add(buyer)
                graph[buyer].add(seller)
                if member in (seller, buyer):
                    with_member[buyer if seller == member else seller] += 1
        size = _part_sizes(graph, leaving_out=member)
        old_enough = at - timedelta(days=ESTABLISHED_DAYS)
        independent = frozenset(
            p
            for p in with_member
            if size.get(p, 1) > CLOSED_GROUP_MAX and self.joined.get(p, at) <= old_enough
        )
        counted = sum(min(with_member[p], DEALS_PER_PAIR) for p in independent)
        repeat = sum(1 for p in independent if with_member[p] >= 2)
        return Deals(counted, independent, len(with_member) - len(independent), repeat)

    def ratings_of(self, member: int, at: datetime) -> Ratings:
        """Ratings show once the member rated the same deal, or REVEAL_AFTER on; of those,
        each rater's latest counts, the raters that are not independent as one, and none
        of an account younger than HELD_BACK_DAYS when it rated."""
        rated = {d for rater, _ratee, d, when in self.given if rater == member and when <= at}
        shown = sorted(
            (when, rater, deal, stars)
            for deal, rater, ratee, stars, when in self.ratings
            if ratee == member and when <= at and (deal in rated or when + REVEAL_AFTER <= at)
        )
        latest = {rater: when for when, rater, _deal, _stars in shown}
        independent = self.deals_of(member, at).independent
        held_back = timedelta(days=HELD_BACK_DAYS)

        def weighs(rater: int) -> bool:
            return latest[rater] - self.joined.get(rater, latest[rater]) >= held_back

        alone = sum(1 for rater in latest if rater in independent and weighs(rater))
        together = any(weighs(r) for r in latest if r not in independent)
        stars = {deal: stars for _when, _rater, deal, stars in shown}
        return Ratings(alone + together, len(shown), stars)

    def follow_through(self, member: int, at: datetime) -> tuple[int, int]:
        """(answered, asked) of the member's outcome questions by `at`: a question counts
        once answered, or once FOLLOW_UP_WINDOW passed without an answer."""
        asked: dict[int, datetime] = {}
        answered: set[int] = set()
        for user, kind, deal, when in sorted(self.outcomes, key=lambda row: row[3]):
            if user != member or when > at:
                continue
            if kind == "deal.asked":
                asked.setdefault(deal, when)
            else:
                answered.add(deal)
        due = [d for d, when in asked.items() if d in answered or when + FOLLOW_UP_WINDOW <= at]
        return sum(1 for d in due if d in answered), len(due)

    def has_rated(self, deal: int, rater: int, at: datetime) -> bool:
        """Had `rater` rated `deal` by `at`? From their own log: a rating of a partner
        since deleted is still one they gave."""
        return any(d == deal and r == rater and when <= at for r, _ratee, d, when in self.given)

    def rating_of(self, deal: int, rater: int, at: datetime) -> int | None:
        """The stars `rater` gave for `deal` by `at`, if any."""
        return next(
            (
                s
                for d, r, _ratee, s, when in self.ratings
                if d == deal and r == rater and when <= at
            ),
            None,
        )


def as_json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _part_sizes(graph: dict[int, set[int]], leaving_out: int) -> dict[int, int]:
    """Each account's part of the graph without `leaving_out`: how many accounts it holds."""
    size: dict[int, int] = {}
    for start in graph:
        if start == leaving_out or start in size:
            continue
        part, todo = {start}, [start]
        while todo:
            for other in graph[todo.pop()]:
                if other != leaving_out and other not in part:
                    part.add(other)
                    todo.append(other)
        size.update(dict.fromkeys(part, len(part)))
    return size
