"""MatchingEngine facade: candidate rules, filters, ranking, feedback, search."""

import pytest

from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.terms import query_terms
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.models import PostKind

NOW = 1_800_000_000.0
OFFER, NEED = PostKind.OFFER, PostKind.NEED

FLASK = PostTerms(
    product=("保温杯",), specs=("304", "不锈钢", "500ml"), concepts=("c:vacuum_flask",)
)
FLASK_EN = PostTerms(product=("vacuum", "flask"), specs=("304",), concepts=("c:vacuum_flask",))
POT = PostTerms(product=("锅",), specs=("304", "不锈钢"), concepts=("c:pot",))
SPECS_ONLY = PostTerms(specs=("304", "不锈钢"))


def fields(**kw) -> MatchFields:
    kw.setdefault("created_ts", NOW - 3600)
    return MatchFields(**kw)


@pytest.fixture
def engine() -> MatchingEngine:
    m = MatchingEngine(capacity=4)
    m.add(
        1,
        100,
        OFFER,
        FLASK,
        fields(price_low=12, price_unit="pcs", moq=1000, moq_unit="pcs", place="义乌"),
    )
    m.add(2, 101, OFFER, POT, fields(price_low=30, price_unit="pcs"))
    m.add(
        3,
        102,
        NEED,
        FLASK_EN,
        fields(
            price_high=15, price_unit="pcs", quantity=3000, quantity_unit="pcs", destination="上海"
        ),
    )
    return m


def ids(results) -> list[int]:
    return [r.post_id for r in results]


def test_cross_language_concept_match_with_reasons(engine):
    need = fields(
        price_high=15, price_unit="pcs", quantity=3000, quantity_unit="pcs", destination="上海"
    )
    [hit] = engine.match(NEED, FLASK_EN, need, user_id=7, now_ts=NOW)
    assert (hit.post_id, hit.user_id) == (1, 100)
    assert 0.0 < hit.score <= 1.0
    kinds = [r.kind for r in hit.reasons]
    assert kinds[:4] == ["concept", "moq", "price", "place"]
    assert hit.reasons[0].values == {"concept": "c:vacuum_flask"}
    assert hit.reasons[2].values["offer"] == "12 CNY/pcs"
    assert hit.reasons[3].values == {"from": "义乌", "to": "上海", "relation": "route"}


def test_offer_finds_needs_on_the_other_side(engine):
    assert ids(engine.match(OFFER, FLASK, fields(), user_id=7, now_ts=NOW)) == [3]


def test_spec_only_overlap_is_not_a_match(engine):
    assert engine.match(NEED, SPECS_ONLY, fields(), user_id=7, now_ts=NOW) == []


def test_shared_spec_alone_does_not_pull_in_other_products(engine):
    assert ids(engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW)) == [1]


def test_never_matches_own_posts(engine):
    assert engine.match(NEED, FLASK, fields(), user_id=100, now_ts=NOW) == []


def test_exclude_set_and_removed_and_expired_posts_are_filtered(engine):
    assert engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW, exclude={1}) == []
    assert engine.remove(1) is True
    assert engine.remove(1) is False
    assert not engine.contains(1)
    assert engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW) == []
    engine.add(9, 100, OFFER, FLASK, fields(expires_ts=NOW - 1))
    assert engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW) == []
    assert ids(engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW - 10)) == [9]


@pytest.mark.parametrize(
    ("budget", "unit", "found"),
    [
        (15.0, "pcs", True),
        (10.0, "pcs", True),  # 12 is within the 1.5x tolerance: kept, scored lower
        (7.0, "pcs", False),  # 12 > 7 * 1.5: dropped
        (7.0, None, False),  # budget without unit: taken to mean the offer's unit
        (7.0, "kg", True),  # different units are not compared
    ],
)
def test_price_filter_only_compares_like_units(engine, budget, unit, found):
    need = fields(price_high=budget, price_unit=unit)
    assert (ids(engine.match(NEED, FLASK, need, user_id=7, now_ts=NOW)) == [1]) is found


def test_structured_fit_orders_equal_text_matches():
    m = MatchingEngine()
    m.add(1, 1, OFFER, FLASK, fields(moq=10_000, moq_unit="pcs", price_low=20, price_unit="pcs"))
    m.add(2, 2, OFFER, FLASK, fields(moq=500, moq_unit="pcs", price_low=11, price_unit="pcs"))
    m.add(3, 3, OFFER, FLASK, fields())
    need = fields(quantity=3000, quantity_unit="pcs", price_high=14, price_unit="pcs")
    results = m.match(NEED, FLASK, need, user_id=9, now_ts=NOW, min_score=0)
    assert ids(results) == [2, 3, 1]
    assert [r.score for r in results] == sorted((r.score for r in results), reverse=True)


def test_more_shared_terms_rank_higher_and_limit_applies():
    m = MatchingEngine()
    m.add(1, 1, OFFER, PostTerms(product=("保温杯",)), fields())
    m.add(2, 2, OFFER, FLASK, fields())
    m.add(3, 3, OFFER, PostTerms(product=("保温杯",), specs=("304",)), fields())
    assert ids(m.match(NEED, FLASK, fields(), user_id=9, now_ts=NOW, min_score=0)) == [2, 3, 1]
    assert ids(m.match(NEED, FLASK, fields(), user_id=9, now_ts=NOW, limit=1)) == [2]


def test_min_score_threshold(engine):
    assert engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW, min_score=0.99) == []
    assert engine.alert_threshold == engine.thresholds.alert


def test_penalise_lowers_scores_for_that_user_only(engine):
    before = engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW)[0].score
    engine.dismissals.add(7, PostTerms(concepts=("c:vacuum_flask",)))
    after = engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW, min_score=0)[0].score
    other = engine.match(NEED, FLASK, fields(), user_id=8, now_ts=NOW)[0].score
    assert after == pytest.approx(before * 0.5)
    assert other == pytest.approx(before)
    assert engine.dismissals.export() == {7: ["c:vacuum_flask"]}


def test_re_adding_a_post_replaces_it(engine):
    engine.add(1, 100, OFFER, POT, fields())
    assert len(engine) == 3
    assert engine.terms_of(1) == PostTerms(
        product=("锅",), specs=("304", "不锈钢"), concepts=("c:pot",)
    )
    assert engine.match(NEED, FLASK, fields(), user_id=7, now_ts=NOW) == []


def test_search_both_sides_paging_and_spec_fallback(engine):
    assert ids(engine.search(FLASK, None, NOW)) in ([1, 3], [3, 1])
    assert ids(engine.search(FLASK, NEED, NOW)) == [3]
    first = engine.search(SPECS_ONLY, OFFER, NOW, 0, 1)
    second = engine.search(SPECS_ONLY, OFFER, NOW, 1, 1)
    assert len(first) == len(second) == 1
    assert {first[0].post_id, second[0].post_id} == {1, 2}
    assert engine.search(SPECS_ONLY, OFFER, NOW, 2, 1) == []
    assert engine.search(PostTerms(product=("nothing",)), None, NOW) == []


def test_len_count_and_nbytes(engine):
    assert len(engine) == 3
    assert engine.count(OFFER) == 2 and engine.count(NEED) == 1
    assert 2 in engine
    assert engine.nbytes() > 0


def test_many_posts_with_compaction_keep_results_correct():
    m = MatchingEngine(capacity=8)
    for i in range(1, 60_001):
        m.add(i, i % 50, OFFER, FLASK, fields(created_ts=NOW - 60_001 + i))
    for i in range(1, 60_001):
        if i % 3:
            m.remove(i)
    side = m._sides[OFFER]
    concept = m.terms.ids["c|c:vacuum_flask"]
    assert side.postings_len(concept) < 60_000  # compaction ran
    assert side.term_df(concept) == 20_000
    results = m.match(NEED, FLASK, fields(), user_id=999, now_ts=NOW, limit=5)
    assert ids(results) == [60_000, 59_997, 59_994, 59_991, 59_988]  # alive, newest first


def test_add_many_matches_add_including_repeated_ids():
    posts = [
        (1, 100, OFFER, FLASK, fields(price_low=12, price_unit="pcs", moq=1000, place="义乌")),
        (2, 101, OFFER, POT, fields(price_low=30, price_unit="pcs")),
        (3, 102, NEED, FLASK_EN, fields(price_high=15, quantity=3000, destination="上海")),
        (2, 101, OFFER, FLASK, fields(trade_term="FOB")),  # edited within the batch
    ]
    one, many = MatchingEngine(), MatchingEngine()
    for post in posts:
        one.add(*post)
    many.add(1, 100, OFFER, POT, fields())  # replaced by the batch
    assert many.add_many(posts, batch_size=2) == 4
    assert len(many) == len(one) == 3
    for post_id in (1, 2, 3):
        assert many.terms_of(post_id) == one.terms_of(post_id)
    for kind, terms in ((NEED, FLASK), (OFFER, FLASK_EN)):
        a = one.match(kind, terms, fields(quantity=3000), user_id=7, now_ts=NOW)
        b = many.match(kind, terms, fields(quantity=3000), user_id=7, now_ts=NOW)
        assert a == b and a


def test_doc_view_round_trips_fields():
    m = MatchingEngine()
    f = fields(
        price_low=12,
        price_high=14,
        price_unit="pcs",
        negotiable=True,
        quantity=5,
        quantity_unit="kg",
        moq=100,
        moq_unit="pcs",
        place="义乌",
        trade_term="FOB",
        expires_ts=NOW + 10,
        trust=0.75,
    )
    m.add(1, 9, OFFER, FLASK, f)
    assert m._doc_view(OFFER, 0) == (FLASK, f)


def test_need_far_below_moq_is_listed_but_not_alerted():
    m = MatchingEngine()
    m.add(1, 1, OFFER, FLASK, fields(moq=20_000, moq_unit="kg", price_low=5, price_unit="kg"))
    ok = fields(quantity=30_000, quantity_unit="kg", price_high=6, price_unit="kg")
    tiny = fields(quantity=50, quantity_unit="kg", price_high=6, price_unit="kg")
    [good] = m.match(NEED, FLASK, ok, user_id=9, now_ts=NOW)
    [poor] = m.match(NEED, FLASK, tiny, user_id=9, now_ts=NOW)
    assert good.score >= m.alert_threshold > poor.score >= m.thresholds.min_score
    # the same from the offer's side
    m.add(2, 2, NEED, FLASK, tiny)
    [need] = m.match(OFFER, FLASK, fields(moq=20_000, moq_unit="kg"), user_id=9, now_ts=NOW)
    assert need.score < m.alert_threshold


OFFERS_OF_ONE_BRAND = [
    "sony np-fh100 battery",
    "sony np-fw50 battery grip kit",  # more words in common, another model
    "canon lp-e6 battery",
    "sony tv",
    "nikon en-el15 battery grip",
]


def test_a_shared_model_code_outweighs_more_shared_words() -> None:
    engine = MatchingEngine()
    fields = MatchFields(created_ts=0.0, expires_ts=10**10)
    for post_id, text in enumerate(OFFERS_OF_ONE_BRAND, start=1):
        engine.add(post_id, post_id, PostKind.OFFER, query_terms(text), fields)
    need = query_terms("looking for sony npfh100 battery grip kit")
    found = engine.match(PostKind.NEED, need, fields, user_id=9, now_ts=1.0, min_score=0.0)
    scores = {r.post_id: r.score for r in found}
    assert found[0].post_id == 1
    assert scores[1] >= engine.alert_threshold > scores[2]  # the other model is no alert
