"""CC-CEDICT glosses (bot/domain/vocabulary/dictionary.py) and what they let English find."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.scoring import DEFAULT_WEIGHTS, Weights
from bot.domain.matching.terms import extract_terms, query_terms
from bot.domain.models import PostKind
from bot.domain.parsing import parse_post
from bot.domain.vocabulary.dictionary import english_glosses, parse_line

NOW = datetime(2026, 12, 3, tzinfo=UTC)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "原子筆 原子笔 [yuan2 zi3 bi3] /ballpoint pen/also written 圓珠筆|圆珠笔/",
            ("原子笔", ["ballpoint", "pen"]),
        ),
        ("手提包 手提包 [shou3 ti2 bao1] /(hand)bag/", ("手提包", ["handbag"])),
        ("滑鼠 滑鼠 [hua2 shu3] /(computer) mouse (Tw)/", ("滑鼠", ["mouse"])),
        (
            "襪子 袜子 [wa4 zi5] /socks/stockings/CL:雙|双[shuang1]/",
            ("袜子", ["sock", "stocking"]),
        ),
        ("張 张 [Zhang1] /surname Zhang/", None),  # one character
        ("復古 复古 [fu4 gu3] /to return to old ways (a Confucian aspiration)/", None),
        ("% % [pa1] /percent (Tw)/", None),
    ],
)
def test_parse_line(line, expected):
    assert parse_line(line) == expected


def test_the_shipped_dictionary_loads():
    table = english_glosses()
    assert len(table) > 50_000
    assert "pineapple" in table["菠萝"]


def test_a_chinese_word_the_glossary_lacks_carries_its_english_words():
    terms = query_terms("鳳梨酵素 4入")
    assert {"pineapple", "enzyme"} <= set(terms.glosses)
    assert {"凤梨", "酵素"} <= set(terms.product)
    assert "pineapple" not in query_terms("pineapple").concepts  # glosses are words, not concepts
    assert query_terms("pineapple").glosses == ()  # an English word is a word, not a gloss


def _offers(texts: dict[int, str], weights: Weights = DEFAULT_WEIGHTS) -> MatchingEngine:
    engine = MatchingEngine(weights=weights)
    for post_id, text in texts.items():
        parsed = parse_post(text)
        engine.add(
            post_id,
            post_id,
            PostKind.OFFER,
            extract_terms(parsed, text),
            fields_from_parsed(parsed, NOW - timedelta(hours=1), NOW + timedelta(days=9)),
        )
    return engine


def test_a_chinese_word_counts_once_however_many_english_glosses_it_has():
    """神仙 has four glosses (daoist, immortal, supernatural, entity), 蓝莓 one: a search
    for both words should not rank by the number of glosses. Counted as words, the
    glosses made the first post score 0.27 above the second."""
    engine = _offers({1: "出售 神仙 面具", 2: "出售 蓝莓 果酱"})
    first, second = engine.search(query_terms("神仙 蓝莓"), None, NOW.timestamp())
    assert first.score - second.score < 0.15


def test_a_chinese_search_still_finds_an_english_listing_through_the_glosses():
    engine = _offers({1: "Selling pineapple enzyme drink"})
    assert [r.post_id for r in engine.search(query_terms("鳳梨酵素"), None, NOW.timestamp())] == [
        1
    ]


def test_an_english_search_finds_a_traditional_chinese_listing():
    engine = _offers({1: "派克 都會系列 原子筆 P0949140", 2: "鳳梨酵素 納豆 4入"})
    found = engine.search(query_terms("Parker ballpoint pen"), None, NOW.timestamp())
    assert [r.post_id for r in found] == [1]
    found = engine.search(query_terms("pineapple enzyme"), None, NOW.timestamp())
    assert [r.post_id for r in found][:1] == [2]
