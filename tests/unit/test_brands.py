"""Brands across scripts (bot/domain/vocabulary/brands.py) and what they do to matching."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.terms import extract_terms, query_terms
from bot.domain.models import Lang, PostKind
from bot.domain.parsing import parse_post
from bot.domain.text import normalise
from bot.domain.vocabulary.brands import BRANDS_PATH, default_brands
from bot.texts.reasons import render_reasons

NOW = datetime(2026, 12, 3, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "brand"),
    [
        ("LANCOME兰蔻小黑瓶眼霜", "lancome"),
        ("蘭蔻 粉水 400ml", "lancome"),
        ("SK-II 神仙水", "sk_ii"),
        ("skii 神仙水", "sk_ii"),
        ("SK2 前男友面膜", "sk_ii"),
        ("sk ii facial treatment essence", "sk_ii"),
        ("Samsung 46' lcd tv", "samsung"),
        ("三星 电视", "samsung"),
        ("紐巴倫 574 復古鞋", "new_balance"),
        ("New Balance 574 retro shoes", "new_balance"),
        ("求购小米14 10台", "xiaomi"),  # an everyday word right before a model number
        ("苹果 15 Pro 全新", "apple"),
        ("蘋果手機 二手", "apple"),
    ],
)
def test_one_brand_in_every_script(text, brand):
    assert default_brands().find(normalise(text)) == (brand,)
    assert f"b:{brand}" in query_terms(text).product


@pytest.mark.parametrize(
    "text",
    [
        "sharp kitchen knife",
        "thermos bottles 500ml",
        "power strip 3m cord",
        "求购苹果 10吨",
        "新鲜小米 5斤",  # a number, but a quantity
        "苹果 3元一斤",
    ],
)
def test_everyday_words_are_not_brands(text):
    assert default_brands().find(normalise(text)) == ()


def test_the_data_file_is_well_formed():
    rows = [
        line.split("\t")
        for line in BRANDS_PATH.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ][1:]
    assert all(len(row) == 6 for row in rows)
    ids = [row[0] for row in rows]
    assert len(ids) == len(set(ids)) == len(default_brands())
    owners: dict[str, set[str]] = {}
    for row in rows:
        for form in row[4].split("|"):
            owners.setdefault(normalise(form), set()).add(row[0])
    assert all(len(brands) == 1 for brands in owners.values()), "a form names one brand"


def _index(engine, post_id, text):
    parsed = parse_post(text)
    engine.add(
        post_id,
        post_id + 100,
        PostKind.OFFER,
        extract_terms(parsed, text),
        fields_from_parsed(parsed, NOW - timedelta(hours=1), NOW + timedelta(days=30)),
    )


def test_same_brand_across_scripts_ranks_first_and_is_the_reason():
    engine = MatchingEngine()
    _index(engine, 1, "出售 三星 液晶电视 46寸")
    _index(engine, 2, "出售 索尼 液晶电视 46寸")
    need = "Looking for Samsung LCD TV 46 inch, 50 pcs"
    parsed = parse_post(need)
    found = engine.match(
        PostKind.NEED,
        extract_terms(parsed, need),
        fields_from_parsed(parsed, NOW, NOW + timedelta(days=30)),
        user_id=1,
        now_ts=NOW.timestamp(),
        min_score=0.0,
    )
    assert [r.post_id for r in found][:1] == [1]
    assert found[1].score < found[0].score * 0.75  # Sony is another brand
    reasons = [{"kind": r.kind, "values": dict(r.values)} for r in found[0].reasons]
    assert "same brand: Samsung" in render_reasons(reasons, Lang.EN)
    assert "同品牌：三星" in render_reasons(reasons, Lang.ZH_HANS)
