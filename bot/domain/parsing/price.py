"""Unit prices: 12元/个, ¥12, RMB 12, $1.5, US$1.5, USD 0.02/pc, 1.5美元, PKR 450, ₹80,
10-12元 (range), 10元以内 / under $1.5 (ceiling: low None), 12元起 (floor: high None),
每打30元 / per dozen (per_unit pcs, per_count 12), 单价3.5 (labelled, no currency), and
价格私聊 / 面议 / price negotiable (negotiable)."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from decimal import Decimal

from bot.domain.models import Lang, Price
from bot.domain.parsing._regex import words_regex
from bot.domain.parsing._work import Work
from bot.domain.parsing.numbers import NUM, parse_number
from bot.domain.parsing.quantity import UNIT, unit_and_count
from bot.domain.vocabulary.units import kept_unit_word

# ISO code -> the words and symbols written for it (folded: simplified, lower case).
_CURRENCY_WORDS = {
    "CNY": ("¥", "rmb", "cny", "人民币", "元", "块钱", "块", "圆"),
    "USD": ("$", "us$", "us $", "usd", "美元", "美金", "刀", "dollar", "dollars"),
    "HKD": ("hk$", "hkd", "港币", "港元"),
    "TWD": ("nt$", "twd", "台币", "新台币"),
    "EUR": ("€", "eur", "euro", "euros", "欧元"),
    "GBP": ("£", "gbp", "英镑"),
    "JPY": ("jpy", "日元", "円"),
    # "Rs" is India's and Pakistan's (and Sri Lanka's): only the codes and ₹ say which
    "INR": ("₹", "inr", "印度卢比"),
    "PKR": ("pkr", "巴基斯坦卢比"),
}
_CURRENCY = {word.replace(" ", ""): code for code, ws in _CURRENCY_WORDS.items() for word in ws}
_BEFORE_NUMBER: tuple[str, ...] = (
    "us$",
    "us $",
    "hk$",
    "nt$",
    "usd",
    "hkd",
    "twd",
    "rmb",
    "cny",
    "eur",
    "gbp",
)
_BEFORE_NUMBER += (
    "jpy",
    "人民币",
    "美元",
    "美金",
    "港币",
    "港元",
    "新台币",
    "台币",
    "$",
    "¥",
    "€",
    "£",
    "₹",
    "inr",
    "pkr",
)
_CUR_PRE = f"(?P<cur1>{words_regex(_BEFORE_NUMBER)})"
_AFTER_HAN: tuple[str, ...] = (
    "元",
    "块钱",
    "圆",
    "人民币",
    "美元",
    "美金",
    "欧元",
    "港币",
    "港元",
    "新台币",
    "台币",
)
_AFTER_HAN += ("日元", "円", "英镑", "印度卢比", "巴基斯坦卢比", "us$", "$", "¥", "€")
_AFTER_LATIN: tuple[str, ...] = (
    "rmb",
    "cny",
    "usd",
    "dollar",
    "dollars",
    "euro",
    "euros",
    "eur",
    "hkd",
    "twd",
)
_AFTER_LATIN += ("jpy", "gbp", "inr", "pkr")
_CUR_POST = (
    f"(?P<cur2>{words_regex(_AFTER_HAN)}|{words_regex(_AFTER_LATIN)}(?![a-z])"
    r"|块(?=\s*(?:/|一|每))|刀(?=\s*(?:/|一|每|$|\W)))"  # 块 and 刀 are also other words
)
_RANGE = rf"(?P<a>{NUM})(?:\s*(?:元|\$)?\s*(?:-|~|〜|—|–|至|到|to)\s*(?:\$|¥)?\s*(?P<b>{NUM}))?"
_PER = (
    rf"(?:\s*(?:/|每|per|a|each|一)\s*(?P<pern>\d{{1,5}})?\s*(?P<per>{UNIT})"
    rf"|\s+(?P<per2>pcs|pc|set|sets|ctn|carton|kg|ton|pair|roll|sheet)(?![a-z0-9]))?"
)
_MAX_PRE = (
    "(?P<maxpre>"
    + words_regex(
        "under below max max. maximum within budget < ≤ 不超过 不高于 低于 最高 最多 预算 控制在",
        ["less than", "up to", "at most", "not more than", "no more than"],
    )
    + ")"
)
_MIN_PRE = (
    "(?P<minpre>"
    + words_regex("above over from > ≥ 不低于 至少 最低", ["more than", "at least"])
    + ")"
)
_LABEL = (
    "(?P<label>"
    + words_regex(
        "单价 价格 价钱 售价 现价 报价 出厂价 批发价 目标价 预算 价 unitprice price target budget",
        ["unit price"],
    )
    + ")"
)
_SUFFIX = r"(?P<suffix>以内|之内|以下|或以下|内|以上|起(?![订批售])|or less|or below|max|or more|and up)?"

_PRICE_PATTERNS = (
    re.compile(
        rf"(?:{_LABEL}\s*[:：]?\s*)?(?:(?:{_MAX_PRE}|{_MIN_PRE})\s*)?"
        rf"(?:(?:每|一)\s*(?P<per0>{UNIT})\s*)?{_CUR_PRE}\s*{_RANGE}"
        rf"(?:\s*{_CUR_POST})?{_PER}\s*{_SUFFIX}"
    ),
    re.compile(
        rf"(?:{_LABEL}\s*[:：]?\s*)?(?:(?:{_MAX_PRE}|{_MIN_PRE})\s*)?{_RANGE}\s*{_CUR_POST}"
        rf"{_PER}\s*{_SUFFIX}"
    ),
    # 每打30元 / 一斤1200元 / 每组1.5元以下: the unit comes first.
    re.compile(
        rf"(?:{_LABEL}\s*[:：]?\s*)?(?:每|一)\s*(?P<per>{UNIT})\s*(?:(?:{_MAX_PRE}|{_MIN_PRE})\s*)?"
        rf"(?P<a>{NUM})\s*{_CUR_POST}"
        rf"(?!\s*(?:/|每|per)\s*(?:{UNIT}))"  # 6米一根 4800元/吨: the price is per ton
        rf"\s*{_SUFFIX}"
    ),
    # 单价3.5 / price: 1.5/pc / 预算每卷30以内: a labelled number with no currency.
    re.compile(
        rf"{_LABEL}\s*[:：]?\s*(?:(?:{_MAX_PRE}|{_MIN_PRE})\s*)?(?:每\s*(?P<per0>{UNIT})\s*)?"
        rf"{_RANGE}{_PER}(?![\d.%a-z])\s*{_SUFFIX}"
    ),
    # 3200/吨, 39一个, 每台450: a number tied to a unit with no currency at all.
    re.compile(rf"(?<![\d.a-z/])(?P<a>{NUM})\s*(?:/|一)\s*(?P<per>{UNIT})(?!\s*{NUM})"),
    re.compile(rf"每\s*(?P<per>{UNIT})\s*(?P<a>{NUM})(?!{UNIT}|[\d.])\s*{_SUFFIX}"),
)
# A struck-through "was" price is not the price: 原价399 现价199元.
_WAS = re.compile(rf"(?:原价|原來|was|rrp)\s*[:：]?\s*(?:{_CUR_PRE})?\s*{NUM}\s*(?:{_CUR_POST})?")
_NEGOTIABLE = re.compile(
    r"价格私聊|价钱私聊|价格面议|价格面谈|价格电议|价格可议|价格可谈|价格好商量|价格私信|价格私讯|价格详谈"
    r"|报价请?私聊|报价私信|价格好说|价钱好说|面议|面谈|电议|议价|可议价?|私聊价格|价私|私聊价|详谈价格|可商量|量大可谈|可谈"
    r"|price\s*(?:is\s*)?negotiable|negotiable|(?:pm|dm|inbox|ask|contact\s*(?:us|me)?)\s*for\s*"
    r"(?:the\s*)?(?:best\s*)?price|price\s*on\s*request|price\s*[:：]?\s*(?:pm|dm|tbd|inbox)(?![a-z])"
)
_CEILING_SUFFIX = ("以内", "之内", "以下", "或以下", "内", "or less", "or below", "max")
_FLOOR_SUFFIX = ("以上", "起", "or more", "and up")


_BUDGET = frozenset({"预算", "budget"})  # a budget is a ceiling
_LOCAL_YUAN = frozenset({"元", "块", "块钱", "圆", ""})


@dataclass(frozen=True, slots=True)
class PriceFound:
    """The price, and whether its currency was only implied ("元" or no word at all),
    so the caller may read 元 as NT$ or HK$ when the message is placed in Taiwan or HK."""

    price: Price | None
    implied_currency: bool = False


@dataclass(frozen=True, slots=True)
class _Found:
    price: Price
    implied: bool
    start: int
    end: int


def _currency_word(m: re.Match[str]) -> str:
    names = m.groupdict()
    return (names.get("cur1") or names.get("cur2") or "").replace(" ", "")


def _currency(word: str, lang: Lang) -> str | None:
    if word:
        return _CURRENCY.get(word)
    # A bare price in a Chinese message ("单价3.5", "3200/吨") is in yuan.
    return "CNY" if lang is not Lang.EN else None


def _price_from(work: Work, m: re.Match[str], lang: Lang) -> Price | None:
    names = m.groupdict()
    low = parse_number(names["a"])
    high = parse_number(names["b"]) if names.get("b") else low
    if low is None or high is None:
        return None
    if high < low:
        low, high = high, low
    per = next((name for name in ("per", "per0", "per2") if names.get(name)), None)
    per_unit, count = unit_and_count(names[per] if per else None)
    per_unit_word = kept_unit_word(work.original(*m.span(per))) if per else None
    if names.get("pern"):
        count *= int(names["pern"])
    suffix = names.get("suffix") or ""
    if names.get("maxpre") or suffix in _CEILING_SUFFIX or names.get("label") in _BUDGET:
        low = None
    elif names.get("minpre") or suffix in _FLOOR_SUFFIX:
        high = None
    currency = _currency(_currency_word(m), lang)
    return Price(low, high, currency, per_unit, count, per_unit_word=per_unit_word)


def extract_price(work: Work, lang: Lang) -> PriceFound:
    """The first unit price in the text (consumed), flagged negotiable when the text says
    so; a bare "价格私聊" gives a Price with no amount and negotiable=True."""
    for m in work.finditer(_WAS):
        work.consume(m.start(), m.end())
    negotiable = False
    for m in work.finditer(_NEGOTIABLE):
        negotiable = True
        work.consume(m.start(), m.end())
    found: _Found | None = None
    for pattern in _PRICE_PATTERNS:
        for m in work.finditer(pattern):
            price = _price_from(work, m, lang)
            if price is None or (price.high is not None and price.high > Decimal(10) ** 12):
                continue
            if found is None or m.start() < found.start:
                implied = _currency_word(m) in _LOCAL_YUAN
                found = _Found(price, implied, m.start(), m.end())
            break
    if found is None:
        return PriceFound(Price(negotiable=True) if negotiable else None)
    work.consume(found.start, found.end)
    price = found.price
    if negotiable:
        price = dataclasses.replace(price, negotiable=True)
    return PriceFound(price, found.implied)
