"""Accessories and parts are not the goods they are for (accessories.py), end to end through
the parser, the term extractor and the engine."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.matching.accessories import ITEM, item_type
from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.stored import LABELS
from bot.domain.matching.terms import extract_terms, query_terms
from bot.domain.models import PostKind
from bot.domain.parsing import parse_post

NOW = datetime(2026, 12, 4, tzinfo=UTC)


@pytest.mark.parametrize(
    ("product", "expected"),
    [
        ("保温杯杯盖", "lid"),
        ("保溫杯蓋", "lid"),  # traditional script
        ("法兰盖", "lid"),
        ("iPhone14手机壳", "case"),
        ("硅胶手机壳 各", "case"),  # the head, then what follows it
        ("手機殼 矽膠 iPhone全系列", "case"),
        ("iPhone 14 phone cases", "case"),
        ("screen protectors for Samsung Galaxy", "screen_film"),
        ("incipio cl-470 ipad screen protector 2pk clear", "screen_film"),
        ("neoprene laptop sleeve in black", "sleeve"),
        ("保温杯模具", "mould"),
        ("口罩生产设备", "machine"),
        ("304不锈钢保温杯", ITEM),
        ("iPhone", ITEM),
        ("LED bulbs", ITEM),
        ("膝盖护具", ITEM),
        ("机械手表", ITEM),  # 机械 is not a machine here
        ("塑料收纳箱 60升 带盖", None),  # with a lid: a box, and not judged
        ("Plastic storage bins with lids", None),
        ("gigabit desktop switch metal case", None),  # a housing
        ("toner black case pack", None),  # a carton
        ("leather case stylus", None),  # a case word, but not at the end
    ],
)
def test_item_type_of_a_product(product: str, expected: str | None) -> None:
    assert item_type(product) == expected


def _engine(offers: dict[int, str]) -> MatchingEngine:
    engine = MatchingEngine()
    for post_id, text in offers.items():
        parsed = parse_post(text)
        fields = fields_from_parsed(parsed, NOW - timedelta(hours=1), NOW + timedelta(days=30))
        engine.add(post_id, 100 + post_id, PostKind.OFFER, extract_terms(parsed, text), fields)
    return engine


def _alerted(engine: MatchingEngine, need: str) -> list[int]:
    parsed = parse_post(need)
    fields = fields_from_parsed(parsed, NOW, NOW + timedelta(days=7))
    found = engine.alerts(
        PostKind.NEED, extract_terms(parsed, need), fields, user_id=1, now_ts=NOW.timestamp()
    )
    return [r.post_id for r in found]


OFFERS = {
    1: "出售 保温杯杯盖 起订1000个 1元/个",
    2: "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
    3: "Selling iPhone 14 phone cases, MOQ 500 pcs, $1.2 each, from Shenzhen",
    4: "Selling iPhone 14 128GB, 20 pcs, $520 each",
    5: "Selling screen protectors for Samsung Galaxy S23, 1000 pcs",
    6: "Selling Samsung Galaxy S23 256GB, 10 pcs",
}


@pytest.mark.parametrize(
    ("need", "alerted"),
    [
        ("求购 保温杯 5000个", [2]),  # before: only the lid, which holds every word
        ("求购 保温杯杯盖 2万个", [1]),
        ("Looking for iPhone 14, 10 pcs", [4]),
        ("Looking for iPhone 14 cases, 1000 pcs", [3]),
        ("Looking for Samsung Galaxy S23, 5 pcs", [6]),
        ("WTB screen protectors for Galaxy S23, 5000 pcs", [5]),
    ],
)
def test_a_need_hears_of_its_own_kind_of_thing(need: str, alerted: list[int]) -> None:
    assert _alerted(_engine(OFFERS), need) == alerted


def test_search_ranks_the_goods_above_their_accessory() -> None:
    engine = _engine(OFFERS)
    found = engine.search(
        query_terms("保温杯"), None, NOW.timestamp(), limit=2, item_type=item_type("保温杯")
    )
    assert [r.post_id for r in found] == [2, 1]
    lids = engine.search(
        query_terms("保温杯杯盖"),
        None,
        NOW.timestamp(),
        limit=2,
        item_type=item_type("保温杯杯盖"),
    )
    assert lids[0].post_id == 1


def test_posts_stored_before_item_types_are_not_judged() -> None:
    """A stored form written before the label existed has one label fewer: it loads, and
    such a post is neither goods nor accessory (no conflict either way)."""
    text = OFFERS[1]
    parsed = parse_post(text)
    fields = fields_from_parsed(parsed, NOW - timedelta(hours=1), NOW + timedelta(days=30))
    form = MatchingEngine.stored_form(PostKind.OFFER, extract_terms(parsed, text), fields)
    old_labels = "\t".join(form.labels.split("\t")[: LABELS.index("item_type")])
    engine = MatchingEngine()
    assert engine.add_stored([(1, 101, PostKind.OFFER, form.keys, old_labels, form.numbers)])
    assert _alerted(engine, "求购 保温杯 5000个") == [1]
