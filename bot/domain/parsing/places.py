"""Places: where goods ship from and where they go, with the trade term's port.

The names come from the gazetteer (`gazetteer.py`); the cue words around them say which
is which:

- "义乌发货", "从义乌发", "ship from Ningbo"                -> place
- "寄到上海", "送到上海", "deliver to Dubai"                 -> destination
- "FOB Ningbo", "宁波FOB", "CIF Los Angeles"                 -> the trade term's port, and the
  place (FOB, EXW ...) or destination (CIF, DDP ...) when no other is named
- any other city, port or province named                -> place (countries only with a cue)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.domain.models import Lang
from bot.domain.parsing._work import Work
from bot.domain.parsing.gazetteer import PlaceHit, find_places, gazetteer
from bot.domain.parsing.trade_terms import TradeTerm

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
_KIND_RANK = {"city": 0, "port": 0, "province": 1, "country": 2}


@dataclass(frozen=True, slots=True)
class PlacesFound:
    place: str | None = None
    destination: str | None = None
    origin_cue: bool = False  # "义乌发货": the writer ships, so is selling
    region: str = ""  # CN / TW / HK / MO of the place (else destination), for 元
    port: str | None = None  # named with the trade term: "FOB宁波", "Ningbo FOB", "CIF Hamburg"


_PORT_RANK = 0.5  # behind a city with its own cue ("义乌发货"), ahead of a cued province


def _named_beside(key: str, term: TradeTerm) -> PlaceHit | None:
    """A form that names a place only beside a trade term, written right after or right
    before it ("CIF汉堡", "汉堡CIF")."""
    after = term.end + len(key[term.end :]) - len(key[term.end :].lstrip())
    before = len(key[: term.start].rstrip())
    for name, place in gazetteer().beside_term.items():
        if key.startswith(name, after):
            return PlaceHit(after, after + len(name), place, name.isascii())
        if key.endswith(name, 0, before):
            return PlaceHit(before - len(name), before, place, name.isascii())
    return None


def _port_of(key: str, hit: PlaceHit, term: TradeTerm | None) -> bool:
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
    place: tuple[float, PlaceHit] | None = None  # (rank, hit): lower rank wins
    destination: PlaceHit | None = None
    port: PlaceHit | None = None
    origin_cue = False
    hits = find_places(work.key)
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

    def show(hit: PlaceHit | None) -> str | None:
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
