"""Term extraction: tables of post text -> concepts, product words and specs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.domain.matching.terms import extract_terms, query_terms, terms_of_text
from bot.domain.models import Intent, Lang, ParsedPost
from bot.domain.vocabulary.glossary import default_glossary
from bot.domain.vocabulary.loading import warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


@pytest.mark.parametrize(
    "text",
    [
        "vacuum flask",
        "Thermos 500ml",
        "保溫杯",
        "保温杯",
        "真空杯",
        "insulated bottles",
        "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
        "求购真空保温瓶5000只，10元以内",
        "Looking for vacuum flasks, 5k pcs, under $1.5",
        "收購不鏽鋼保溫杯 3000隻",
    ],
)
def test_vacuum_flask_everywhere(text: str) -> None:
    assert query_terms(text).concepts == ("c:vacuum_flask",)
    assert query_terms(text).categories == ("housewares",)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("不锈钢螺丝", "不锈钢保温杯"),
        ("LED灯泡", "vacuum flask"),
        ("stainless steel screws", "保温杯"),
        ("保温棉", "保温杯"),
        ("塑料保温箱", "保温杯"),
        ("手机壳", "手机"),
        ("红酒杯", "红酒"),
    ],
)
def test_no_shared_product_concept(a: str, b: str) -> None:
    ca, cb = set(query_terms(a).concepts), set(query_terms(b).concepts)
    assert ca and cb
    assert not ca & cb


@pytest.mark.parametrize(
    ("text", "concepts"),
    [
        ("LED燈泡 9W E27", {"c:led_bulb"}),
        ("WTB stainless steel screws M6", {"c:screw"}),
        ("棉質T恤 3000件", {"c:t_shirt"}),
        ("滑鼠 無線", {"c:computer_mouse"}),
        ("wireless mouse", {"c:computer_mouse"}),
        ("phone cases and screen protectors", {"c:phone_case", "c:screen_protector"}),
        ("真空保温壶", {"c:vacuum_flask"}),
        ("纸箱 + 封箱胶带", {"c:carton_box", "c:packing_tape"}),
        ("出售 求购 批发 现货 包邮", set()),
        # 接头 of a pipe; 转接头 of a phone (before: "同品类：管件" under a Type-C adapter)
        ("Type-C 转接头", {"c:usb_adapter"}),
        ("USB-C adapters", {"c:usb_adapter"}),
        ("管接头 DN50", {"c:pipe_fitting"}),
    ],
)
def test_concepts_table(text: str, concepts: set[str]) -> None:
    assert set(query_terms(text).concepts) == concepts


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("304不锈钢保温杯", "s:ss304"),
        ("304不锈钢保温杯", "s:stainless_steel"),
        ("保温杯 500ml", "500ml"),
        ("保温杯 500毫升", "500ml"),
        ("螺丝 M6", "m6"),
        ("LED灯泡 9W", "9w"),
        ("LED燈泡 E27", "e27"),
        ("stainless steel flask", "s:stainless_steel"),
        ("纯棉T恤", "s:cotton"),
        ("1.5米数据线", "1.5m"),
        ("保溫壺 1公升", "1000ml"),
        ("thermos 1 litre", "1000ml"),
        ("U盘 32G", "32g"),
        ("T恤 180gsm", "180g"),  # g/m², as 180g is written for it
        # a connector wherever it is written, inside the product's own name too
        ("Type-C数据线 1米", "s:usb_c"),
        ("USB-C cable", "s:usb_c"),
        ("typec数据线", "s:usb_c"),
        ("lightning cable", "s:lightning"),
        ("苹果数据线 lightning接口", "s:lightning"),
        ("安卓数据线 micro usb", "s:micro_usb"),
    ],
)
def test_specs_table(text: str, spec: str) -> None:
    terms = query_terms(text)
    assert spec in terms.specs
    assert spec not in terms.product


@pytest.mark.parametrize("text", ["typewriter c ribbon", "usb cable", "c type fitting", "usbc3"])
def test_no_connector_where_none_is_named(text: str) -> None:
    assert not {"s:usb_c", "s:lightning", "s:micro_usb"} & set(query_terms(text).specs)


@pytest.mark.parametrize(
    ("text", "dropped"),
    [
        ("出售保温杯", "出售"),
        ("求购保温杯", "求购"),
        ("WTB flasks", "wtb"),
        ("flasks 1000 pcs", "pcs"),
        ("保温杯 现货 包邮", "现货"),
        ("保温杯 批发", "批发"),
        ("cheap flasks for sale", "cheap"),
        ("保温杯 12元/个", "12"),
        ("保温杯5000只", "5000"),
        ("flasks $1.5 each", "1.5"),
    ],
)
def test_stopwords_and_numbers_dropped(text: str, dropped: str) -> None:
    terms = query_terms(text)
    assert dropped not in terms.product
    assert dropped not in terms.specs


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("vacuum flasks", "flask"),
        ("LED bulbs", "bulb"),
        ("batteries", "battery"),
        ("kitchen knives", "knife"),
        ("brushes", "brush"),
        ("真空保温瓶", "保温"),
        ("保温杯", "保温"),
    ],
)
def test_product_words_folded(text: str, word: str) -> None:
    assert word in query_terms(text).product


def test_traditional_and_simplified_give_same_terms() -> None:
    assert query_terms("出售不鏽鋼保溫杯") == query_terms("出售不锈钢保温杯")


def _parsed(product: str | None, specs: tuple[str, ...] = ()) -> ParsedPost:
    return ParsedPost(intent=Intent.OFFER, language=Lang.ZH_HANS, product=product, specs=specs)


def test_extract_terms_uses_product_and_specs() -> None:
    raw = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
    terms = extract_terms(_parsed("保温杯", ("304不锈钢", "500ml")), raw)
    assert terms.concepts == ("c:vacuum_flask",)
    assert {"s:ss304", "500ml"} <= set(terms.specs)
    assert "义乌" not in terms.product and "发货" not in terms.product


def test_extract_terms_falls_back_to_raw_text() -> None:
    raw = "求购 LED灯泡 2万个"
    assert extract_terms(_parsed(None), raw).concepts == ("c:led_bulb",)
    # a product the glossary does not know still borrows concepts from the raw text
    terms = extract_terms(_parsed("礼品"), "礼品 保温杯")
    assert terms.product[0] == "礼品" and terms.concepts == ("c:vacuum_flask",)


def test_extract_terms_keeps_every_word_of_a_long_title() -> None:
    # brand, line and model code are evidence too, not only the parsed product
    raw = "出售 Lancome 兰蔻小黑瓶发光眼霜 15ml 淡化细纹"
    terms = extract_terms(_parsed("眼霜", ("15ml",)), raw)
    assert terms.product[0] == "眼霜"
    assert {"lancome", "兰蔻"} <= set(terms.product)
    assert "出售" not in terms.product


def test_empty_text() -> None:
    assert query_terms("").all_terms() == ()
    assert query_terms("!!! 。。。").all_terms() == ()


def test_repeated_extraction_after_warm_up_keeps_each_posts_own_terms() -> None:
    """Many posts in a row (what a rebuild or a busy hour does) each get their own terms;
    how fast is bench/parse_speed.py's business."""
    g = default_glossary()
    texts = [f"出售 304不锈钢保温杯 {i}ml 起订1000个 12元/个 义乌发货" for i in range(300)]
    first = terms_of_text(texts[0], g)
    for i, text in enumerate(texts):
        terms = terms_of_text(text, g)
        assert terms.concepts == ("c:vacuum_flask",) and terms.product == first.product
        assert f"{i}ml" in terms.specs and "s:ss304" in terms.specs
        assert not any(f"{j}ml" in terms.specs for j in (i - 1, i + 1))


_PIECES = st.sampled_from(
    [
        "保温杯",
        "保溫杯",
        "出售",
        "求购",
        "304",
        "不锈钢",
        "螺丝",
        "vacuum",
        "flasks",
        "12元/个",
        "5000只",
        "LED",
        "灯泡",
        "-",
        "，",
        " ",
        "$1.5",
        "pcs",
        "t-shirt",
        "500ml",
        "😀",
        "【",
        "】",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES | st.text(max_size=6), max_size=12))
def test_any_text_gives_well_formed_terms(parts: list[str]) -> None:
    g = default_glossary()
    terms = terms_of_text("".join(parts), g)
    for concept in terms.concepts:
        assert concept.startswith("c:") and g.concept(concept).kind == "product"
    assert terms.categories == tuple(sorted({g.concept(c).category for c in terms.concepts}))
    for word in terms.product:
        assert word and word == word.lower() and not g.is_stopword(word)
    assert len(set(terms.all_terms())) == len(terms.all_terms())


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("sharp lc-52se94u lcd tv", "sharp lc52se94u tv"),
        ("sony kdl-26m4000 tv", "sony kdl26m4000"),
        ("sony np-fh100 battery", "npfh100 battery"),
        ("sony mdr-ex35lp/vb headphones", "sony mdrex35lpvb headphone"),
    ],
)
def test_a_model_code_is_one_term_however_it_is_written(one: str, other: str) -> None:
    codes = [t for t in query_terms(one).product if any(c.isdigit() for c in t)]
    assert codes and set(codes) <= set(query_terms(other).product)


@pytest.mark.parametrize("text", ["pci-express card", "240-pin memory", "t-shirt"])
def test_words_with_hyphens_that_are_not_codes_stay_apart(text: str) -> None:
    assert not any(len(t) >= 5 and any(c.isdigit() for c in t) for t in query_terms(text).product)
