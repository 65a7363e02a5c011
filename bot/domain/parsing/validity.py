"""How long an offer or need stands: 有效期7天 / 3天内有效 / valid for 2 weeks /
valid until 12/31 / 截止12月31日. Produces days or an end date (end of that day, naive:
the service applies the user's time zone)."""

from __future__ import annotations

import re
from datetime import date, datetime, time

from bot.domain.parsing._work import Work
from bot.domain.parsing.numbers import NUM, parse_number

_PERIOD = r"(?P<period>天|日|周|星期|个月|月|days?|weeks?|months?)"
_DAYS_PATTERNS = (
    re.compile(rf"(?:有效期|有效)\s*[:：]?\s*(?P<n>{NUM})\s*{_PERIOD}(?:内)?"),
    re.compile(rf"(?P<n>{NUM})\s*{_PERIOD}\s*(?:内|之内)?\s*有效"),
    re.compile(rf"valid\s*(?:for)?\s*(?P<n>{NUM})\s*{_PERIOD}(?![a-z])"),
)
_MONTHS = {
    name: i
    for i, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
        start=1,
    )
}
_UNTIL = (
    r"(?:有效期?至|有效到|截止到?|截至|到期|valid\s*(?:until|till|to|thru|through)|until|expires?)"
)
_DATE_NUMERIC = re.compile(
    rf"{_UNTIL}\s*[:：]?\s*(?:(?P<y>\d{{4}})\s*[-/.年]\s*)?(?P<m>\d{{1,2}})\s*[-/.月]\s*"
    r"(?P<d>\d{1,2})\s*(?:日|号)?"
)
_DATE_WORDS = re.compile(
    rf"{_UNTIL}\s*[:：]?\s*(?:(?P<d1>\d{{1,2}})\s*(?P<m1>[a-z]{{3}})[a-z]*|(?P<m2>[a-z]{{3}})[a-z]*"
    r"\s*(?P<d2>\d{1,2}))(?:st|nd|rd|th)?(?:,?\s*(?P<y>\d{4}))?"
)
_FACTOR = {"天": 1, "日": 1, "周": 7, "星期": 7, "个月": 30, "月": 30}


def _days(period: str) -> int:
    if period in _FACTOR:
        return _FACTOR[period]
    return {"d": 1, "w": 7, "m": 30}[period[0]]


def _make_date(year: int | None, month: int, day: int, today: date) -> date | None:
    try:
        result = date(year or today.year, month, day)
    except ValueError:
        return None
    if year is None and result < today:
        try:
            result = date(today.year + 1, month, day)
        except ValueError:
            return None
    return result


def extract_validity(work: Work, today: date) -> tuple[int | None, datetime | None]:
    """(valid_days, valid_until) found in the text, consuming what was understood."""
    for pattern in _DAYS_PATTERNS:
        for m in work.finditer(pattern):
            n = parse_number(m.group("n"))
            if n is None or n <= 0 or n != int(n) or n > 1000:
                continue
            work.consume(m.start(), m.end())
            return int(n) * _days(m.group("period")), None
    for m in work.finditer(_DATE_NUMERIC):
        year = int(m.group("y")) if m.group("y") else None
        found = _make_date(year, int(m.group("m")), int(m.group("d")), today)
        if found:
            work.consume(m.start(), m.end())
            return None, datetime.combine(found, time(23, 59, 59))
    for m in work.finditer(_DATE_WORDS):
        month = _MONTHS.get(m.group("m1") or m.group("m2") or "")
        if month is None:
            continue
        year = int(m.group("y")) if m.group("y") else None
        found = _make_date(year, month, int(m.group("d1") or m.group("d2")), today)
        if found:
            work.consume(m.start(), m.end())
            return None, datetime.combine(found, time(23, 59, 59))
    return None, None
