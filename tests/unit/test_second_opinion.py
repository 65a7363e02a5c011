"""`meaning_alerts.second_opinion`: within a script, a need hears too of the offer the
dense retriever prefers on its words' first page, where the words' margin left it out."""

import pytest

from bot.domain.matching import meaning_alerts
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.models import PostKind

NOW = 1_800_000_000.0
OFFER, NEED = PostKind.OFFER, PostKind.NEED
OPEN = MatchFields(created_ts=NOW - 3600, expires_ts=NOW + 86400 * 30)
NEED_TERMS = PostTerms(product=("norton", "antivirus", "2007", "upgrade", "win"))


@pytest.fixture
def engine() -> MatchingEngine:
    engine = MatchingEngine()
    engine.add(1, 101, OFFER, PostTerms(product=("norton", "antivirus", "2007", "upgrade")), OPEN)
    engine.add(2, 102, OFFER, PostTerms(product=("norton", "antivirus", "2007")), OPEN)
    engine.add(3, 103, OFFER, PostTerms(product=("norton", "antivirus", "basic")), OPEN)
    engine.add(4, 104, OFFER, PostTerms(product=("garden", "hose")), OPEN)
    return engine


def _alerted(engine: MatchingEngine, closeness: dict[int, float | None], kind=NEED):  # type: ignore[no-untyped-def]
    return meaning_alerts.alerts(
        engine,
        kind,
        NEED_TERMS,
        OPEN,
        {},
        user_id=9,
        now_ts=NOW,
        limit=30,
        closeness=lambda post_id: closeness.get(post_id),
    )


def test_the_words_alone_choose_one_offer(engine: MatchingEngine) -> None:
    """The set-up: offer 2 scores above the alert line and near the best, but fits the
    need's words less well than the margin allows; offer 3 is under the line."""
    alerted = engine.alerts(NEED, NEED_TERMS, OPEN, user_id=9, now_ts=NOW)
    assert [r.post_id for r in alerted] == [1]
    scores = {
        int(engine._sides[OFFER].cols["post_id"][r.doc]): r.score
        for r in engine._ranked(NEED, NEED_TERMS, OPEN, 9, NOW, 3, (), 0.0)
    }
    assert scores[2] >= engine.thresholds.alert and scores[2] >= 0.9 * scores[1]
    assert scores[3] < engine.thresholds.alert


def test_meaning_preferring_a_close_second_brings_it_with_its_reason(
    engine: MatchingEngine,
) -> None:
    alerted = _alerted(engine, {1: 0.70, 2: 0.80, 3: 0.60})
    assert [r.post_id for r in alerted] == [1, 2]
    assert alerted[1].reasons[0].kind == "meaning"
    assert all(r.kind != "meaning" for r in alerted[0].reasons)


def test_agreement_changes_nothing(engine: MatchingEngine) -> None:
    assert [r.post_id for r in _alerted(engine, {1: 0.9, 2: 0.8, 3: 0.7})] == [1]


def test_meaning_cannot_lift_an_offer_under_the_alert_line(engine: MatchingEngine) -> None:
    assert [r.post_id for r in _alerted(engine, {1: 0.5, 2: 0.6, 3: 0.95})] == [1]


def test_an_offer_in_another_script_gets_no_vote(engine: MatchingEngine) -> None:
    """closeness is None for offers outside the need's script: across scripts meaning
    speaks through `backing`, not here."""
    assert [r.post_id for r in _alerted(engine, {1: 0.5, 2: None, 3: 0.4})] == [1]


def test_a_far_offer_off_the_first_page_gets_no_vote(engine: MatchingEngine) -> None:
    assert [r.post_id for r in _alerted(engine, {1: 0.5, 2: 0.4, 3: 0.3, 4: 0.99})] == [1]


def test_a_new_offer_gets_no_second_opinion(engine: MatchingEngine) -> None:
    engine.add(10, 110, NEED, NEED_TERMS, OPEN)
    assert _alerted(engine, {10: 0.99}, kind=OFFER) == []
