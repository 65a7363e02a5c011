"""Numbers as merchants write them: 5,000 / 1.2万 / 3k / 五千 / 两千五 / 一百二十.

`NUM` is a regex fragment (no groups) for use inside larger patterns; it expects text
already folded to simplified Chinese and lower case. `parse_number` turns a match into
a Decimal, or None when the text is not a usable number.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

# Bounded repeats: a run of thousands of digits must not make every pattern quadratic.
_ARABIC = r"\d{1,3}(?:,\d{3}){1,5}(?:\.\d{1,6})?|\d{1,18}(?:\.\d{1,6})?"
# "k"/"w" only when not the start of a word ("5kg" is five kilograms, not 5000 g).
_MULT = r"(?:万|千|百|亿|k(?![a-z])|w(?![a-z]))?"
_CN_CHARS = "零〇一二两三四五六七八九十百千万亿壹贰叁参肆伍陆柒捌玖拾佰仟"
CN_NUM = f"[{_CN_CHARS}]{{1,12}}+"
# A number starts only at the start of a run of digits, and its digits are taken whole
# (atomic group, possessive repeat): no pattern retries "2元" inside "12元", and a long run
# of digits or numerals costs linear time.
NUM = rf"(?:(?<![\d.{_CN_CHARS}])(?:(?>{_ARABIC}){_MULT}|{CN_NUM}))"

_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "壹": 1,
    "二": 2,
    "两": 2,
    "贰": 2,
    "三": 3,
    "叁": 3,
    "参": 3,
    "四": 4,
    "肆": 4,
    "五": 5,
    "伍": 5,
    "六": 6,
    "陆": 6,
    "七": 7,
    "柒": 7,
    "八": 8,
    "捌": 8,
    "九": 9,
    "玖": 9,
}
_SMALL = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_BIG = {"万": 10_000, "亿": 100_000_000}
_MULTIPLIER = {"万": 10_000, "w": 10_000, "千": 1000, "k": 1000, "百": 100, "亿": 100_000_000}
_ARABIC_RE = re.compile(rf"({_ARABIC})\s*(万|千|百|亿|k|w)?")


def parse_chinese(text: str) -> int | None:
    """Value of a Chinese numeral, including colloquial 两千五 (2500) and 一万二 (12000).

    Returns None for text with no digit character (千, 万: too ambiguous on their own)."""
    if not text or not any(ch in _DIGITS for ch in text) and not text.startswith(("十", "拾")):
        return None
    if all(ch in _DIGITS for ch in text):
        return int("".join(str(_DIGITS[ch]) for ch in text))  # 二〇二四 style
    total = section = 0
    number: int | None = None
    prev_small = prev_big = 0
    prev_char = ""
    for ch in text:
        if ch in _DIGITS:
            number = _DIGITS[ch]
            prev_small = prev_small if prev_char in _SMALL else 0
            prev_big = prev_big if prev_char in _BIG else 0
        elif ch in _SMALL:
            unit = _SMALL[ch]
            section += (1 if number is None else number) * unit
            number, prev_small = None, unit
        elif ch in _BIG:
            unit = _BIG[ch]
            section += number or 0
            total = (total + section) * unit if section else total * unit
            section, number, prev_big, prev_small = 0, None, unit, 0
        else:
            return None
        prev_char = ch
    if number is not None:
        # A trailing digit right after a unit is one order below it: 两千五 = 2500.
        if prev_char in _DIGITS and prev_small and len(text) >= 2 and text[-2] in _SMALL:
            number *= prev_small // 10
        elif prev_char in _DIGITS and prev_big and len(text) >= 2 and text[-2] in _BIG:
            number *= prev_big // 10
        section += number
    return total + section


def tidy(value: Decimal) -> Decimal:
    """Drop exponent and trailing zeros: 1.2E+4 -> 12000, 1.50 -> 1.5."""
    if value == value.to_integral_value():
        return Decimal(int(value))
    return value.normalize()


def parse_number(text: str) -> Decimal | None:
    """Decimal value of one NUM match ("5,000", "1.2万", "3k", "五千"), else None."""
    text = (text or "").strip().lower()
    if not text:
        return None
    m = _ARABIC_RE.fullmatch(text)
    if m:
        try:
            value = Decimal(m.group(1).replace(",", ""))
        except InvalidOperation:
            return None
        if m.group(2):
            value *= _MULTIPLIER[m.group(2)]
        return tidy(value)
    value_cn = parse_chinese(text)
    return None if value_cn is None else Decimal(value_cn)
