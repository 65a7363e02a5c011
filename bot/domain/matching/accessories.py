"""Accessories and parts: a lid for a vacuum flask is not a vacuum flask.

A post's product names the thing traded by its last word (Chinese "保温杯杯盖" is a lid,
English "screen protectors for Samsung Galaxy S23" a screen protector), whatever it is
for. `item_type` gives that word's id when it is an accessory, a part, a mould or a machine
(`data/accessories.tsv`), "item" (the goods themselves) when no such word is in the
product at all, and None (not judged) when one stands elsewhere in it. It is a match field
(`MatchFields.item_type`): a pair of different item types scores
`Weights.item_type_conflict` times less, so a buyer of flasks is not alerted to lids, nor a
buyer of phones to phone cases.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from bot.domain.text import is_han, normalise
from bot.domain.vocabulary.english import english_words
from bot.domain.vocabulary.tsv import list_cell, read_rows

ACCESSORIES_PATH = Path(__file__).parent / "data" / "accessories.tsv"
ITEM = "item"  # the item type of goods traded for themselves
_FOR = re.compile(r"\s(?:for|fits?|compatible with|with)\s")
_WITH = "带附配含送"  # 收纳箱带盖: a box with its lid
# colours, finishes and pack words that may follow the head word: "... sleeve in black"
_AFTER_THE_HEAD = (
    "black white red blue green pink purple yellow orange grey gray silver gold brown beige "
    "navy rose teal magenta clear transparent matte glossy pk pack set pcs in and"
)
_TRAILING_EN = frozenset(_AFTER_THE_HEAD.split())
_TRAILING_NOT_HAN = re.compile(r"[^\u3400-\u9fff]+$")  # "手机壳 iphone14" ends in 手机壳


class Accessories:
    def __init__(self, rows: list[dict[str, str]]) -> None:
        self._zh: list[tuple[str, str]] = []  # (form, id), longest first
        self._zh_not: set[str] = set()
        self._en: dict[str, str] = {}  # singular words joined by spaces -> id
        self._en_not: set[str] = set()
        for row in rows:
            accessory = row["id"]
            self._zh.extend((form, accessory) for form in list_cell(row["zh"]))
            self._zh_not.update(list_cell(row["zh_not"]))
            for form in list_cell(row["en"]):
                self._en[" ".join(english_words(form))] = accessory
            self._en_not.update(" ".join(english_words(f)) for f in list_cell(row["en_not"]))
        self._zh.sort(key=lambda item: -len(item[0]))
        self._en_longest = max((len(k.split()) for k in self._en), default=1)

    @classmethod
    def load(cls, path: Path = ACCESSORIES_PATH) -> Accessories:
        return cls(list(read_rows(path)))

    def accessory_of(self, normalised: str) -> str | None:
        """The accessory id of a product (in `text.normalise` form), or None for a thing
        traded for itself."""
        text = _FOR.split(normalised, maxsplit=1)[0]
        if any(is_han(ch) for ch in text):
            return self._chinese_accessory(text)
        spaced = f" {' '.join(english_words(text))} "
        if any(f" {phrase} " in spaced for phrase in self._en_not):
            return None
        tokens = text.split()
        while tokens and (tokens[-1] in _TRAILING_EN or any(ch.isdigit() for ch in tokens[-1])):
            tokens.pop()  # "... sleeve in black", "... case digi-ipadpet10", "... protector 2pk"
        words = english_words(" ".join(tokens))
        for size in range(min(self._en_longest, len(words)), 0, -1):
            accessory = self._en.get(" ".join(words[-size:]))
            if accessory is not None:
                return accessory
        return None

    def mentions(self, normalised: str) -> bool:
        """Whether an accessory's word stands anywhere in the product ("leather case stylus",
        "wall mount for displays"): such a product may be either, so it is not judged."""
        text = normalised
        words = f" {' '.join(english_words(text))} "
        if any(f" {form} " in words for form in self._en):
            return True
        for word in self._zh_not:
            text = text.replace(word, " ")
        return any(form in text for form, _accessory in self._zh)

    def _chinese_accessory(self, text: str) -> str | None:
        """Each blank-separated part is a phrase whose last word is its head: "硅胶手机壳 各型号"
        and "手机壳 矽胶 iphone全系列" are cases; "收纳箱 带盖" is a box (带: with)."""
        for part in text.split():
            chinese = _TRAILING_NOT_HAN.sub("", part)
            for form, accessory in self._zh:
                if not chinese.endswith(form):
                    continue
                before = chinese[: -len(form)]
                if before[-1:] and before[-1] in _WITH:
                    break
                if any(chinese.endswith(word) for word in self._zh_not):
                    break
                return accessory
        return None


@lru_cache(maxsize=1)
def default_accessories() -> Accessories:
    return Accessories.load()


@lru_cache(maxsize=16384)
def item_type(product: str) -> str | None:
    """The accessory id ("lid", "case", "mould" ...) of a product that is one; "item" for a
    product with no accessory word in it; None when one stands elsewhere than at its end."""
    accessories, normalised = default_accessories(), normalise(product)
    found = accessories.accessory_of(normalised)
    if found is not None:
        return found
    return None if accessories.mentions(normalised) else ITEM
