"""What a need asks for beside the goods (matching/features.py), end to end through the
parser, the term extractor and the engine: a small boost and a reason, never a match."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.scoring import DEFAULT_WEIGHTS
from bot.domain.matching.stored import LABELS
from bot.domain.matching.terms import extract_terms
from bot.domain.matching.types import MatchResult, Reason
from bot.domain.models import PostKind
from bot.domain.parsing import parse_post

NOW = datetime(2026, 12, 5, tzinfo=UTC)
PLAIN = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
WITH_OEM = "出售 304不锈钢保温杯 500ml 支持OEM 起订1000个 12元/个 义乌发货"
STUFFED = "出售 蓝牙耳机 支持OEM ODM 可定制logo 免费样品 CE FDA LFGB认证 起订1000个 12元/个"


def _add(engine: MatchingEngine, post_id: int, kind: PostKind, text: str, age_h: float) -> None:
    parsed = parse_post(text)
    created = NOW - timedelta(hours=age_h)
    fields = fields_from_parsed(parsed, created, created + timedelta(days=30))
    engine.add(post_id, 100 + post_id, kind, extract_terms(parsed, text), fields)


def _engine(offers: dict[int, str]) -> MatchingEngine:
    """Offers added oldest first: post 1 is the oldest, so a tie goes to the others."""
    engine = MatchingEngine()
    for post_id, text in offers.items():
        _add(engine, post_id, PostKind.OFFER, text, age_h=10 - post_id)
    return engine


def _matches(engine: MatchingEngine, kind: PostKind, text: str) -> list[MatchResult]:
    parsed = parse_post(text)
    fields = fields_from_parsed(parsed, NOW, NOW + timedelta(days=7))
    terms = extract_terms(parsed, text)
    return engine.match(kind, terms, fields, user_id=1, now_ts=NOW.timestamp(), min_score=0.0)


@pytest.mark.parametrize(
    "need",
    [
        "求购 保温杯 5000个 需要OEM",
        "收購 保溫杯 5000個 要OEM",
        "Looking for vacuum flasks, 5000 pcs, OEM",
    ],
)
def test_a_need_asking_for_oem_ranks_the_offer_with_it_first(need: str) -> None:
    found = _matches(_engine({1: WITH_OEM, 2: PLAIN}), PostKind.NEED, need)
    assert [r.post_id for r in found] == [1, 2]
    assert Reason("feature", {"features": "oem"}) in found[0].reasons
    assert not any(reason.kind == "feature" for reason in found[1].reasons)
    assert found[0].fit == pytest.approx(found[1].fit)  # the words fit alike
    assert found[0].score <= found[1].score * (1 + DEFAULT_WEIGHTS.feature)  # a small boost


def test_feature_words_are_no_product_words() -> None:
    """Both offers have the same terms: saying OEM adds nothing a need's words could share."""
    assert extract_terms(parse_post(WITH_OEM), WITH_OEM) == extract_terms(parse_post(PLAIN), PLAIN)


def test_features_nobody_asked_for_gain_nothing() -> None:
    found = _matches(_engine({1: WITH_OEM, 2: PLAIN}), PostKind.NEED, "求购 保温杯 5000个")
    assert [r.post_id for r in found] == [2, 1]  # the newer first, as with no features


def test_stuffing_features_into_an_offer_for_other_goods_finds_no_need() -> None:
    engine = _engine({1: STUFFED, 2: PLAIN})
    need = "求购 保温杯 5000个 需要OEM ODM 可定制logo 免费样品 CE FDA LFGB认证"
    assert [r.post_id for r in _matches(engine, PostKind.NEED, need)] == [2]


def test_free_samples_answer_a_need_for_samples() -> None:
    engine = _engine({1: PLAIN + " 免费样品", 2: PLAIN})
    found = _matches(engine, PostKind.NEED, "求购 保温杯 5000个 需要样品")
    assert [r.post_id for r in found] == [1, 2]
    assert Reason("feature", {"features": "samples"}) in found[0].reasons


def test_the_share_of_what_is_asked_counts() -> None:
    engine = _engine({1: WITH_OEM + " CE认证", 2: WITH_OEM})
    found = _matches(engine, PostKind.NEED, "求购 保温杯 5000个 需要OEM CE认证 FDA认证")
    assert [r.post_id for r in found] == [1, 2]
    assert Reason("feature", {"features": "cert:CE oem"}) in found[0].reasons


def test_a_new_offer_tells_the_need_it_has_what_was_asked() -> None:
    engine = MatchingEngine()
    _add(engine, 1, PostKind.NEED, "求购 保温杯 5000个 需要OEM", age_h=2)
    _add(engine, 2, PostKind.NEED, "求购 保温杯 5000个", age_h=1)
    found = _matches(engine, PostKind.OFFER, WITH_OEM)
    assert [r.post_id for r in found] == [1, 2]
    assert Reason("feature", {"features": "oem"}) in found[0].reasons


def test_features_survive_the_stored_form_and_old_forms_load_without_them() -> None:
    parsed = parse_post(WITH_OEM)
    fields = fields_from_parsed(parsed, NOW - timedelta(hours=9), NOW + timedelta(days=30))
    form = MatchingEngine.stored_form(PostKind.OFFER, extract_terms(parsed, WITH_OEM), fields)
    old_labels = "\t".join(form.labels.split("\t")[: LABELS.index("features")])
    engine = _engine({2: PLAIN})
    engine.add_stored([(1, 101, PostKind.OFFER, form.keys, form.labels, form.numbers)])
    engine.add_stored([(3, 103, PostKind.OFFER, form.keys, old_labels, form.numbers)])
    found = _matches(engine, PostKind.NEED, "求购 保温杯 5000个 需要OEM")
    assert found[0].post_id == 1
    assert Reason("feature", {"features": "oem"}) in found[0].reasons
    stored_before = next(r for r in found if r.post_id == 3)
    assert not any(reason.kind == "feature" for reason in stored_before.reasons)
