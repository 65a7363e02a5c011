"""Canonical units of trade: codes, the words merchants use for them, and conversions.

A unit code is a short ASCII string ("pcs", "carton", "kg" ...) stored in
`Quantity.unit` and `Price.per_unit`. Words are matched after `text.normalise`-style
folding (NFKC, simplified Chinese, lower case), so traditional spellings are listed
only where OpenCC does not fold them.

Counting units that are really multiples of another ("dozen" = 12 pcs) are recognised
by `canonical_unit` but the parser stores them in their base form (pcs x 12); see
`MULTIPLES` and `to_base`.
"""

from __future__ import annotations

from decimal import Decimal

from bot.domain.models import Lang
from bot.domain.text import is_han, to_simplified, to_traditional

# code -> words (already simplified and lower case). Order inside a list is irrelevant;
# the parser builds a longest-first regex from all words.
UNIT_WORDS: dict[str, tuple[str, ...]] = {
    "pcs": (
        "个",
        "只",
        "件",
        "条",
        "根",
        "支",
        "枝",
        "把",
        "颗",
        "粒",
        "块",
        "片",
        "枚",
        "盏",
        "顶",
        "口",
        "pcs",
        "pc",
        "piece",
        "pieces",
        "unit",
        "units",
        "nos",
        "ea",
    ),
    "set": ("套", "组", "set", "sets"),
    "unit": ("台",),  # machines, phones, vehicles: one each
    "pair": ("双", "对", "副", "pair", "pairs", "prs"),
    "carton": ("箱", "ctn", "ctns", "carton", "cartons"),
    "box": ("盒", "box", "boxes"),
    "bag": ("袋", "包", "bag", "bags", "pack", "packs"),
    "roll": ("卷", "roll", "rolls"),
    "sheet": ("张", "sheet", "sheets"),
    "meter": ("米", "m", "meter", "meters", "metre", "metres", "mtr", "mtrs"),
    "yard": ("码", "yard", "yards", "yd", "yds"),
    "sqm": ("平方米", "平米", "平方", "m2", "sqm"),
    "ping": ("坪",),
    "cbm": ("立方米", "立方", "cbm", "m3"),
    "kg": ("公斤", "千克", "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"),
    "jin": ("斤",),
    "g": ("克", "g", "gram", "grams"),
    "lb": ("磅", "lb", "lbs"),
    "ton": ("吨", "ton", "tons", "tonne", "tonnes", "mt", "t"),
    "liter": ("升", "l", "liter", "liters", "litre", "litres"),
    "bottle": ("瓶", "bottle", "bottles"),
    "barrel": ("桶", "barrel", "barrels", "drum", "drums"),
    "pallet": ("托", "pallet", "pallets"),
    "container": ("货柜", "container", "containers"),
    "dozen": ("打", "dozen", "dozens", "doz", "dz"),
    "gross": ("罗", "gross"),
}

# Units that are a fixed multiple of another: code -> (base code, factor).
MULTIPLES: dict[str, tuple[str, Decimal]] = {
    "dozen": ("pcs", Decimal(12)),
    "gross": ("pcs", Decimal(144)),
}

# Units with a physical base, used only by `to_base` (matching compares like with like).
_PHYSICAL: dict[str, tuple[str, Decimal]] = {
    "sheet": ("pcs", Decimal(1)),  # 张 counts chairs and beds as well as paper: one piece
    "unit": ("pcs", Decimal(1)),  # 台: one machine, as "$390/unit" is
    "ton": ("kg", Decimal(1000)),
    "jin": ("kg", Decimal("0.5")),
    "g": ("kg", Decimal("0.001")),
    "lb": ("kg", Decimal("0.45359237")),
    "yard": ("meter", Decimal("0.9144")),
    "ping": ("sqm", Decimal("3.305785")),
}

# Chinese words for measures, and their symbols: "1米" is 1 m, "500毫升" 500 ml (cards in
# English, and the terms matching compares: bot/domain/matching/terms.py).
MEASURE_SYMBOLS: dict[str, str] = {
    "毫升": "ml",
    "公升": "L",
    "升": "L",
    "瓦": "W",
    "伏": "V",
    "毫米": "mm",
    "厘米": "cm",
    "公分": "cm",
    "米": "m",
    "公斤": "kg",
    "千克": "kg",
    "克": "g",
    "英寸": "inch",
    "寸": "inch",
    "毫安": "mAh",
    "安": "A",
}

# Size units: "500g", "5L" describe the product rather than how many are ordered.
SIZE_ONLY_UNITS = frozenset({"g", "liter"})
# Weights, lengths, areas, volumes: when a message also has a counting unit ("1米 2万条"),
# the counting one is the order quantity.
MEASURE_UNITS = frozenset(
    {"meter", "yard", "sqm", "ping", "cbm", "kg", "jin", "g", "lb", "ton", "liter"}
)

_WORD_TO_CODE: dict[str, str] = {w: code for code, words in UNIT_WORDS.items() for w in words}

# Longest first so that "平方米" wins over "平方" and "pcs" over "pc".
ALL_UNIT_WORDS: tuple[str, ...] = tuple(sorted(_WORD_TO_CODE, key=len, reverse=True))

_DISPLAY: dict[str, tuple[str, str, str]] = {
    # code: (zh-Hans, zh-Hant, en)
    "pcs": ("个", "個", "pcs"),
    "set": ("套", "套", "sets"),
    "unit": ("台", "台", "units"),
    "pair": ("双", "雙", "pairs"),
    "carton": ("箱", "箱", "cartons"),
    "box": ("盒", "盒", "boxes"),
    "bag": ("袋", "袋", "bags"),
    "roll": ("卷", "卷", "rolls"),
    "sheet": ("张", "張", "sheets"),
    "meter": ("米", "米", "m"),
    "yard": ("码", "碼", "yards"),
    "sqm": ("平方米", "平方米", "m²"),
    "ping": ("坪", "坪", "ping"),
    "cbm": ("立方米", "立方米", "m³"),
    "kg": ("公斤", "公斤", "kg"),
    "jin": ("斤", "斤", "jin"),
    "g": ("克", "克", "g"),
    "lb": ("磅", "磅", "lb"),
    "ton": ("吨", "噸", "tons"),
    "liter": ("升", "升", "L"),
    "bottle": ("瓶", "瓶", "bottles"),
    "barrel": ("桶", "桶", "drums"),
    "pallet": ("托", "托", "pallets"),
    "container": ("柜", "櫃", "containers"),
    "dozen": ("打", "打", "dozen"),
    "gross": ("罗", "羅", "gross"),
}

# English for one of a unit, after "/" in a price ("$3 / box"); "pcs" stays, as trade writes it.
_ONE_EN: dict[str, str] = {
    "set": "set",
    "unit": "unit",
    "pair": "pair",
    "carton": "carton",
    "box": "box",
    "bag": "bag",
    "roll": "roll",
    "sheet": "sheet",
    "yard": "yard",
    "ton": "ton",
    "bottle": "bottle",
    "barrel": "drum",
    "pallet": "pallet",
    "container": "container",
}

UNIT_CODES: frozenset[str] = frozenset(UNIT_WORDS)


def canonical_unit(word: str | None) -> str | None:
    """The unit code for a unit word ("個" -> "pcs", "CTNS" -> "carton"), or None.

    Accepts codes themselves, any case, and the traditional characters OpenCC folds.
    """
    if not word:
        return None
    w = word.strip().lower().rstrip(".")
    if w in _WORD_TO_CODE:
        return _WORD_TO_CODE[w]
    return _WORD_TO_CODE.get(to_simplified(w))


def to_base(amount: Decimal, unit: str | None) -> tuple[Decimal, str | None]:
    """Express `amount unit` in its base unit: (5, "dozen") -> (60, "pcs"),
    (2, "ton") -> (2000, "kg"). Units without a base are returned unchanged."""
    if unit in MULTIPLES:
        base, factor = MULTIPLES[unit]
        return amount * factor, base
    if unit in _PHYSICAL:
        base, factor = _PHYSICAL[unit]
        return amount * factor, base
    return amount, unit


def kept_unit_word(word: str | None) -> str | None:
    """The unit word as written, when a Chinese reader should see it rather than the
    code's own name: Chinese, standing for one unit of its code, and named otherwise
    ("条", "件", "组", "千克"; not "个" or "個", which the code's name says, nor "打",
    which the amount has already turned into pieces)."""
    word = (word or "").strip()
    if not word or not all(map(is_han, word)):
        return None
    code = canonical_unit(word)
    if code is None or code in MULTIPLES or code not in _DISPLAY:
        return None
    return None if to_simplified(word) == _DISPLAY[code][0] else word


def unit_name(code: str | None, lang: Lang, *, one: bool = False, word: str | None = None) -> str:
    """How a unit code is shown to a reader of `lang` (`one`: of a single unit, as after
    "/" in a price); unknown codes are shown as is. A Chinese reader sees the writer's
    own `word` for it (`kept_unit_word`), in the reader's script."""
    if code is None:
        return ""
    if word and lang is Lang.ZH_HANS:
        return to_simplified(word)
    if word and lang is Lang.ZH_HANT:
        return to_traditional(word)
    names = _DISPLAY.get(code)
    if names is None:
        return code
    if one and lang is Lang.EN:
        return _ONE_EN.get(code, names[2])
    return names[{Lang.ZH_HANS: 0, Lang.ZH_HANT: 1}.get(lang, 2)]
