"""`meaning_alerts.alerts`: the dense retriever's finds re-ranked with what the
words find, by the same filters, fits, conflicts and alert rules."""

import numpy as np
import pytest

from bot.domain.matching import meaning_alerts
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.models import PostKind

NOW = 1_800_000_000.0
OFFER, NEED = PostKind.OFFER, PostKind.NEED
CUPS = PostTerms(
    product=("真空保温杯", "保温杯"),
    specs=("500ml", "s:stainless_steel"),
    concepts=("c:vacuum_flask",),
)
LUNCH_BOX = PostTerms(product=("饭盒",), specs=("s:stainless_steel",), concepts=("c:lunch_box",))
BOTTLES_EN = PostTerms(
    product=("insulated", "water", "bottle"),
    specs=("500ml", "s:stainless_steel"),
    concepts=("c:water_bottle",),
)
SPORTS_BOTTLE = PostTerms(product=("运动水壶",), concepts=("c:water_bottle",))


def _fields(**kw: object) -> MatchFields:
    kw.setdefault("created_ts", NOW - 3600)
    kw.setdefault("expires_ts", NOW + 86400 * 30)
    return MatchFields(**kw)  # type: ignore[arg-type]


OFFERED = _fields(price_low=12.0, price_unit="pcs", moq=1000.0, moq_unit="pcs", place="义乌")
WANTED = _fields(price_high=14.4, price_unit="pcs", quantity=3000.0, quantity_unit="pcs")


@pytest.fixture
def engine() -> MatchingEngine:
    engine = MatchingEngine()
    engine.add(1, 101, OFFER, CUPS, OFFERED)
    engine.add(2, 102, OFFER, LUNCH_BOX, _fields(price_low=15.0, price_unit="pcs"))
    return engine


def _alerts(engine: MatchingEngine, support: dict[int, float], fields: MatchFields = WANTED):
    return meaning_alerts.alerts(engine, NEED, BOTTLES_EN, fields, support, user_id=9, now_ts=NOW)


def test_a_post_found_by_meaning_alone_is_alerted_with_its_reason(engine: MatchingEngine) -> None:
    assert engine.alerts(NEED, BOTTLES_EN, WANTED, user_id=9, now_ts=NOW) == []  # no word
    (found,) = _alerts(engine, {1: 0.8})
    assert found.post_id == 1 and found.reasons[0].kind == "meaning"
    assert {r.kind for r in found.reasons} >= {"moq", "price"}
    assert found.score >= engine.alert_threshold


def test_shared_specs_alone_add_nothing_to_meaning(engine: MatchingEngine) -> None:
    """500ml and stainless steel are shared, but specs are no match: with no support the
    cups are not alerted, and the score rests on the support, not on the specs."""
    assert _alerts(engine, {1: 0.0}) == []
    low, high = _alerts(engine, {1: 0.5}), _alerts(engine, {1: 0.9})
    assert high and (not low or low[0].score < high[0].score)


def test_the_concept_layer_still_decides(engine: MatchingEngine) -> None:
    far_under = _fields(price_high=2.0, price_unit="pcs", quantity=3000.0, quantity_unit="pcs")
    assert _alerts(engine, {1: 1.0}, far_under) == []  # 12 a cup against a budget of 2
    few = _fields(quantity=10.0, quantity_unit="pcs")
    assert all(r.post_id != 1 for r in _alerts(engine, {1: 0.8}, few))  # 10 of an MOQ of 1000
    assert _alerts(engine, {99: 1.0}) == []  # not an open offer
    assert (
        meaning_alerts.alerts(engine, OFFER, CUPS, OFFERED, {1: 1.0}, user_id=101, now_ts=NOW)
        == []
    )  # an offer among needs finds no offer


def test_a_product_the_glossary_names_otherwise_yields_to_one_it_agrees_with(
    engine: MatchingEngine,
) -> None:
    """Meaning ties the bottles to the cups (c:vacuum_flask against the need's
    c:water_bottle); alone they are alerted, but beside a sports bottle the words hold they
    are not: a buyer asking for one item hears of that item's sellers first."""
    assert [r.post_id for r in _alerts(engine, {1: 0.9})] == [1]
    engine.add(3, 103, OFFER, SPORTS_BOTTLE, OFFERED)
    found = _alerts(engine, {1: 0.9})
    assert [r.post_id for r in found] == [3]
    assert found[0].reasons[0].kind != "meaning"  # the words found it


def test_of_two_found_by_meaning_the_closer_leads(engine: MatchingEngine) -> None:
    found = _alerts(engine, {1: 1.0, 2: 0.8})
    assert [r.post_id for r in found][:1] == [1]


def test_the_docs_found_by_meaning_join_the_walked_ones_in_order() -> None:
    rng = np.random.default_rng(3)
    for _ in range(50):
        walked = np.unique(rng.integers(0, 200, size=int(rng.integers(0, 60)))).astype(np.int32)
        found = np.unique(rng.integers(0, 220, size=int(rng.integers(1, 8)))).astype(np.int32)
        merged = meaning_alerts._sorted_with(walked, found)
        assert merged.tolist() == np.union1d(walked, found).tolist()
