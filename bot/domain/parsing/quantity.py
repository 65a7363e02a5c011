"""Order quantities, minimum orders and packing.

- packing (每箱100個, 100pcs/ctn, 25kg装) describes the goods, so it becomes a spec;
- MOQ: 起订1000个, 1000个起订, MOQ 500 sets, min order 100pcs;
- quantity: the first remaining "number + unit" (5000只, 20k pcs, 五千个, 3吨), or a
  labelled number (数量: 5000, qty 5000). Dozens and grosses become pcs (x12, x144).
Size units (500g, 5L) are left for the spec finder.
"""

from __future__ import annotations

import re
from decimal import Decimal

from bot.domain.models import Quantity
from bot.domain.parsing._regex import words_regex
from bot.domain.parsing._work import Work
from bot.domain.parsing.numbers import NUM, parse_number
from bot.domain.vocabulary.units import (
    ALL_UNIT_WORDS,
    MEASURE_UNITS,
    MULTIPLES,
    SIZE_ONLY_UNITS,
    UNIT_WORDS,
    canonical_unit,
    kept_unit_word,
)

# Unit words that are also the first character of common non-unit words.
_NOT_AFTER = {
    "个": "月|人|工作日|小时|星期",
    "包": "邮|装|括|含",
    "只": "要|有|是",
    "打": "样|包|折",
    "口": "罩|味|感|径|袋|碑|号",
}


def _unit_pattern() -> str:
    guarded = "|".join(f"{re.escape(w)}(?!{after})" for w, after in _NOT_AFTER.items())
    chinese = words_regex(w for w in ALL_UNIT_WORDS if not w.isascii() and w not in _NOT_AFTER)
    latin = words_regex(w for w in ALL_UNIT_WORDS if w.isascii())
    return f"(?:{guarded}|{chinese}|{latin}(?![a-z0-9]))"


UNIT = _unit_pattern()
# What goods are packed in: the second unit of "100个/箱", "100pcs/ctn".
_PACKAGE = words_regex(
    w
    for code in ("carton", "box", "bag", "roll", "barrel", "bottle", "pallet", "set")
    for w in UNIT_WORDS[code]
)
PACKAGE_UNIT = f"(?:{_PACKAGE})(?![a-z])"
_LEAD = r"(?<![\d.a-z第每])"
_ARABIC_COUNT = r"\d{1,3}(?:,\d{3}){1,4}|\d{1,9}(?:k(?![a-z]))?"
# "2 x 40HQ", "2个40尺柜", "1 x 20GP container": whole shipping containers.
_CONTAINERS = re.compile(
    rf"{_LEAD}(?P<n>{NUM})\s*(?:x|×|\*|个)?\s*(?:20|40)\s*(?:gp|hq|hc|ft|'|尺)\s*(?:柜|container)?s?"
    r"(?![a-z0-9])"
)
_QTY = rf"{_LEAD}(?P<n>{NUM})\s*(?P<u>{UNIT})(?![套件装])"

_PACKING = (
    # 6米一根 / 500ml一瓶 / 25kg/袋: what one piece measures, not how many are traded
    re.compile(
        rf"{_LEAD}\d{{1,6}}(?:\.\d{{1,3}})?\s*(?:米|mm|cm|m|毫米|厘米|公斤|kg|千克|克|g|ml|毫升|升|l)"
        rf"\s*(?:/|一)\s*{UNIT}(?!\s*{NUM}\s*{UNIT})"
    ),
    re.compile(rf"每\s*{UNIT}\s*(?:装\s*)?{NUM}\s*{UNIT}"),
    re.compile(rf"一\s*{UNIT}\s*{NUM}\s*{UNIT}"),
    re.compile(rf"{_LEAD}{NUM}\s*{UNIT}\s*(?:/|每|一|per|in\s*(?:a|one|each)?)\s*{PACKAGE_UNIT}"),
    re.compile(
        rf"(?:packing|packed|package|装箱|包装)\s*[:：]?\s*{NUM}\s*{UNIT}\s*"
        rf"(?:/|per|每|in|一)\s*(?:a\s*|one\s*|each\s*)?{UNIT}"
    ),
    re.compile(rf"{_LEAD}{NUM}\s*{UNIT}(?:{UNIT})?装(?![修饰])"),
    re.compile(rf"{_LEAD}{NUM}\s*入(?:组|装)?(?![口库场股])"),  # Taiwan's 4入 / 3入組: a pack of 4
    # "25kg bags", "5L bottles": a weight or volume per package.
    re.compile(
        rf"{_LEAD}{NUM}\s*(?:kg|g|l|ml|公斤|升)\s*(?:bags?|drums?|bottles?|boxes|box|cartons?|tins?|cans?)"
        r"(?![a-z])"
    ),
)
_MOQ_WORD = (
    r"(?:最小起订量?|起订量|起订|起批量?|起售|最少|最低|至少|moq|min\.?\s*order(?:\s*(?:qty|quantity))?"
    r"|minimum\s*order(?:\s*(?:qty|quantity))?|minimum|min\.?)"
)
_MOQ_PATTERNS = (
    re.compile(rf"{_MOQ_WORD}\s*(?:[:：]|is)?\s*(?P<n>{NUM})\s*(?P<u>{UNIT})?\s*起?"),
    re.compile(rf"{_QTY}?\s*(?:起订|起批|起售|起)(?![价步来])"),
    re.compile(rf"{_LEAD}(?P<n>{NUM})\s*(?P<u>{UNIT})\s*(?:minimum|min\.?|moq)(?![a-z])"),
)
_QTY_RE = re.compile(_QTY)
_LABELLED = re.compile(
    rf"(?:数量|需求量|需要量|采购量|订单量|订量|库存|qty|quantity|amount)\s*[:：]?\s*"
    rf"(?P<n>{NUM})\s*(?P<u>{UNIT})?"
)


def unit_and_count(word: str | None) -> tuple[str | None, int]:
    """(canonical unit, how many base units it stands for): "打" -> ("pcs", 12)."""
    code = canonical_unit(word)
    if code in MULTIPLES:
        base, factor = MULTIPLES[code]
        return base, int(factor)
    return code, 1


def _quantity(n_text: str | None, unit_word: str | None, written: str = "") -> Quantity | None:
    """The amount in `n_text` of the unit `unit_word` names; `written`: that word as the
    writer wrote it, kept for Chinese readers where the unit's own name differs."""
    if n_text is None:
        return None
    amount = parse_number(n_text)
    if amount is None or amount <= 0:
        return None
    unit, count = unit_and_count(unit_word)
    return Quantity(amount * count if count != 1 else amount, unit, kept_unit_word(written))


def _matched(work: Work, m: re.Match[str]) -> Quantity | None:
    """`_quantity` of a match with groups n and u."""
    written = work.original(*m.span("u")) if m.group("u") else ""
    return _quantity(m.group("n"), m.group("u"), written)


def extract_packing(work: Work) -> list[str]:
    """Packing phrases (consumed), in the writer's own words."""
    specs: list[tuple[int, str]] = []
    for pattern in _PACKING:
        for m in work.finditer(pattern):
            specs.append((m.start(), work.original(m.start(), m.end()).strip()))
            work.consume(m.start(), m.end())
    return [s for _, s in sorted(specs)]


def extract_moq(work: Work) -> Quantity | None:
    """The minimum order, consumed."""
    for pattern in _MOQ_PATTERNS:
        for m in work.finditer(pattern):
            q = _matched(work, m)
            if q is not None and q.unit not in SIZE_ONLY_UNITS:
                work.consume(m.start(), m.end())
                return q
    return None


def extract_quantity(work: Work) -> Quantity | None:
    """The order quantity, consumed: a labelled number (数量: 5000), else the first number
    with a counting unit, else the first with a measure unit ("1米 2万条": 2万条 is the
    order, 1米 the cable length, left for the spec finder)."""
    for m in work.finditer(_LABELLED):
        q = _matched(work, m)
        if q is None or q.unit in SIZE_ONLY_UNITS:
            continue
        if q.unit is None and q.amount != q.amount.to_integral_value():
            continue
        work.consume(m.start(), m.end())
        return q
    for m in work.finditer(_CONTAINERS):
        q = _quantity(m.group("n"), "container")
        if q is not None:
            work.consume(m.start(), m.end())
            return q
    best: tuple[bool, re.Match[str], Quantity] | None = None
    for m in work.finditer(_QTY_RE):
        q = _matched(work, m)
        if q is None or q.unit in SIZE_ONLY_UNITS:
            continue
        if q.unit in ("meter", "yard") and q.amount < 10:
            continue  # "1米 数据线", "1.8米 床垫": a length, not an order
        counting = q.unit not in MEASURE_UNITS
        if best is None or (counting and not best[0]):
            best = (counting, m, q)
        if counting:
            break
    if best is None:
        return None
    work.consume(best[1].start(), best[1].end())
    return best[2]


_COUNT_BEFORE = re.compile(rf"(?<![\d.a-z$¥€£])(?P<n>{_ARABIC_COUNT})\s*(?:x\s*)?[\ue001\s]*$")


def count_before_product(work: Work, product_start: int) -> Quantity | None:
    """A bare count right before an English product ("300 office chairs") in pieces."""
    m = _COUNT_BEFORE.search(work.key, max(0, product_start - 24), product_start)
    if m is None:
        return None
    amount = parse_number(m.group("n"))
    if amount is None or amount <= 0 or amount != amount.to_integral_value():
        return None
    work.consume(m.start(), m.end())
    return Quantity(amount, "pcs")


def is_absurd(q: Quantity | None) -> bool:
    """More than a billion of anything is a typo or a joke."""
    return q is not None and q.amount > Decimal(10) ** 9
