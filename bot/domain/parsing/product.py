"""Specs (304不锈钢, 500ml, 9W, M6, 红色 ...) and the product name.

Runs last: by then intent markers, contacts, prices, quantities and places have been
consumed, so what is left is mostly the product, its specs and some filler. Specs are
cut out first; the product is the first remaining fragment with substance, trimmed at
both ends of filler words (jieba tokens, so 保温杯质量好 -> 保温杯), and shown in the
writer's own script.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from bot.domain import segmenter
from bot.domain.models import Lang
from bot.domain.parsing._work import SEP, SOFT, Work
from bot.domain.parsing.numbers import NUM
from bot.domain.text import normalise
from bot.domain.vocabulary.english import english_words
from bot.domain.vocabulary.glossary import Glossary, default_glossary, fold_key, has_han

_MATERIAL_LABELLED = re.compile(  # the material before its label: PP材质, 304材质, 硅胶材质
    r"(?<![a-z0-9])(?:[a-z]{1,6}\d{0,4}|\d{2,4}|不锈钢|硅胶|塑料|玻璃|陶瓷|竹子?|木|铝合金|铝|铁|铜"
    r"|纯棉|棉|真皮|皮|尼龙|亚克力)\s*(?:材质|材料)"
)
_SPEC_PATTERNS = (
    _MATERIAL_LABELLED,
    re.compile(
        r"(?:规格|尺寸|型号|材质|颜色|容量|功率|size|model|material|colou?r|spec)\s*[:：]\s*"
        r"[^\n\ue000,，;；。]{1,40}"
    ),
    re.compile(
        r"(?<![a-z0-9])(?:sus\s?|ss\s?)?(?:304l?|316l?|201|430|q235|q345|6061|6063)"
        r"\s*(?:不锈钢|stainless\s*steel|stainless|ss|铝合金|铝|碳钢)?(?![a-z0-9])"
    ),
    re.compile(
        rf"(?<![a-z0-9.])(?:{NUM})\s*[x*×]\s*(?:{NUM})(?:\s*[x*×]\s*(?:{NUM}))?"
        r"\s*(?:mm|cm|m|inch|寸|毫米|厘米|米)?(?![a-z0-9])"
    ),
    re.compile(
        r"(?<![a-z0-9.])\d{1,9}(?:\.\d{1,6})?\s*(?:ml|毫升|l|升|g|克|kg|公斤|w|瓦|kw|v|伏|mm|cm|毫米|厘米|米|m"
        r"|寸|英寸|inch(?:es)?|oz|gsm|mah|a|hz|ft|尺|p|%|度|码|号|层|孔|头|位|lb)(?![a-z0-9])"
    ),
    re.compile(r"(?<![a-z0-9])[a-z]{1,4}-?\d{1,6}[a-z]?(?:\s*[x*×]\s*\d{1,4})?(?![a-z0-9])"),
    re.compile(r"(?:红|黑|白|蓝|绿|黄|灰|粉|紫|金|银|棕|咖啡|米|透明|彩|多)色"),
)
_GRADE_ONLY = re.compile(r"(?<![a-z0-9])(?:sus\s?)?(?:304l?|316l?|201|430|q235|q345)(?![a-z0-9])")
_LABELLED_PRODUCT = re.compile(
    r"(?:产品名称|产品|品名|名称|商品|货品|货物|product(?:\s*name)?|item|goods|commodity)\s*[:：]\s*"
    r"(?P<v>[^\n\ue000,，;；。]{1,60})"
)
# The seller's own name standing alone before the goods (沧州华通管件厂 弯头、三通; 宁波远航
# 贸易公司 求购 不锈钢板): a word ending in 厂 / 公司 / ... with a separator after it.
_SELLER_NAME = re.compile(
    r"(?:^|(?<=[\s\ue000,，。:：;；!！]))[\u4e00-\u9fff]{2,16}"
    r"(?:有限公司|公司|厂家|厂|商行|经营部|门市部|集团)(?=[\s\ue000,，。:：;；!！]|$)"
)
_SPLIT = re.compile(r"[\ue000\n,，。;；!！?？、|()（）:：~+#&=\"“”‘’<>/\\]+|\s-\s|\.(?:\s|$)")


FILLER_FILE = Path(__file__).resolve().parent.parent / "data" / "filler_words.txt"


@lru_cache(maxsize=1)
def _word_lists() -> dict[str, frozenset[str]]:
    sections: dict[str, set[str]] = {}
    current = sections.setdefault("", set())
    for line in FILLER_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], set())
        elif line and not line.startswith("#"):
            current.update(line.split())
    return {name: frozenset(words) for name, words in sections.items()}


def extract_specs(work: Work, lang: Lang) -> list[str]:
    """Spec phrases (consumed), in the writer's own words and text order. In English the
    material stays in the product ("304 stainless steel sheets" -> spec 304, product
    "stainless steel sheets"); in Chinese 304不锈钢保温杯 gives spec 304不锈钢, product 保温杯."""
    found: list[tuple[int, str]] = []
    patterns = _SPEC_PATTERNS if lang is not Lang.EN else (_GRADE_ONLY, *_SPEC_PATTERNS[3:])
    for pattern in patterns:
        for m in work.finditer(pattern):
            found.append((m.start(), work.original(m.start(), m.end()).strip()))
            work.consume(m.start(), m.end(), soft=True)
    return [s for _, s in sorted(found)]


def _substantive(token: str) -> bool:
    t = token.strip().strip(".-'")
    if not t or t in _word_lists()["zh"] or t in _word_lists()["en"]:
        return False
    return any(ch.isalpha() for ch in t)


def _trim(work: Work, start: int, end: int) -> tuple[int, int]:
    """Shrink [start, end) past filler tokens at both ends (a product name is short, so
    only the first 120 characters of a long fragment are segmented)."""
    end = min(end, start + 120)
    text = work.key[start:end]
    tokens: list[tuple[int, int, str]] = []
    pos = 0
    for tok in segmenter.cut(text):
        at = text.find(tok, pos)
        if at < 0:
            continue
        tokens.append((at, at + len(tok), tok))
        pos = at + len(tok)
    keep = [i for i, (_, _, tok) in enumerate(tokens) if _substantive(tok) or _whole(tokens, i)]
    if not keep:
        return start, start
    name = tokens[keep[-1]]
    after = [tok for tok in tokens[keep[-1] + 1 :] if tok[2].strip()]
    if after and _model_number(name, after[0]):
        keep.append(tokens.index(after[0]))
    first, last = tokens[keep[0]], tokens[keep[-1]]
    return start + first[0], start + last[1]


def _whole(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the tokens from `i` on spell a name kept whole ("type" of "Type-C")."""
    names = _word_lists()["whole"]
    spelled = ""
    for _, _, tok in tokens[i : i + 4]:
        spelled += "".join(ch for ch in tok if ch not in " -")
        if spelled in names:
            return True
    return False


def _model_number(name: tuple[int, int, str], number: tuple[int, int, str]) -> bool:
    """A number that names a model of the word before it: "iPhone 14", "Windows 11", 苹果14
    (glued, at most three digits, so that 保温杯2024 keeps its year out)."""
    if not number[2].isdigit() or len(number[2]) > 4:
        return False
    latin_name = name[2].isascii() and name[2].isalpha()
    glued = number[0] == name[1] and len(number[2]) <= 3
    return latin_name or glued


def _fragments(key: str) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for m in _SPLIT.finditer(key):
        spans.append((pos, m.start()))
        pos = m.end()
    spans.append((pos, len(key)))
    return [(a, b) for a, b in spans if b > a]


_MAX_FRAGMENTS = 60  # a product is named early; do not segment a whole long message


def extract_product(work: Work) -> tuple[str, int, int] | None:
    """(product name in the writer's script, start, end in the text), or None when
    nothing substantial is left."""
    for m in work.finditer(_SELLER_NAME):
        work.consume(m.start(), m.end())
    for m in work.finditer(_LABELLED_PRODUCT):
        start, end = _trim(work, m.start("v"), m.end("v"))
        if end > start:
            work.consume(m.start(), m.end())
            return work.original(start, end).strip(" -.'"), start, end
    for a, b in _fragments(work.key)[:_MAX_FRAGMENTS]:
        fragment = work.key[a:b]
        if not any(ch.isalpha() for ch in fragment) or "有限公司" in fragment:
            continue
        start, end = _trim(work, a, b)
        if end - start < 1:
            continue
        name = work.original(start, end).strip(" -.'")
        folded = work.key[start:end].strip(" -.'")
        first_word = folded.split(" ", 1)[0]
        if (
            first_word in _word_lists()["not_product"]
            or len(folded) < 2
            and not _is_han_word(folded)
        ):
            continue
        end = _listed_after(work, end)  # 弯头、三通、弯管: several products, kept together
        name = work.original(start, end).strip(" -.'")
        work.consume(start, end)
        return name[:80], start, end
    return None


_MAX_LOOSE = 40  # characters of a fragment that may name specs alone


def extract_loose_specs(work: Work) -> list[str]:
    """Fragments left after the product that name only materials or attributes the
    glossary knows ("insulated water bottles, stainless steel, 500ml"; 保温杯，不锈钢):
    specs, as written (consumed)."""
    glossary = default_glossary()
    found = []
    for a, b in _fragments(work.key)[:_MAX_FRAGMENTS]:
        words = work.key[a:b].replace(SOFT, " ").split()
        if not words or b - a > _MAX_LOOSE or not _names_specs(words, glossary):
            continue
        found.append(work.original(a, b).strip())
        work.consume(a, b)
    return found


def _names_specs(words: list[str], glossary: Glossary) -> bool:
    """Whether every blank-separated part is a spec the glossary knows (a Chinese word, or
    English words in a row naming specs only: "organic cotton", "kraft paper")."""
    english: list[str] = []
    for word in words:
        if has_han(word):
            if not glossary.is_spec_key(fold_key(word)):
                return False
        elif word not in _word_lists()["en"]:
            english.extend(english_words(word))
    if not english:
        return any(has_han(word) for word in words)
    phrases = glossary.match_phrases(english)
    covered = sum(end - start for start, end, _ids in phrases)
    return covered == len(english) and all(
        glossary.is_spec_key(" ".join(english[start:end])) for start, end, _ids in phrases
    )


# More products listed after the first with the enumeration comma: each short and named.
_LISTED = re.compile(r"(?:\s*、\s*[\u4e00-\u9fffa-z0-9]{1,8}(?![\u4e00-\u9fffa-z0-9]))+")


def _listed_after(work: Work, end: int) -> int:
    m = _LISTED.match(work.key, end)
    return m.end() if m else end


def _is_han_word(text: str) -> bool:
    return len(text) == 1 and "\u4e00" <= text <= "\u9fff" and text not in _word_lists()["zh"]


def product_keywords(product: str | None) -> tuple[str, ...]:
    """Search keywords (simplified, lower case) for the product: jieba search-mode tokens
    without filler, longest first, at most 8."""
    if not product:
        return ()
    seen: list[str] = []
    for tok in segmenter.cut_for_search(normalise(product)):
        tok = tok.strip()
        long_enough = len(tok) >= 2 or "\u4e00" <= tok[0] <= "\u9fff"
        if _substantive(tok) and long_enough and tok not in seen and SEP not in tok:
            seen.append(tok)
    seen.sort(key=len, reverse=True)
    return tuple(seen[:8])
