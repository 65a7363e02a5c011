"""A need's meaning pass ranks the page its words' pass kept (`words_pages`) and chooses
as it would walking every candidate of its words again."""

import random

from bot.domain.matching import meaning_alerts
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.matching.words_pages import WordsPages
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
    alerted = 0
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
            assert len(engine.words_pages) == 1
            paged = _meaning_pass(engine, need_id, terms, fields, support)
            assert paged == walked
            assert len(engine.words_pages) == 0  # used once
            alerted += len(walked)
    assert alerted > 100  # the choices compared are real ones


def test_a_page_is_used_once_and_only_for_the_same_terms() -> None:
    pages = WordsPages(capacity=2)
    cups, bottles = PostTerms(product=("保温杯",)), PostTerms(product=("bottle",))
    pages.keep(1, cups, (5, 6))
    assert pages.take(1, bottles) is None  # edited since: its terms are matched anew
    pages.keep(1, cups, (5, 6))
    assert pages.take(1, cups) == (5, 6) and pages.take(1, cups) is None
    for need_id in (1, 2, 3):
        pages.keep(need_id, cups, (need_id,))
    assert len(pages) == 2 and pages.take(1, cups) is None and pages.take(3, cups) == (3,)


def test_only_a_need_keeps_a_page() -> None:
    engine, rng = _market(5)
    engine.alerts(OFFER, _terms(rng), _fields(rng, OFFER), user_id=7, now_ts=NOW, post_id=9999)
    assert len(engine.words_pages) == 0
