"""Numbers as merchants write them: 5,000 / 1.2万 / 3k / 五千 / 两千五 / 一百二十.

`NUM` is a regex fragment (no groups) for use inside larger patterns; it expects text
already folded to simplified Chinese and lower case. `parse_number` turns a match into
a Decimal, or None when the text is not a usable number. Chinese numerals are converted
by `cn2an`; `parse_chinese` only adapts the few forms it does not take.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

import cn2an

# Bounded repeats: a run of thousands of digits must not make every pattern quadratic.
_ARABIC = r"\d{1,3}(?:,\d{3}){1,5}(?:\.\d{1,6})?|\d{1,18}(?:\.\d{1,6})?"
# "k"/"w" only when not the start of a word ("5kg" is five kilograms, not 5000 g).
_MULT = r"(?:万|千|百|亿|k(?![a-z])|w(?![a-z]))?"
_CN_CHARS = "零〇一二两三四五六七八九十百千万亿壹贰叁参肆伍陆柒捌玖拾佰仟"
_NONZERO = "一二两三四五六七八九壹贰叁参肆伍陆柒捌玖"
_CN_DIGITS = "零〇" + _NONZERO
CN_NUM = f"[{_CN_CHARS}]{{1,12}}+"
# A number starts only at the start of a run of digits, and its digits are taken whole
# (atomic group, possessive repeat): no pattern retries "2元" inside "12元", and a long run
# of digits or numerals costs linear time.
NUM = rf"(?:(?<![\d.{_CN_CHARS}])(?:(?>{_ARABIC}){_MULT}|{CN_NUM}))"

_MULTIPLIER = {"万": 10_000, "w": 10_000, "千": 1000, "k": 1000, "百": 100, "亿": 100_000_000}
_ARABIC_RE = re.compile(rf"({_ARABIC})\s*(万|千|百|亿|k|w)?")
_NUMERALS = re.compile(f"[{_CN_CHARS}]+")
_YI_AND_DIGIT = re.compile(f".*亿[{_NONZERO}]")
_TWO_DIGITS_THEN_UNIT = re.compile(f"[{_NONZERO}]{{2}}[十百千万亿拾佰仟]")


@lru_cache(maxsize=4096)
def parse_chinese(text: str) -> int | None:
    """Value of a Chinese numeral, including colloquial 两千五 (2500) and 一万二 (12000).

    Returns None for text with no digit character (千, 万: too ambiguous on their own)
    and for runs of numerals that are not one number (十十, 一千一千)."""
    if not text or not _NUMERALS.fullmatch(text):
        return None
    if not any(ch in _CN_DIGITS for ch in text) and text[0] not in "十拾":
        return None
    # cn2an's "normal" mode reads numerals only ("smart" adds Arabic digits, which never
    # reach here). Where it reads less than merchants write:
    text = text.replace("参", "叁")  # it knows the capital 叁 but not the variant 参
    if _TWO_DIGITS_THEN_UNIT.match(text):
        text = text[1:]  # 三五千, 两三百 ("3-5 thousand"): the upper end; cn2an refuses
    if text[0] in "百佰千仟万亿":
        text = "一" + text  # 千五 = 一千五: cn2an wants the leading 一
    if _YI_AND_DIGIT.fullmatch(text):
        text += "千万"  # 一亿二 = 一亿二千万: cn2an's colloquial rule stops at 万 (KeyError)
    try:
        return int(cn2an.cn2an(text, "normal"))
    except (ValueError, KeyError):
        return None


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
