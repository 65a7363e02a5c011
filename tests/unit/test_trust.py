"""Trust scores and checks (bot/domain/trust/), table by table."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.models import Lang
from bot.domain.trust.checks import credit_code_valid, rating_rings, too_good_to_be_true
from bot.domain.trust.scores import (
    IdentityLevel,
    WeightedRating,
    rater_weight,
    recency,
    shown_rating,
)

NOW = datetime(2026, 12, 3, tzinfo=UTC)


def ago(days: float) -> datetime:
    return NOW - timedelta(days=days)


@pytest.mark.parametrize(
    ("days", "expected"), [(0, 1.0), (180, 0.5), (360, 0.25), (-5, 1.0), (90, 2**-0.5)]
)
def test_recency_halves_every_180_days(days, expected):
    assert recency(ago(days), NOW) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("stars", "expected"),
    [
        ([], None),
        ([5, 5], None),  # not enough ratings yet
        ([5, 5, 5], (3 * 5 + 5 * 3.5) / 8),  # pulled towards the stated prior, 3.5
        ([1, 1, 1], (3 * 1 + 5 * 3.5) / 8),
        ([4] * 100, (400 + 5 * 3.5) / 105),
        ([5] * 95 + [1] * 5, (95 * 5 + 5 + 5 * 3.5) / 105),
    ],
)
def test_shown_rating_is_a_bayesian_average_with_a_stated_prior(stars, expected):
    ratings = [WeightedRating(s, NOW) for s in stars]
    got = shown_rating(ratings, NOW)
    assert got == (pytest.approx(expected) if isinstance(expected, float) else expected)


def test_old_ratings_count_less():
    recent_good = [WeightedRating(5, ago(1))] * 3 + [WeightedRating(1, ago(720))] * 3
    recent_bad = [WeightedRating(1, ago(1))] * 3 + [WeightedRating(5, ago(720))] * 3
    good, bad = (shown_rating(r, NOW, prior=3.0) for r in (recent_good, recent_bad))
    assert good is not None and bad is not None and good > 3.0 > bad


def test_held_back_ratings_do_not_count_towards_the_minimum():
    ratings = [WeightedRating(5, NOW), WeightedRating(5, NOW), WeightedRating(1, NOW, weight=0.0)]
    assert shown_rating(ratings, NOW, prior=4.0) is None


def test_rater_weight_scales_the_stars():
    heavy = [WeightedRating(5, NOW, weight=2.0)] * 3
    light = [WeightedRating(5, NOW, weight=0.5)] * 3
    assert shown_rating(heavy, NOW, prior=3.0) > shown_rating(light, NOW, prior=3.0)


@pytest.mark.parametrize(
    ("partners", "age", "expected"),
    [
        (0, 6.9, 0.0),  # younger than 7 days: held back
        (0, 7, 1.0 * (0.5 + 0.5 * 7 / 365)),
        (2, 30, 1.5 * (0.5 + 0.5 * 30 / 365)),
        (4, 365, 2.0),
        (40, 4000, 2.0),  # partners count at most double, age at most once
    ],
)
def test_rater_weight_grows_with_partners_and_age(partners, age, expected):
    assert rater_weight(partners, age) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("ratings", "rings"),
    [
        ([(1, 2, 5), (2, 1, 5)], [frozenset({1, 2})]),  # a pair praising only each other
        ([(1, 2, 5), (2, 3, 5), (3, 1, 5)], [frozenset({1, 2, 3})]),  # a triangle
        ([(1, 2, 5), (2, 1, 5), (3, 1, 4)], []),  # someone else rated 1: not closed
        ([(1, 2, 5), (2, 1, 4)], []),  # not all five stars
        ([(1, 2, 5)], []),  # one-way praise: 1 was never rated
        ([(1, 2, 5), (2, 1, 5), (5, 6, 5), (6, 5, 5), (6, 7, 3)], [frozenset({1, 2})]),
        ([(a, b, 5) for a in range(6) for b in range(6) if a != b], []),  # larger than 4
    ],
)
def test_rating_rings(ratings, rings):
    assert rating_rings(ratings) == rings


@pytest.mark.parametrize(
    "code",
    [
        "91350100M000100Y43",  # the example in the standard's guidance
        "91110000802100433B",
        "9144030071526726XG",
        "91440300708461136T",
        "91330100716105852F",
        "91110108551385082Q",
        "914403001922038216",
        "91110108 5513 85082q",  # spaces and lower case are forgiven
    ],
)
def test_real_credit_codes_are_valid(code):
    assert credit_code_valid(code)


@pytest.mark.parametrize(
    "code",
    [
        "91350100M000100Y44",  # wrong check character
        "91110108551385082R",
        "9144030071526726X",  # 17 characters
        "91350100M000100Y430",  # 19
        "91350100I000100Y43",  # I is not in the code's alphabet
        "",
    ],
)
def test_broken_credit_codes_are_not(code):
    assert not credit_code_valid(code)


@pytest.mark.parametrize(
    ("price", "peers", "flagged"),
    [
        (6.0, [10, 11, 12], True),  # the median is 11: 6 is at most 60% of it (6.6)
        (7.0, [10, 11, 12], False),
        (6.0, [10, 12], False),  # fewer than 3 comparable offers
        (0.0, [10, 11, 12], False),
        (5.0, [10, 10, 10, 0], True),
    ],
)
def test_too_good_to_be_true(price, peers, flagged):
    assert too_good_to_be_true(price, peers) is flagged


def test_summary_counts_only_confirmed_deals_and_their_partners():
    from bot.domain.models import TrustEvent, User
    from bot.domain.trust.summary import summarise

    user = User(1, Lang.EN, phone="+44 7700 900123", created_at=ago(400))
    events = [
        TrustEvent(1, "deal.confirmed", ago(30), counterpart_id=2),
        TrustEvent(1, "deal.confirmed", ago(20), counterpart_id=2),
        TrustEvent(1, "deal.confirmed", ago(10), counterpart_id=3),
        TrustEvent(1, "deal.claimed", ago(5), counterpart_id=4),  # not confirmed: no deal
        TrustEvent(1, "deal.denied", ago(5), counterpart_id=5),
    ]
    summary = summarise(user, events)
    assert (summary.confirmed_deals, summary.partners, summary.repeat_partners) == (3, 2, 1)
    assert summary.level is IdentityLevel.PHONE
    assert summarise(User(2, Lang.EN), []).level is IdentityLevel.UNKNOWN


def test_stars_that_carry_no_weight_move_no_ranking():
    """Ratings from accounts under 7 days old count for no score: nor may they add good or
    bad outcomes to the ranking (sock puppets lifting a friend or sinking a rival)."""
    from bot.domain.models import User
    from bot.domain.trust.summary import summarise

    user = User(1, Lang.EN, created_at=ago(400))
    puppets = [WeightedRating(5, ago(1), weight=0.0), WeightedRating(1, ago(1), weight=0.0)]
    assert (summarise(user, [], puppets, NOW).good, summarise(user, [], puppets, NOW).bad) == (
        0,
        0,
    )
    real = [WeightedRating(5, ago(1)), WeightedRating(1, ago(1))]
    assert (summarise(user, [], real, NOW).good, summarise(user, [], real, NOW).bad) == (1, 1)


def test_follow_through_and_fake_inquiries_give_buyers_a_record():
    from bot.domain.models import TrustEvent, User
    from bot.domain.trust.summary import summarise

    user = User(1, Lang.EN, created_at=ago(400), last_active_at=ago(2))
    events = [
        TrustEvent(1, "deal.asked", ago(10), detail={"deal": 1}),
        TrustEvent(1, "deal.talking", ago(9), detail={"deal": 1}),  # answered: followed up
        TrustEvent(1, "deal.asked", ago(10), detail={"deal": 2}),  # a week of silence
        TrustEvent(1, "deal.asked", ago(2), detail={"deal": 3}),  # still has time: not counted
        TrustEvent(1, "deal.asked", ago(1), detail={"deal": 4}),
        TrustEvent(1, "deal.none", ago(1), detail={"deal": 4}),  # answered at once: counted
        TrustEvent(1, "complaint.received", ago(3), detail={"deal": 2, "reason": "fake_inquiry"}),
        TrustEvent(1, "complaint.received", ago(3), detail={"deal": 5, "reason": "not_delivered"}),
    ]
    summary = summarise(user, events, now=NOW)
    assert (summary.asked, summary.followed_up) == (3, 2)
    assert (summary.complaints, summary.fake_inquiries) == (2, 1)
    assert summary.last_active == ago(2)
    assert summary.confirmed_deals == 0  # none of that is a deal


@pytest.mark.parametrize("lang", list(Lang))
def test_trust_lines_fit_and_say_the_facts(lang):
    from bot.domain.trust.summary import TrustSummary
    from bot.texts.alerts import trust_line

    new = str(trust_line(TrustSummary(IdentityLevel.UNKNOWN, 0, 0, 0, NOW), lang))
    verified = str(trust_line(TrustSummary(IdentityLevel.PHONE, 0, 0, 0, NOW), lang))
    longest = str(trust_line(TrustSummary(IdentityLevel.VOUCHED, 99999, 99999, 99999, NOW), lang))
    assert new != verified and "🛡" in new and "🛡" in verified
    assert "99999" in longest and "2026-12" in longest and len(longest) < 200
    assert str(trust_line(None, lang)) == new


def test_revealed_is_double_blind():
    from bot.domain.models import Rating as StoredRating
    from bot.domain.trust.scores import REVEAL_AFTER, revealed

    received = [
        StoredRating(1, 10, 2, 1, 5, ago(1)),  # deal 10: the ratee rated too
        StoredRating(2, 11, 3, 1, 4, ago(1)),  # deal 11: not yet, and recent
        StoredRating(3, 12, 4, 1, 2, NOW - REVEAL_AFTER),  # deal 12: the wait is over
    ]
    assert [r.id for r in revealed(received, {10}, NOW)] == [1, 3]


@pytest.mark.parametrize("lang", list(Lang))
def test_trust_cards_fit_telegram_and_name_nobody(lang):
    from bot.domain.trust.summary import TrustSummary
    from bot.texts.alerts import trust_card

    longest = TrustSummary(IdentityLevel.VOUCHED, 99999, 99999, 99999, NOW, 99999, 4.96)
    for summary in (longest, TrustSummary(IdentityLevel.UNKNOWN, 0, 0, 0, None)):
        for own in (True, False):
            card = str(trust_card(summary, lang, own=own))
            assert len(card) < 1500 and "🛡" in card
    assert "5.0" in str(trust_card(longest, lang, own=False))


@pytest.mark.parametrize(
    ("deals", "good", "bad", "expected"),
    [
        (0, 0, 0, 0.5),  # a newcomer ranks neutral
        (0, 0, 2, 0.5),  # two bad outcomes do not bury a newcomer (cold start)
        (3, 3, 0, 0.75),  # 3 confirmed deals with independent partners: half way up
        (8, 8, 0, 0.5 + 0.5 * 8 / 11),
        (0, 6, 0, 0.5),  # good ratings without counted deals do not lift
        (50, 50, 0, 0.5 + 0.5 * 50 / 53),
        (8, 8, 8, 0.5 + 0.5 * 8 / 11 - 0.25),  # half the outcomes bad: a quarter down
        (2, 2, 8, 0.5 + 0.5 * 2 / 5 - 0.4),  # a long bad record sinks below neutral
    ],
)
def test_ranking_trust_rises_with_counted_deals_and_falls_with_bad_outcomes(
    deals, good, bad, expected
):
    from bot.domain.trust.scores import ranking_trust

    assert ranking_trust(deals, good, bad) == pytest.approx(expected, abs=1e-4)


def test_answer_speed_median_and_share_within_a_day():
    from bot.domain.trust.summary import answer_speed

    h = timedelta(hours=1)
    times = [
        (NOW - 10 * h, NOW - 9 * h),  # 1 h
        (NOW - 50 * h, NOW - 47 * h),  # 3 h
        (NOW - 80 * h, NOW - 40 * h),  # 40 h: answered, but not within a day
        (NOW - 30 * h, None),  # a day old and unanswered: counts as not answered
        (NOW - 2 * h, None),  # still fresh: left out
    ]
    median, share = answer_speed(times, NOW)
    assert median == 3 and share == pytest.approx(2 / 4)
    assert answer_speed([], NOW) == (None, None)
    assert answer_speed([(NOW - 2 * h, None)], NOW) == (None, None)
