"""Trade terms (FOB, CIF, EXW ...) and places: where goods ship from and where they go.

Places come from data/places.tsv (Chinese provinces and cities in simplified and
traditional forms, major world ports, cities and countries with English names).
Chinese names are looked up by substring in the folded text, English ones by whole words,
both through dicts, so the cost is linear in the text length.

- "义乌发货", "从义乌发", "ship from Ningbo"                -> place
- "寄到上海", "送到上海", "deliver to Dubai"                 -> destination
- "FOB Ningbo", "宁波FOB", "CIF Los Angeles"                 -> the trade term's port, and the
  place (FOB, EXW ...) or destination (CIF, DDP ...) when no other is named
- any other city, port or province named                -> place (countries only with a cue)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from bot.domain.models import Lang
from bot.domain.parsing._work import Work
from bot.domain.text import fold_case

PLACES_FILE = Path(__file__).resolve().parent.parent / "data" / "places.tsv"

_TERMS = {
    "fob": "FOB",
    "cif": "CIF",
    "cfr": "CFR",
    "c&f": "CFR",
    "cnf": "CFR",
    "exw": "EXW",
    "ex-works": "EXW",
    "ex works": "EXW",
    "fca": "FCA",
    "fas": "FAS",
    "cpt": "CPT",
    "cip": "CIP",
    "dap": "DAP",
    "dpu": "DPU",
    "ddp": "DDP",
    "ddu": "DDU",
}
_ORIGIN_TERMS = {"FOB", "EXW", "FCA", "FAS"}
_TERM_RE = re.compile(
    r"(?<![a-z])(fob|cif|cfr|c&f|cnf|exw|ex-works|ex works|fca|fas|cpt|cip|dap|dpu|ddp|ddu)"
    r"(?![a-z])"
)
_DEST_BEFORE = re.compile(
    r"(?:寄到|寄往|寄去|寄至|送到|送往|送至|送货到|发到|发往|发至|发货到|发货至|运到|运往|运至|到货地?|收货地址?|目的港|目的地|出口到|销往|工地在"
    r"|deliver(?:y|ed)?\s*to|ship(?:ped|ping)?\s*to|send\s*to|destination|dest\.?|pod|(?<![a-z])to)"
    r"\s*[:：]?\s*$"
)
_ORIGIN_BEFORE = re.compile(
    r"(?:从|产地|发货地|货在|工厂在|厂在|位于|坐标|地址|货源地|发自|ship(?:ped|ping|s)?\s*from|from"
    r"|located\s*in|based\s*in|warehouse\s*in|factory\s*in|pol|port\s*of\s*loading|装货港)"
    r"\s*[:：]?\s*$"
)
_ORIGIN_AFTER = re.compile(
    r"^\s*(?:市|省)?\s*(?:发货|发出|出货|发|仓库?|工厂|厂家|现货|提货|自提|产|港|warehouse|factory)"
)
_DEST_AFTER = re.compile(r"^\s*(?:市|省)?\s*(?:收货|到付|自提点|到厂|到港)")
_WORD = re.compile(r"[a-z][a-z'.]*")
_KIND_RANK = {"city": 0, "port": 0, "province": 1, "country": 2}


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
class _Gazetteer:
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
def _gazetteer() -> _Gazetteer:
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
    return _Gazetteer(
        chinese,
        english,
        frozenset(name[0] for name in chinese),
        frozenset(name.split()[0] for name in english if " " in name),
        max(map(len, chinese)),
        max(len(k.split()) for k in english),
        beside_term,
    )


@dataclass(frozen=True, slots=True)
class _Hit:
    start: int
    end: int
    place: PlaceName
    english: bool
    merged: bool = False  # two adjacent names ("汕头澄海"): shown as written


def _find_places(key: str) -> list[_Hit]:
    gaz = _gazetteer()
    hits: list[_Hit] = []
    i, n = 0, len(key)
    while i < n:
        if key[i] in gaz.cn_first:
            for size in range(min(gaz.max_cn, n - i), 1, -1):
                place = gaz.chinese.get(key[i : i + size])
                if place is not None:
                    hits.append(_Hit(i, i + size, place, False))
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
                hits.append(_Hit(group[0][0], group[-1][1], place, True))
                j += size - 1
                break
        j += 1
    hits.sort(key=lambda h: h.start)
    # "河北沧州", "佛山顺德": adjacent names narrow one place; keep the last, widest span.
    merged: list[_Hit] = []
    for hit in hits:
        prev = merged[-1] if merged else None
        if prev and not hit.english and not prev.english and hit.start == prev.end:
            # Province + city shows the city; city + district ("佛山顺德") shows both.
            both = prev.place.kind in ("city", "port") and hit.place.kind in ("city", "port")
            hit = _Hit(prev.start, hit.end, hit.place, False, merged=both)
            merged.pop()
        merged.append(hit)
    return merged


@dataclass(frozen=True, slots=True)
class TradeTerm:
    name: str  # FOB, CIF, ...
    start: int  # where it is written in the work text
    end: int

    @property
    def at_origin(self) -> bool:
        """FOB, EXW ...: the place it names is where the goods are handed over to ship."""
        return self.name in _ORIGIN_TERMS


def extract_trade_term(work: Work) -> TradeTerm | None:
    """The first trade term, consumed."""
    for m in work.finditer(_TERM_RE):
        work.consume(m.start(), m.end())
        return TradeTerm(_TERMS[m.group(1)], m.start(), m.end())
    return None


@dataclass(frozen=True, slots=True)
class PlacesFound:
    place: str | None = None
    destination: str | None = None
    origin_cue: bool = False  # "义乌发货": the writer ships, so is selling
    region: str = ""  # CN / TW / HK / MO of the place (else destination), for 元
    port: str | None = None  # named with the trade term: "FOB宁波", "Ningbo FOB", "CIF Hamburg"


_PORT_RANK = 0.5  # behind a city with its own cue ("义乌发货"), ahead of a cued province


def _named_beside(key: str, term: TradeTerm) -> _Hit | None:
    """A form that names a place only beside a trade term, written right after or right
    before it ("CIF汉堡", "汉堡CIF")."""
    after = term.end + len(key[term.end :]) - len(key[term.end :].lstrip())
    before = len(key[: term.start].rstrip())
    for name, place in _gazetteer().beside_term.items():
        if key.startswith(name, after):
            return _Hit(after, after + len(name), place, name.isascii())
        if key.endswith(name, 0, before):
            return _Hit(before - len(name), before, place, name.isascii())
    return None


def _port_of(key: str, hit: _Hit, term: TradeTerm | None) -> bool:
    """Written right after or right before the trade term ("FOB 宁波", "宁波FOB"), and not
    where goods ship from when the term names where they go ("CIF 深圳发货")."""
    if term is None:
        return False
    if not term.at_origin and _ORIGIN_AFTER.match(key[hit.end : hit.end + 8]):
        return False
    if hit.start >= term.end:
        return key[term.end : hit.start].strip() == ""
    return hit.end <= term.start and key[hit.end : term.start].strip() == ""


def extract_places(work: Work, lang: Lang, term: TradeTerm | None) -> PlacesFound:
    """Place, destination and the trade term's port, consuming the names and the cue words
    around them. The port is also the place (FOB) or destination (CIF) when no other is
    named: "FOB宁波 义乌发货" ships from 义乌 through 宁波."""
    place: tuple[float, _Hit] | None = None  # (rank, hit): lower rank wins
    destination: _Hit | None = None
    port: _Hit | None = None
    origin_cue = False
    hits = _find_places(work.key)
    if term is not None and not any(_port_of(work.key, hit, term) for hit in hits):
        named = _named_beside(work.key, term)
        hits = sorted([*hits, named], key=lambda h: h.start) if named else hits
    for hit in hits:
        before = work.key[max(0, hit.start - 24) : hit.start]
        after = work.key[hit.end : hit.end + 8]
        cue_start, cue_end = hit.start, hit.end
        rank: float = 3 + _KIND_RANK.get(hit.place.kind, 2)
        m_dest = _DEST_BEFORE.search(before)
        if port is None and term is not None and _port_of(work.key, hit, term):
            port = hit
            m_after = _ORIGIN_AFTER.match(after)  # "FOB宁波发货", "FOB宁波港"
            if m_after:
                cue_end = hit.end + m_after.end()
                origin_cue = True
            work.consume(cue_start, cue_end)
            if term.at_origin and not m_dest and (place is None or place[0] > _PORT_RANK):
                place = (_PORT_RANK, hit)
            continue
        if m_dest or _DEST_AFTER.match(after):
            if destination is None:
                destination = hit
            if m_dest:
                cue_start = hit.start - len(before) + m_dest.start()
            work.consume(cue_start, cue_end)
            continue
        m_before = _ORIGIN_BEFORE.search(before)
        m_after = _ORIGIN_AFTER.match(after)
        if m_before or m_after:
            rank = _KIND_RANK.get(hit.place.kind, 2)
            if m_before:
                cue_start = hit.start - len(before) + m_before.start()
            if m_after:
                cue_end = hit.end + m_after.end()
                origin_cue = True
        elif hit.place.kind == "country" and re.search(r"(?:in|for|into)\s*$", before):
            continue  # "distributors in Kenya": a market, not where goods are
        if place is None or rank < place[0]:
            place = (rank, hit)
        work.consume(cue_start, cue_end)
    if port is not None and term is not None and not term.at_origin and destination is None:
        destination = port

    def show(hit: _Hit | None) -> str | None:
        if hit is None:
            return None
        if hit.merged:
            return work.original(hit.start, hit.end)
        return hit.place.display(lang, hit.english)

    origin = place[1] if place else None
    region = (origin.place.region if origin else "") or (
        destination.place.region if destination else ""
    )
    return PlacesFound(show(origin), show(destination), origin_cue, region, show(port))


def place_named(name: str) -> PlaceName | None:
    """The gazetteer's place for a name as the parser kept it ("义乌", "義烏", "Ningbo")."""
    from bot.domain.text import to_simplified

    gaz = _gazetteer()
    if name.isascii():
        return gaz.english.get(fold_case(name).replace(".", ""))
    return gaz.chinese.get(to_simplified(name))
