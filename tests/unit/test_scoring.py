"""Table tests for the score components; every component and the total stay in 0..1."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.domain.matching import scoring
from bot.domain.matching.scoring import DAY, Weights

NAN = math.nan


@pytest.mark.parametrize(
    ("need_qty", "moq", "expected"),
    [
        (3000, 1000, 1.0),  # need covers the MOQ
        (1000, 1000, 1.0),
        (250, 1000, 0.25),  # 0.5 * sqrt(0.25)
        (10, 1000, 0.05),  # far below: strongly dismissed
        (0, 1000, 0.0),
        (NAN, 1000, 0.5),  # unknown: neutral
        (3000, NAN, 0.5),
        (3000, 0, 0.5),  # a zero MOQ says nothing
    ],
)
def test_quantity_fit(need_qty, moq, expected):
    assert float(scoring.quantity_fit(need_qty, moq)) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("budget", "price", "expected"),
    [
        (15, 12, 1.0),  # within budget
        (12, 12, 1.0),
        (10, 20, 0.125),  # twice the budget: 0.5 * 0.5^2
        (NAN, 12, 0.5),
        (15, NAN, 0.5),
        (15, 0, 0.5),  # a zero price is not a price
    ],
)
def test_price_fit(budget, price, expected):
    assert float(scoring.price_fit(budget, price)) == pytest.approx(expected)


def test_price_fit_decreases_as_price_rises_over_budget():
    fits = scoring.price_fit(10.0, np.array([10.0, 11.0, 13.0, 20.0, 50.0]))
    assert np.all(np.diff(fits) < 0)


@pytest.mark.parametrize(
    ("a", "ra", "b", "rb", "trade", "expected"),
    [
        (1, 7, 1, 7, False, 1.0),  # same place
        (1, 7, 2, 7, False, 0.75),  # same region: known route
        (1, 7, 2, 8, False, 0.35),  # both known, unrelated
        (1, -1, 2, -1, False, 0.35),
        (-1, -1, 2, 8, False, 0.5),  # unknown: neutral
        (1, 7, 2, 7, True, 0.85),  # same trade term: +0.1
        (1, 7, 1, 7, True, 1.0),  # capped
    ],
)
def test_place_fit(a, ra, b, rb, trade, expected):
    assert float(scoring.place_fit(a, ra, b, rb, trade)) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("age_days", "expected"),
    [(0, 1.0), (7, 0.5), (14, 0.25), (-3, 1.0)],  # future timestamps count as new
)
def test_freshness_half_life(age_days, expected):
    now = 1_000_000.0
    assert float(scoring.freshness(now - age_days * DAY, now)) == pytest.approx(expected)


@pytest.mark.parametrize(("hits", "expected"), [(0, 1.0), (1, 0.5), (2, 0.25), (5, 0.2)])
def test_penalty_factor(hits, expected):
    assert float(scoring.penalty_factor(hits)) == pytest.approx(expected)


def test_idf_rarer_terms_weigh_more_and_stay_positive():
    values = scoring.idf(np.array([1, 10, 100, 1000]), 1000)
    assert np.all(np.diff(values) < 0)
    assert np.all(values > 0)


def test_length_norm_is_one_at_average_and_larger_for_short_docs():
    assert float(scoring.length_norm(5, 5.0)) == pytest.approx(1.0)
    assert float(scoring.length_norm(2, 5.0)) > 1.0 > float(scoring.length_norm(9, 5.0))


@pytest.mark.parametrize(
    ("raw", "ideal", "expected"),
    [(3.0, 6.0, 0.5), (7.0, 6.0, 1.0), (0.0, 6.0, 0.0), (3.0, 0.0, 0.0)],
)
def test_text_score_normalised(raw, ideal, expected):
    assert float(scoring.text_score(raw, ideal)) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        ((1, 1, 1, 1, 1, 1), 1.0),
        ((1, 0.5, 0.5, 0.5, 0.5, 0.5), 0.8),  # perfect text, nothing else known
        ((0.5, 1, 1, 1, 1, 1), 0.7),
        ((0, 1, 1, 1, 1, 1), 0.0),  # no shared product word or concept: not a match
    ],
)
def test_combine_weights(parts, expected):
    assert float(scoring.combine(*parts)) == pytest.approx(expected)


def test_default_weights_sum_to_one():
    w = Weights()
    assert w.text + w.quantity + w.price + w.place + w.fresh + w.trust == pytest.approx(1.0)
    assert w.concept > w.product > w.spec


unit = st.floats(0, 1)


@given(unit, unit, unit, unit, unit, st.floats(-5, 5))
def test_combine_stays_in_range(text, qty, price, place, fresh, trust):
    value = float(scoring.combine(text, qty, price, place, fresh, trust))
    assert 0.0 <= value <= 1.0


@given(st.floats(0, 1e9) | st.just(NAN), st.floats(0, 1e9) | st.just(NAN))
def test_fits_stay_in_range(a, b):
    for value in (scoring.quantity_fit(a, b), scoring.price_fit(a, b)):
        assert 0.0 <= float(value) <= 1.0


def test_region_of():
    assert scoring.region_of("义乌") == scoring.region_of("上海") is not None
    assert scoring.region_of("深圳") != scoring.region_of("义乌")
    assert scoring.region_of(None) is None
    assert scoring.region_of("nowhere") is None


@pytest.mark.parametrize(
    ("need_qty", "moq", "expected"),
    [
        (3000, 1000, 1.0),
        (500, 1000, 1.0),  # half the MOQ: negotiable, no gate
        (250, 1000, 0.75),
        (50, 20_000, 0.5025),  # 50 kg against 20 t
        (NAN, 1000, 1.0),
        (3000, NAN, 1.0),
    ],
)
def test_quantity_gate(need_qty, moq, expected):
    assert float(scoring.quantity_gate(need_qty, moq)) == pytest.approx(expected)


def test_combine_leaves_out_what_the_asking_post_does_not_state():
    with_all = float(scoring.combine(0.8, 0.5, 0.5, 0.5, 1.0, 0.5))
    without = float(scoring.combine(0.8, None, None, None, 1.0, 0.5))
    assert with_all == pytest.approx(0.6 * 0.8 + 0.12 * 0.5 + 0.12 * 0.5 + 0.03 + 0.05 + 0.025)
    assert without == pytest.approx((0.6 * 0.8 + 0.05 + 0.025) / 0.7)
    assert float(scoring.combine(0.0, None, None, None, 1.0, 0.5)) == 0.0
