"""A need's meaning pass ranks the page its words' pass kept (`words_pages`), or takes its
ranking as it was, and chooses as it would walking every candidate of its words again."""

import random

from bot.domain.matching import meaning_alerts
from bot.domain.matching.alert_rules import Ranked
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.matching.words_pages import RANKING_HOLDS, Page, WordsPages
from bot.domain.models import PostKind

NOW = 1_800_000_000.0
OFFER, NEED = PostKind.OFFER, PostKind.NEED
GOODS = [
    (("保温杯", "真空保温杯"), "c:vacuum_flask"),
    (("饭盒",), "c:lunch_box"),
    (("water", "bottle"), "c:water_bottle"),
    (("cutting", "board"), "c:cutting_board"),
    (("phone", "case"), "c:phone_case"),
]
SPECS = ("500ml", "1l", "s:stainless_steel", "s:bamboo", "20oz", "iphone", "14")


def _fields(rng: random.Random, kind: PostKind) -> MatchFields:
    price = round(rng.uniform(2, 30), 1)
    common = {"created_ts": NOW - rng.randint(60, 86400 * 20), "expires_ts": NOW + 86400 * 20}
    if kind is OFFER:
        return MatchFields(price_low=price, price_unit="pcs", moq=500.0, moq_unit="pcs", **common)
    return MatchFields(
        price_high=price, price_unit="pcs", quantity=3000.0, quantity_unit="pcs", **common
    )


def _terms(rng: random.Random) -> PostTerms:
    product, concept = rng.choice(GOODS)
    return PostTerms(product=product, specs=tuple(rng.sample(SPECS, 2)), concepts=(concept,))


def _market(seed: int) -> tuple[MatchingEngine, random.Random]:
    rng, engine = random.Random(seed), MatchingEngine()
    for post_id in range(1, 400):
        engine.add(post_id, 1000 + post_id % 150, OFFER, _terms(rng), _fields(rng, OFFER))
    return engine, rng


def _meaning_pass(engine: MatchingEngine, need_id: int, terms: PostTerms, fields, support):
    return meaning_alerts.alerts(
        engine,
        NEED,
        terms,
        fields,
        support,
        user_id=7,
        now_ts=NOW,
        limit=30,
        closeness=lambda post_id: ((post_id * 7919) % 100) / 100,
        post_id=need_id,
    )


def test_the_kept_page_chooses_as_walking_every_candidate_does() -> None:
    """With offers found by meaning the page is ranked with them; with none, the page's
    own ranking stands (`Page.still_ranked`): both choose as a walk of every candidate."""
    alerted = ranked_as_kept = 0
    for seed in range(3):
        engine, rng = _market(seed)
        for need_id in range(10_000, 10_040):
            terms, fields = _terms(rng), _fields(rng, NEED)
            engine.add(need_id, 7, NEED, terms, fields)
            support = {
                rng.randint(1, 399): rng.uniform(0.8, 1.0) for _ in range(rng.randint(0, 3))
            }
            walked = _meaning_pass(engine, need_id, terms, fields, support)
            engine.alerts(NEED, terms, fields, user_id=7, now_ts=NOW, limit=30, post_id=need_id)
            ranked_as_kept += not support
            assert len(engine.words_pages) == 1
            paged = _meaning_pass(engine, need_id, terms, fields, support)
            assert paged == walked
            assert len(engine.words_pages) == 0  # used once
            alerted += len(walked)
    assert alerted > 100 and ranked_as_kept > 10  # the choices compared are real ones


def _page(terms: PostTerms, *post_ids: int) -> Page:
    found = [Ranked(doc, 0.9, 0.8) for doc in range(len(post_ids))]
    return Page.of(terms, post_ids, found, found[:1], NOW)


def test_a_page_is_used_once_and_only_for_the_same_terms() -> None:
    pages = WordsPages(capacity=2)
    cups, bottles = PostTerms(product=("保温杯",)), PostTerms(product=("bottle",))
    pages.keep(1, _page(cups, 5, 6))
    assert pages.take(1, bottles) is None  # edited since: its terms are matched anew
    pages.keep(1, _page(cups, 5, 6))
    taken = pages.take(1, cups)
    assert taken is not None and taken.post_ids == (5, 6) and pages.take(1, cups) is None
    for need_id in (1, 2, 3):
        pages.keep(need_id, _page(cups, need_id))
    assert len(pages) == 2 and pages.take(1, cups) is None
    assert (kept := pages.take(3, cups)) is not None and kept.post_ids == (3,)


def _a_need_with_a_vote(engine: MatchingEngine, rng: random.Random):  # type: ignore[no-untyped-def]
    """A need whose meaning pass, with nothing found by meaning, alerts an offer (the
    second opinion's vote), and that offer's post id."""
    for need_id in range(20_000, 21_000):
        terms, fields = _terms(rng), _fields(rng, NEED)
        engine.add(need_id, 7, NEED, terms, fields)
        walked = _meaning_pass(engine, need_id, terms, fields, {})
        if walked:
            return need_id, terms, fields, walked
    raise AssertionError("no need in the market hears of anything")


def test_an_offer_closed_between_the_passes_is_not_alerted_from_the_kept_page() -> None:
    engine, rng = _market(11)
    need_id, terms, fields, walked = _a_need_with_a_vote(engine, rng)
    engine.alerts(NEED, terms, fields, user_id=7, now_ts=NOW, limit=30, post_id=need_id)
    for result in walked:
        engine.remove(result.post_id)  # withdrawn a moment after the words' pass
    paged = _meaning_pass(engine, need_id, terms, fields, {})
    assert not {r.post_id for r in walked} & {r.post_id for r in paged}
    assert paged == _meaning_pass(engine, need_id, terms, fields, {})  # as walking again


def test_a_page_ranked_over_a_minute_before_is_ranked_again() -> None:
    engine, rng = _market(12)
    need_id, terms, fields, walked = _a_need_with_a_vote(engine, rng)
    engine.alerts(NEED, terms, fields, user_id=7, now_ts=NOW, limit=30, post_id=need_id)
    page = engine.words_pages.take(need_id, terms)
    assert page is not None and page.still_ranked(engine._sides[OFFER], NOW + RANKING_HOLDS)
    assert not page.still_ranked(engine._sides[OFFER], NOW + RANKING_HOLDS + 1)
    assert not page.still_ranked(engine._sides[OFFER], NOW - 1)  # a clock set back


def test_only_a_need_keeps_a_page() -> None:
    engine, rng = _market(5)
    engine.alerts(OFFER, _terms(rng), _fields(rng, OFFER), user_id=7, now_ts=NOW, post_id=9999)
    assert len(engine.words_pages) == 0


def test_a_page_ranked_deeper_than_the_pass_takes_chooses_as_the_walk_does() -> None:
    """A circle's words' pass ranks four times the offers a meaning pass takes: the kept
    ranking is cut to the pass's and chosen among again, as a walk of every candidate."""
    engine, rng = _market(13)
    compared = 0
    for need_id in range(30_000, 30_060):
        terms, fields = _terms(rng), _fields(rng, NEED)
        engine.add(need_id, 7, NEED, terms, fields)
        walked = _meaning_pass(engine, need_id, terms, fields, {})
        engine.alerts(NEED, terms, fields, user_id=7, now_ts=NOW, limit=120, post_id=need_id)
        page = engine.words_pages._pages[need_id]
        compared += len(page.rows) > 30
        assert _meaning_pass(engine, need_id, terms, fields, {}) == walked
    assert compared > 10  # pages longer than the pass's were compared
