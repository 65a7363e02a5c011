"""The gazetteer: the places of data/places.tsv and where a text names them.

Places are Chinese provinces and cities in simplified and traditional forms, major world
ports, cities and countries with English names. Chinese names are looked up by substring
in the folded text, English ones by whole words, both through dicts, so the cost is linear
in the text length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from bot.domain.models import Lang
from bot.domain.text import fold_case

PLACES_FILE = Path(__file__).resolve().parent.parent / "data" / "places.tsv"
_WORD = re.compile(r"[a-z][a-z'.]*")


@dataclass(frozen=True, slots=True)
class PlaceName:
    kind: str
    simplified: str
    traditional: str
    english: str
    region: str = ""  # CN / TW / HK / MO for Chinese places

    def display(self, lang: Lang, written_in_english: bool) -> str:
        if written_in_english or lang is Lang.EN:
            return self.english
        return self.traditional if lang is Lang.ZH_HANT else self.simplified


@dataclass(frozen=True, slots=True)
class Gazetteer:
    chinese: dict[str, PlaceName]  # simplified name -> place
    english: dict[str, PlaceName]  # lower-case words joined by one space -> place
    cn_first: frozenset[str]  # first characters of Chinese names
    en_multi_first: frozenset[str]  # first words of multi-word English names
    max_cn: int
    max_en: int
    # Forms that name a place only beside a trade term ("CIF汉堡": 汉堡 is also a hamburger);
    # written with a leading "~" among the aliases. Simplified or lower-case -> place.
    beside_term: dict[str, PlaceName]


@lru_cache(maxsize=1)
def gazetteer() -> Gazetteer:
    from bot.domain.text import to_simplified

    chinese: dict[str, PlaceName] = {}
    english: dict[str, PlaceName] = {}
    beside_term: dict[str, PlaceName] = {}
    for line in PLACES_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, simp, trad, eng, aliases, region = (line.split("\t") + [""] * 6)[:6]
        place = PlaceName(kind, simp, trad, eng, region.strip())
        for name in (simp, trad, eng, *aliases.split(",")):
            name = name.strip()
            if name.startswith("~"):
                key = name[1:]
                beside_term[fold_case(key) if key.isascii() else to_simplified(key)] = place
                continue
            if not name:
                continue
            if name.isascii():
                english.setdefault(fold_case(name).replace(".", ""), place)
            else:
                chinese.setdefault(to_simplified(name), place)
    return Gazetteer(
        chinese,
        english,
        frozenset(name[0] for name in chinese),
        frozenset(name.split()[0] for name in english if " " in name),
        max(map(len, chinese)),
        max(len(k.split()) for k in english),
        beside_term,
    )


@dataclass(frozen=True, slots=True)
class PlaceHit:
    start: int
    end: int
    place: PlaceName
    english: bool
    merged: bool = False  # two adjacent names ("汕头澄海"): shown as written


def find_places(key: str) -> list[PlaceHit]:
    gaz = gazetteer()
    hits: list[PlaceHit] = []
    i, n = 0, len(key)
    while i < n:
        if key[i] in gaz.cn_first:
            for size in range(min(gaz.max_cn, n - i), 1, -1):
                place = gaz.chinese.get(key[i : i + size])
                if place is not None:
                    hits.append(PlaceHit(i, i + size, place, False))
                    i += size - 1
                    break
        i += 1
    words = [(m.start(), m.end(), m.group(0).replace(".", "")) for m in _WORD.finditer(key)]
    j = 0
    while j < len(words):
        sizes = range(min(gaz.max_en, len(words) - j), 0, -1)
        if words[j][2] not in gaz.en_multi_first:
            sizes = range(1, 0, -1)
        for size in sizes:
            group = words[j : j + size]
            if any(key[a[1] : b[0]].strip() for a, b in zip(group, group[1:], strict=False)):
                continue  # words split by punctuation are not one name
            place = gaz.english.get(" ".join(w[2] for w in group))
            if place is not None:
                hits.append(PlaceHit(group[0][0], group[-1][1], place, True))
                j += size - 1
                break
        j += 1
    hits.sort(key=lambda h: h.start)
    # "河北沧州", "佛山顺德": adjacent names narrow one place; keep the last, widest span.
    merged: list[PlaceHit] = []
    for hit in hits:
        prev = merged[-1] if merged else None
        if prev and not hit.english and not prev.english and hit.start == prev.end:
            # Province + city shows the city; city + district ("佛山顺德") shows both.
            both = prev.place.kind in ("city", "port") and hit.place.kind in ("city", "port")
            hit = PlaceHit(prev.start, hit.end, hit.place, False, merged=both)
            merged.pop()
        merged.append(hit)
    return merged


def place_named(name: str) -> PlaceName | None:
    """The gazetteer's place for a name as the parser kept it ("义乌", "義烏", "Ningbo")."""
    from bot.domain.text import to_simplified

    gaz = gazetteer()
    if name.isascii():
        return gaz.english.get(fold_case(name).replace(".", ""))
    return gaz.chinese.get(to_simplified(name))
