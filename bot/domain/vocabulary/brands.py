"""Brands across scripts: LANCOME, Lancôme and 兰蔻 are one brand, SK-II, SK2 and SKII too.

The data lives in `data/brands.tsv` (one brand a row, see its header). `Brands.find` gives
the brand ids a text names, from its comparison form (`text.normalise`): Chinese forms as
written, Latin forms as runs of whole words whatever separates them ("sk-ii" finds
"sk ii" and "skii"); a form that is also an everyday word (小米 millet, 苹果 apple) only
right before a model number (小米14, 苹果 15). A post's terms carry each brand as the product term
"b:<id>", so the same brand meets across scripts, and the identity check (identity.py)
counts two different brands against a pair.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from bot.domain.models import Lang
from bot.domain.text import normalise

from .glossary import has_han
from .tsv import list_cell, read_rows
from .units import ALL_UNIT_WORDS

BRANDS_PATH = Path(__file__).parent / "data" / "brands.tsv"
PREFIX = "b:"


@dataclass(frozen=True, slots=True)
class Brand:
    id: str
    names: MappingProxyType[Lang, str]
    forms: tuple[str, ...]
    before_a_number: tuple[str, ...] = ()


class Brands:
    def __init__(self, brands: Iterable[Brand]) -> None:
        self._brands = {b.id: b for b in brands}
        self._latin: dict[str, str] = {}  # form with its separators removed -> brand id
        self._chinese: dict[str, list[tuple[str, str]]] = {}  # first character -> forms
        self._longest = 1  # most words in a Latin form
        self._numbered: dict[str, list[tuple[str, str]]] = {}  # 小米 of 小米14, by first char
        for brand in self._brands.values():
            for form in map(normalise, brand.before_a_number):
                self._numbered.setdefault(form[0], []).append((form, brand.id))
            for form in map(normalise, brand.forms):
                if has_han(form):
                    self._chinese.setdefault(form[0], []).append((form, brand.id))
                else:
                    self._latin.setdefault(_key(form), brand.id)
                    self._longest = max(self._longest, len(_WORD.findall(form)))
        for forms in self._chinese.values():
            forms.sort(key=lambda item: -len(item[0]))  # the longest form first

    @classmethod
    def load(cls, path: Path = BRANDS_PATH) -> Brands:
        rows = []
        for row in read_rows(path):
            names = MappingProxyType(
                {Lang.EN: row["en"], Lang.ZH_HANS: row["zh_hans"], Lang.ZH_HANT: row["zh_hant"]}
            )
            forms, numbered = list_cell(row["forms"]), list_cell(row["before_a_number"])
            rows.append(Brand(row["id"], names, tuple(forms), tuple(numbered)))
        return cls(rows)

    def chinese_forms(self) -> list[str]:
        """Every Chinese form, simplified (for the segmenter's dictionary)."""
        return [form for forms in self._chinese.values() for form, _ in forms]

    def find(self, normalised: str) -> tuple[str, ...]:
        """Brand ids named in a text already in comparison form: Chinese forms anywhere,
        Latin forms as runs of whole words whatever separates them ("sk-ii", "sk ii")."""
        found: list[tuple[int, str]] = []
        chinese = self._chinese
        for i, char in enumerate(normalised):
            for form, bid in chinese.get(char, ()):
                if normalised.startswith(form, i):
                    found.append((i, bid))
                    break
            for form, bid in self._numbered.get(char, ()):
                if normalised.startswith(form, i) and _MODEL_NUMBER.match(
                    normalised, i + len(form)
                ):
                    found.append((i, bid))
        words = [(m.start(), m.group(0)) for m in _WORD.finditer(normalised)]
        latin = self._latin
        for i, (start, _word) in enumerate(words):
            for size in range(min(self._longest, len(words) - i), 0, -1):
                named = latin.get("".join(w for _, w in words[i : i + size]))
                if named is not None:
                    found.append((start, named))
                    break
        return tuple(dict.fromkeys(bid for _, bid in sorted(found)))

    def name(self, brand_id: str, lang: Lang) -> str:
        brand = self._brands.get(brand_id.removeprefix(PREFIX))
        return brand.names[lang] if brand else brand_id.removeprefix(PREFIX)

    def __len__(self) -> int:
        return len(self._brands)


_WORD = re.compile(r"[0-9a-zà-ÿ]+")  # a Latin word; anything else separates
# A model number: digits not followed by a unit or a currency (小米14, not 小米 5斤 or 苹果10元).
_UNITS = "|".join(map(re.escape, (*ALL_UNIT_WORDS, "元", "块", "rmb", "usd", "%")))
_MODEL_NUMBER = re.compile(rf" ?\d{{1,3}}(?![\d.])(?!\s*(?:{_UNITS}))")


def _key(form: str) -> str:
    return "".join(_WORD.findall(form))


@lru_cache(maxsize=1)
def default_brands() -> Brands:
    return Brands.load()
