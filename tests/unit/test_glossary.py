"""Glossary data and lookups: table tests over the bundled data file."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bot.domain.models import Lang
from bot.domain.text import is_han
from bot.domain.vocabulary.english import singular
from bot.domain.vocabulary.glossary import (
    GLOSSARY_PATH,
    PRODUCT,
    SPEC,
    Glossary,
    default_glossary,
    fold_key,
)


@pytest.fixture(scope="module")
def g() -> Glossary:
    return default_glossary()


@pytest.mark.parametrize(
    "form",
    [
        "vacuum flask",
        "Vacuum Flasks",
        "thermos",
        "insulated bottle",
        "保温杯",
        "保溫杯",
        "真空杯",
        "vaccum flask",
        "保溫瓶",
        "THERMOS FLASKS",
    ],
)
def test_vacuum_flask_forms_share_one_concept(g: Glossary, form: str) -> None:
    assert g.lookup(form) == {"vacuum_flask"}


@pytest.mark.parametrize(
    ("form", "concept"),
    [
        ("LED燈泡", "led_bulb"),
        ("led bulbs", "led_bulb"),
        ("滑鼠", "computer_mouse"),
        ("鼠标", "computer_mouse"),
        ("隨身碟", "usb_flash_drive"),
        ("U盘", "usb_flash_drive"),
        ("塑膠袋", "plastic_bag"),
        ("kitchen knives", "kitchen_knife"),
        ("boxes", None),
        ("batteries", "battery"),
        ("stainless steel", "stainless_steel"),
        ("不鏽鋼", "stainless_steel"),
        ("螺絲", "screw"),
        ("screws", "screw"),
        ("T恤", "t_shirt"),
        ("T-Shirts", "t_shirt"),
        ("shelves", "storage_rack"),
        ("钢化膜", "screen_protector"),
        ("中性笔", "stationery_pen"),
        ("订书机", None),
        ("", None),
    ],
)
def test_lookup_table(g: Glossary, form: str, concept: str | None) -> None:
    assert g.lookup(form) == ({concept} if concept else set())


@pytest.mark.parametrize(
    ("plural", "single"),
    [
        ("flasks", "flask"),
        ("batteries", "battery"),
        ("boxes", "box"),
        ("brushes", "brush"),
        ("knives", "knife"),
        ("glasses", "glass"),
        ("shoes", "shoe"),
        ("tomatoes", "tomato"),
        ("jeans", "jeans"),
        ("mattress", "mattress"),
        ("bus", "bus"),
        ("pcs", "pcs"),
        ("cups", "cup"),
        ("m6", "m6"),
        ("hoodies", "hoodie"),
        ("drives", "drive"),
        ("gloves", "glove"),
        ("mice", "mouse"),
        ("shelves", "shelf"),
    ],
)
def test_singular(plural: str, single: str) -> None:
    assert singular(plural) == single


def test_fold_key_scripts_and_case() -> None:
    assert fold_key("保溫杯") == fold_key("保温杯") == "保温杯"
    assert fold_key("  Vacuum   FLASKS ") == "vacuum flask"
    assert fold_key("LED 燈泡") == "led灯泡"


def test_size_and_categories(g: Glossary) -> None:
    products = [c for c in g.concepts() if c.kind == PRODUCT]
    assert len(products) >= 600
    per_category = Counter(c.category for c in products)
    for category in (
        "housewares",
        "hardware",
        "textiles",
        "packaging",
        "electronics",
        "lighting",
        "furniture",
        "building_materials",
        "food_agriculture",
        "chemicals_plastics",
    ):
        assert per_category[category] >= 55, category
    assert {c.kind for c in g.concepts()} == {PRODUCT, SPEC}


def test_every_row_is_complete(g: Glossary) -> None:
    for c in g.concepts():
        assert c.id.isascii() and c.id == c.id.lower() and " " not in c.id
        assert all(c.names[lang] for lang in Lang), c.id
        assert any(is_han(ch) for ch in c.names[Lang.ZH_HANS]) or c.kind == SPEC, c.id
        assert c.names[Lang.EN].isascii(), c.id


def test_no_form_maps_to_two_concepts(g: Glossary) -> None:
    clashes = {}
    for c in g.concepts():
        for form in c.forms:
            ids = g.lookup(form)
            if len(ids) > 1:
                clashes[form] = ids
    assert clashes == {}


def test_stopwords_are_not_concept_forms(g: Glossary) -> None:
    assert not [w for w in g.stopwords if g.lookup_key(w)]
    for word in ("出售", "求购", "wtb", "pcs", "price", "批发", "包邮", "现货"):
        assert g.is_stopword(fold_key(word))


@pytest.mark.parametrize(
    ("lang", "name"),
    [(Lang.ZH_HANS, "保温杯"), (Lang.ZH_HANT, "保溫杯"), (Lang.EN, "vacuum flask")],
)
def test_display_name(g: Glossary, lang: Lang, name: str) -> None:
    assert g.display_name("vacuum_flask", lang) == name
    assert g.display_name("c:vacuum_flask", lang) == name
    assert g.concept("c:vacuum_flask").category == "housewares"


def test_unknown_concept_raises(g: Glossary) -> None:
    with pytest.raises(KeyError):
        g.concept("c:no_such_thing")


def test_match_phrases_longest_first(g: Glossary) -> None:
    words = ["insulated", "stainless", "steel", "vacuum", "flask", "with", "tea", "infuser"]
    spans = [(s, e, set(ids)) for s, e, ids in g.match_phrases(words)]
    assert (1, 3, {"stainless_steel"}) in spans
    assert (3, 5, {"vacuum_flask"}) in spans
    assert all(not (s <= 4 < e) or (s, e) == (3, 5) for s, e, _ in spans)


def test_jieba_words_cover_chinese_forms(g: Glossary) -> None:
    words = set(g.jieba_words())
    assert {"保温杯", "led灯泡", "不锈钢", "螺丝", "滑鼠"} <= words
    assert all(" " not in w for w in words)
    path = g.jieba_dictionary_path()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert {line.split()[0] for line in lines} == words
    assert "保温杯 3000" in lines


def test_load_custom_file(tmp_path: Path) -> None:
    header = GLOSSARY_PATH.read_text(encoding="utf-8").splitlines()
    head = next(line for line in header if line.startswith("id\t"))
    row = "widget\thardware\tproduct\t小部件\t小部件\twidget\t\t\tgizmo|gadgets\twidgit"
    path = tmp_path / "g.tsv"
    path.write_text(head + "\n" + row + "\n", encoding="utf-8")
    g = Glossary.load(path, stopwords=tmp_path / "none.txt")
    assert len(g) == 1
    assert g.lookup("Gadget") == g.lookup("widgit") == {"widget"}


def test_bad_row_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "g.tsv"
    path.write_text("id\tcategory\nx\n", encoding="utf-8")
    with pytest.raises(ValueError):
        Glossary.load(path)
