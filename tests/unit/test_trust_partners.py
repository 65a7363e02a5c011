"""Which partners and ratings count, and who comes first (bot/domain/trust/partners.py,
scores.counted_ratings, precedence.py), table by table, with the attacker's graphs."""

from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.trust.partners import (
    CLOSED_GROUP_MAX,
    deal_record,
    frontier,
    wider_market,
)
from bot.domain.trust.precedence import Contender, ahead_by_record, first_to_last, much_weaker
from bot.domain.trust.scores import RaterRating, counted_ratings, shown_rating

NOW = datetime(2026, 12, 5, tzinfo=UTC)
OLD = NOW - timedelta(days=90)
YOUNG = NOW - timedelta(days=10)
MEMBER = 0


def graph_of(deals: list[tuple[int, int]]) -> dict[int, set[int]]:
    graph: dict[int, set[int]] = defaultdict(set)
    for a, b in deals:
        graph[a].add(b)
        graph[b].add(a)
    return graph


def market(first: int, size: int) -> list[tuple[int, int]]:
    """A chain of `size` accounts trading with each other: the wider market."""
    return [(n, n + 1) for n in range(first, first + size - 1)]


def record(deals: list[tuple[int, int]], created=None):
    graph = graph_of(deals)
    deals_with = Counter(b if a == MEMBER else a for a, b in deals if MEMBER in (a, b))
    wide = wider_market(MEMBER, deals_with, graph)
    joined = {p: (created or {}).get(p, OLD) for p in deals_with}
    return deal_record(deals_with, wide, joined, NOW)


HONEST = [(MEMBER, 101), (MEMBER, 102), (MEMBER, 103), *market(101, 40)]
RING = [(MEMBER, p) for p in range(1, 11)] + [
    (a, b) for a in range(1, 11) for b in range(a + 1, 11)
]
SPLIT = [(MEMBER, p) for p in range(1, 6)] + [(p, p + 5) for p in range(1, 6)]


@pytest.mark.parametrize(
    ("deals", "counted", "independent", "others"),
    [
        ([], 0, 0, 0),
        (HONEST, 3, 3, 0),  # three partners who trade with the wider market
        (RING, 0, 0, 10),  # ten puppets dealing only with each other and the member
        (SPLIT, 0, 0, 5),  # five puppets, each with one puppet of their own
        ([(MEMBER, p) for p in range(1, 11)], 0, 0, 10),  # ten puppets dealing only with it
        ([(MEMBER, 101)] * 20 + market(101, 40), 3, 1, 0),  # at most 3 with one partner
        (HONEST + RING, 3, 3, 10),  # puppets beside real partners add nothing
    ],
)
def test_only_partners_in_the_wider_market_count(deals, counted, independent, others):
    got = record(deals)
    assert (got.counted_deals, len(got.independent), got.others) == (
        counted,
        independent,
        others,
    )


def test_a_young_account_is_not_an_independent_partner():
    got = record(HONEST, {101: YOUNG})
    assert (got.counted_deals, sorted(got.independent), got.others) == (2, [102, 103], 1)


def test_a_group_just_over_the_bound_is_the_wider_market():
    size = CLOSED_GROUP_MAX + 1  # the partner and CLOSED_GROUP_MAX others, without the member
    deals = [(MEMBER, 1), *market(1, size)]
    assert record(deals).counted_deals == 1
    assert record([(MEMBER, 1), *market(1, size - 1)]).counted_deals == 0


def test_the_frontier_reads_only_what_the_answer_needs():
    graph = graph_of([(MEMBER, 1), (MEMBER, 2)])
    assert frontier(MEMBER, {1, 2}, graph, explored={MEMBER}) == {1, 2}
    wide = graph_of([(MEMBER, 1), *market(1, 40)])
    assert frontier(MEMBER, {1}, wide, explored=set(wide)) == set()  # known to be large


def rating(rater, stars, days_ago=1, independent=True, partners=3, age=200.0):
    return RaterRating(rater, stars, NOW - timedelta(days=days_ago), independent, partners, age)


def test_one_rating_per_rater_the_latest():
    got = counted_ratings([rating(1, 5, 10), rating(1, 2, 1), rating(2, 4)])
    assert sorted(r.stars for r in got) == [2, 4]


def test_raters_that_are_not_independent_count_as_one():
    puppets = [rating(n, 5, independent=False) for n in range(1, 11)]
    got = counted_ratings(puppets)
    assert len(got) == 1 and got[0].stars == 5 and got[0].weight == 0.5
    assert shown_rating(got, NOW) is None  # not enough ratings for a score
    honest = [rating(n, 5) for n in (101, 102, 103)]
    assert shown_rating(counted_ratings(honest), NOW) is not None


def test_held_back_raters_weigh_nothing_even_as_a_group():
    fresh = [rating(n, 5, independent=False, age=3) for n in range(1, 4)]
    assert [r.weight for r in counted_ratings(fresh)] == [0.0]


@pytest.mark.parametrize(
    ("weak", "strong", "expected"),
    [(0, 3, True), (0, 2, False), (1, 3, False), (1, 4, True), (2, 6, False), (5, 20, True)],
)
def test_much_weaker_only_against_a_strong_record(weak, strong, expected):
    assert much_weaker(weak, strong) is expected


def test_rotation_never_puts_a_much_weaker_record_ahead_of_a_strong_one():
    strong = Contender(0.80, 0.80 - 0.04 * 3, 6, fit=0.9)  # alerted three times today
    newcomer = Contender(0.78, 0.78, 0, fit=0.9)
    assert first_to_last([newcomer, strong]) == [1, 0]
    assert ahead_by_record(0, [1, 0], [newcomer, strong])


def test_rotation_still_spreads_alerts_among_comparable_records():
    busy = Contender(0.80, 0.80 - 0.04 * 3, 2)  # a weak record, alerted three times
    newcomer = Contender(0.78, 0.78, 0)
    assert first_to_last([busy, newcomer]) == [1, 0]


def test_a_newcomer_that_fits_better_comes_first():
    strong = Contender(0.80, 0.80, 6, fit=0.8)
    better = Contender(0.85, 0.85, 0, fit=0.95)
    order = first_to_last([strong, better])
    assert order == [1, 0] and not ahead_by_record(0, order, [strong, better])
