"""Post text -> PostTerms: language-neutral words and glossary concepts for matching.

Steps (`_terms_of_text`):
1. `text.normalise` (NFKC, simplified, lower case), then prices ("12元/个", "$1.5") and
   order quantities ("5000只", "5k pcs") are masked out: they are fields, not words.
2. Sizes and model codes (500ml, 9w, m6, e27, 304) are lifted out as spec tokens, so the
   segmenter does not split "500ml" into "500" + "ml".
3. The rest is cut by jieba (precise mode, with every glossary form as a user word).
   English runs are matched against glossary phrases, longest first ("stainless steel",
   "vacuum flask"); other words are singularised ("flasks" -> "flask").
4. A Chinese token known to the glossary gives its concept; its search-mode pieces
   (保温杯 -> 保温) are kept as product words but give no concept (保温杯套 is not a
   保温杯). An unknown token borrows the concepts of its longest known pieces.
   A Chinese word the glossary lacks also brings its English words from CC-CEDICT
   (dictionary.py: 原子笔 -> ballpoint, pen) as `glosses`, so English readers' words find
   it; unknown single characters in a row are one word (菁 / 纯 -> 菁纯).
5. Brands are found in the whole text in any script (brands.py) and added as "b:<id>".
6. Stop-words (出售, 求购, wtb, pcs ...) and one-character noise are dropped. Materials
   and attributes ("s:" concepts, numbers, sizes) go to `specs`; the rest to `product`.

Steps 3 and 4 for one token or English run are in token_terms.py. Everything per token is
cached, and whole texts are cached too, so a typical post costs a few dictionary look-ups
after warm-up (`vocabulary.loading.warm_up` loads jieba and the glossary words).
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.domain import segmenter
from bot.domain.models import ParsedPost
from bot.domain.text import clean, fold_case, is_han, normalise, to_simplified
from bot.domain.vocabulary.brands import PREFIX as BRAND
from bot.domain.vocabulary.brands import default_brands
from bot.domain.vocabulary.features import find_features
from bot.domain.vocabulary.glossary import Glossary, default_glossary, has_han
from bot.domain.vocabulary.loading import segmenter_knows
from bot.domain.vocabulary.units import MEASURE_SYMBOLS

from .codes import GLUED_NUMBER, SPLIT_CODE, join_code, unglue
from .token_terms import Part, english_run_terms, han_token_terms, version_spec
from .types import PostTerms

_NUM = r"\d+(?:[.,]\d+)?"
_MULT = r"(?:\s*(?:k|w|万|千|百))?"
_CURRENCY_WORD = r"(?:元|块钱|块|美元|美金|刀|usd|rmb|cny|dollars?|us\$|\$|¥|￥)"
_PER = r"(?:\s*(?:/|每|per|一)\s*[a-z\u4e00-\u9fff]{1,4})?"
_PRICE = re.compile(
    rf"(?:us\$|\$|¥|￥|usd|rmb|cny)\s*{_NUM}{_MULT}(?:\s*{_CURRENCY_WORD})?{_PER}"
    rf"|{_NUM}{_MULT}\s*{_CURRENCY_WORD}{_PER}"
)
# Counting and bulk units: a number before one of these is an order quantity or MOQ.
_QTY_UNITS = (
    "个|只|件|条|根|支|把|颗|粒|块|片|枚|盏|顶|套|台|组|双|对|副|箱|盒|袋|包|卷|张|码|"
    "平方米|平米|立方米|立方|公斤|千克|斤|吨|磅|瓶|桶|托|柜|货柜|打|"
    "pcs|pc|pieces|piece|units|unit|nos|sets|set|pairs|pair|ctns|ctn|cartons|carton|"
    "boxes|box|bags|bag|packs|pack|rolls|roll|sheets|sheet|kgs|kg|tons|ton|tonnes|mt|"
    "lbs|lb|containers|container|dozens|dozen|doz|pallets|pallet|yards|yds"
)
_QTY = re.compile(rf"{_NUM}{_MULT}\s*(?:{_QTY_UNITS})(?![a-z])")
_SPEC_UNIT = {
    **{word: symbol.lower() for word, symbol in MEASURE_SYMBOLS.items()},
    "liter": "l",
    "litre": "l",
    "liters": "l",
    "litres": "l",
    "gsm": "g",  # paper and cloth: 80g is written for 80 g/m² as often as 80gsm
}
_SIZE = re.compile(
    rf"({_NUM})\s*(毫升|毫米|厘米|公分|公升|英寸|毫安|升|瓦|伏|米|克|寸|安"
    r"|liters|litres|liter|litre|ml|mah|kw|w|v|mm|cm|m|gsm|g|l|inch|oz|gb|tb|hz|a)(?![a-z0-9])"
)
# A dotted version (6.2.9, v2.5): lifted before jieba, which would cut it at the dots.
_DOTTED = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+){1,3})(?![\w.])")
_ASCII_WORD = re.compile(r"^[a-z0-9][a-z0-9.'-]*$")
_JOINERS = frozenset({"-", "'", "’"})
# A number inside a Chinese word the glossary knows whole (18650电池, t8灯管, n95口罩).
_NUMBERED_PART = re.compile(r"[a-z]*\d[a-z0-9]*")
_FALLBACK_CONCEPTS = True  # scan raw_text for concepts when the product field gives none


def extract_terms(parsed: ParsedPost, raw_text: str) -> PostTerms:
    """Terms of a parsed post: its product and specs (parser fields), or the whole raw text
    when the parser found no product; concepts from the raw text when the fields gave none.
    Features (custom logo, OEM, CE, samples) are no words: they weigh apart (features.py)."""
    raw_text = mask_features(raw_text) if raw_text else raw_text
    text = " ".join([parsed.product, *parsed.specs]) if parsed.product else raw_text
    terms = _cached_terms(mask_features(text) if parsed.product else text)
    if not parsed.product or not raw_text:
        return terms
    whole = _cached_terms(raw_text)
    concepts, categories = terms.concepts, terms.categories
    if not concepts and _FALLBACK_CONCEPTS and whole.concepts:
        concepts, categories = whole.concepts, whole.categories
    return PostTerms(
        _merge(terms.product, whole.product),
        _merge(terms.specs, whole.specs),
        concepts,
        categories,
        _merge(terms.glosses, whole.glosses),
    )


def mask_features(text: str) -> str:
    """`text` cleaned (`text.clean`) with every feature phrase (custom logo, OEM, CE,
    samples: `vocabulary.features`) blanked, but those naming the goods ("custom logo
    stickers"): a feature word is no product word, and features weigh apart (features.py)."""
    cleaned = clean(text)
    key = fold_case(to_simplified(cleaned))
    if len(key) != len(cleaned):
        cleaned = to_simplified(cleaned)
        key = fold_case(cleaned)
    out = list(cleaned)
    for found in find_features(cleaned, key):
        if not found.in_name:
            out[found.start : found.end] = " " * (found.end - found.start)
    return "".join(out)


def _merge(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(first + second))


def query_terms(text: str) -> PostTerms:
    """Terms of free search words (/search): the same pipeline on the whole text."""
    return _cached_terms(text)


@lru_cache(maxsize=8192)
def _cached_terms(text: str) -> PostTerms:
    return terms_of_text(text, default_glossary())


def terms_of_text(text: str, glossary: Glossary) -> PostTerms:
    """The uncached pipeline (module docstring) with an explicit glossary."""
    segmenter_knows(glossary)
    acc = _Acc()
    work = GLUED_NUMBER.sub(unglue, normalise(text))  # iphone14 names Apple too
    for pattern, spec in glossary.exclusive_specs:  # usb-c cable: a cable with usb-c
        if spec not in acc.specs and pattern.search(work):
            acc.specs[spec] = None
    brands = default_brands().find(work)
    work = _PRICE.sub(" ", work)
    work = _QTY.sub(" ", work)
    work = SPLIT_CODE.sub(join_code, work)  # every way of writing a code meets
    work = _SIZE.sub(lambda m: _size_token(m, acc), work)
    work = _DOTTED.sub(lambda m: _version_token(m, acc), work)
    run: list[str] = []
    singles: list[str] = []  # unknown one-character pieces in a row: 菁 / 纯 is one name
    for token in segmenter.cut(work):
        if len(token) == 1 and is_han(token) and not _known(token, glossary):
            _flush_english(run, glossary, acc)
            run = []
            singles.append(token)
            continue
        _flush_singles(singles, glossary, acc)
        if _ASCII_WORD.match(token):
            run.append(token)
            continue
        if token in _JOINERS and run:
            continue  # "t-shirt" comes out of jieba as t / - / shirt
        _flush_english(run, glossary, acc)
        run = []
        if has_han(token):
            acc.merge(*han_token_terms(token, glossary))
            if not glossary.is_spec_key("".join(token.split())):  # 304不锈钢: s:ss304
                for part in _NUMBERED_PART.findall(token):  # 18650电池: an 18650 battery
                    acc.merge(english_run_terms((part,), glossary))
    _flush_singles(singles, glossary, acc)
    _flush_english(run, glossary, acc)
    acc.product.update(dict.fromkeys(BRAND + b for b in brands))
    categories = sorted({glossary.concept(c).category for c in acc.concepts})
    return PostTerms(
        product=tuple(w for w in acc.product if w not in acc.specs),
        specs=tuple(acc.specs),
        concepts=tuple("c:" + c for c in acc.concepts),
        categories=tuple(categories),
        glosses=tuple(w for w in acc.glosses if w not in acc.product and w not in acc.specs),
    )


class _Acc:
    """Ordered, de-duplicated collections of one text's terms."""

    __slots__ = ("product", "specs", "concepts", "glosses")

    def __init__(self) -> None:
        self.product: dict[str, None] = {}
        self.specs: dict[str, None] = {}
        self.concepts: dict[str, None] = {}
        self.glosses: dict[str, None] = {}

    def merge(self, part: Part, glosses: tuple[str, ...] = ()) -> None:
        product, specs, concepts = part
        self.product.update(dict.fromkeys(product))
        self.specs.update(dict.fromkeys(specs))
        self.concepts.update(dict.fromkeys(concepts))
        self.glosses.update(dict.fromkeys(glosses))


def _size_token(match: re.Match[str], acc: _Acc) -> str:
    number = match.group(1).replace(",", ".")
    unit = _SPEC_UNIT.get(match.group(2), match.group(2))
    if unit in _IN_SMALLER:  # 1 litre is 1000ml: one class, so 500ml against it is a conflict
        unit, factor = _IN_SMALLER[unit]
        number = f"{float(number) * factor:.6g}"
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    acc.specs[number + unit] = None
    return " "


_IN_SMALLER = {"l": ("ml", 1000), "kw": ("w", 1000)}


def _version_token(match: re.Match[str], acc: _Acc) -> str:
    acc.specs[version_spec(match.group(1))] = None
    return " "


def _known(char: str, glossary: Glossary) -> bool:
    return bool(glossary.lookup_key(char)) or glossary.is_stopword(char)


def _flush_singles(singles: list[str], glossary: Glossary, acc: _Acc) -> None:
    if len(singles) > 1:
        acc.merge(*han_token_terms("".join(singles), glossary))
    singles.clear()


def _flush_english(run: list[str], glossary: Glossary, acc: _Acc) -> None:
    if run:
        acc.merge(english_run_terms(tuple(run), glossary))
