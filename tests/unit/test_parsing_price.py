"""Unit prices, currencies, ranges, ceilings and negotiable prices."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.parsing import parse_post, region_of, warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


def d(value: str | None) -> Decimal | None:
    return None if value is None else Decimal(value)


# text, low, high, currency, per_unit, per_count
CASES = [
    ("出售 保温杯 12元/个", "12", "12", "CNY", "pcs", 1),
    ("出售 保温杯 ¥12", "12", "12", "CNY", None, 1),
    ("出售 保温杯 RMB 12", "12", "12", "CNY", None, 1),
    ("selling flasks $1.5", "1.5", "1.5", "USD", None, 1),
    ("selling flasks US$1.5/pc", "1.5", "1.5", "USD", "pcs", 1),
    ("WTB screws USD 0.02/pc", "0.02", "0.02", "USD", "pcs", 1),
    ("出售 充电器 单价2.8美元", "2.8", "2.8", "USD", None, 1),
    ("求购 保温杯 10元以内", None, "10", "CNY", None, 1),
    ("求购 保温杯 不超过1.5元", None, "1.5", "CNY", None, 1),
    ("looking for flasks under $1.5", None, "1.5", "USD", None, 1),
    ("need gloves, max $0.5/pair", None, "0.5", "USD", "pair", 1),
    ("need tape $0.45/roll or less", None, "0.45", "USD", "roll", 1),
    ("need drills, budget USD 25/set", None, "25", "USD", "set", 1),
    ("求购 核桃 价格12-14元一斤", "12", "14", "CNY", "jin", 1),
    ("出售 保温杯 10-12元", "10", "12", "CNY", None, 1),
    ("供应 T恤 US$2.8-3.5 per piece", "2.8", "3.5", "USD", "pcs", 1),
    ("纸箱 最低1元一个", "1", None, "CNY", "pcs", 1),
    ("纸箱 12元起", "12", None, "CNY", None, 1),
    ("批发 袜子 每打30元", "30", "30", "CNY", "pcs", 12),
    ("socks $6 per dozen", "6", "6", "USD", "pcs", 12),
    ("供应 手套 每箱120元", "120", "120", "CNY", "carton", 1),
    ("供應 LED燈泡 單價3.5元", "3.5", "3.5", "CNY", None, 1),
    ("出 片碱 3200/吨", "3200", "3200", "CNY", "ton", 1),
    ("出售 电竞椅 原价399 现价199元", "199", "199", "CNY", None, 1),
    ("批發 牛仔褲 每件HK$45", "45", "45", "HKD", "pcs", 1),
    ("出售 保溫瓶 每個NT$180", "180", "180", "TWD", "pcs", 1),
    ("出售 辦公椅 每張2000元 台北", "2000", "2000", "TWD", "sheet", 1),
    ("gaming chairs €65 each", "65", "65", "EUR", None, 1),
    ("出售 蓝牙耳机 8块一个", "8", "8", "CNY", "pcs", 1),
    ("mugs 1.2usd/pc", "1.2", "1.2", "USD", "pcs", 1),
    ("tiles $5.8/sqm", "5.8", "5.8", "USD", "sqm", 1),
    ("bolts USD 1,100 per ton", "1100", "1100", "USD", "ton", 1),
    ("selling mugs PKR 450 per piece", "450", "450", "PKR", "pcs", 1),
    ("need 500 pcs mugs, 250 pkr/pc max", None, "250", "PKR", "pcs", 1),
    ("出售 杯子 每个50巴基斯坦卢比", "50", "50", "PKR", "pcs", 1),
    ("selling mugs ₹80 each", "80", "80", "INR", None, 1),
    ("selling mugs INR 80/pc", "80", "80", "INR", "pcs", 1),
]


@pytest.mark.parametrize(("text", "low", "high", "currency", "per_unit", "per_count"), CASES)
def test_price(
    text: str,
    low: str | None,
    high: str | None,
    currency: str,
    per_unit: str | None,
    per_count: int,
) -> None:
    price = parse_post(text).price
    assert price is not None
    assert (price.low, price.high, price.currency) == (d(low), d(high), currency)
    assert (price.per_unit, price.per_count) == (per_unit, per_count)
    assert not price.negotiable


@pytest.mark.parametrize(
    "text",
    [
        "求购 纸箱 价格私聊",
        "出售 茶叶 价格面议",
        "供应 涂料 面議",
        "求购 纯碱 价格电议",
        "selling tables, price negotiable",
        "looking for flooring, price pm",
        "sofa sets, price on request",
        "求購 紙箱 價格私訊",
    ],
)
def test_negotiable_without_amount(text: str) -> None:
    price = parse_post(text).price
    assert price is not None
    assert price.negotiable
    assert price.low is None and price.high is None


def test_negotiable_with_amount() -> None:
    price = parse_post("出售 电竞椅 每张3500元 可议").price
    assert price is not None and price.negotiable and price.high == Decimal(3500)


@pytest.mark.parametrize(
    "text",
    [
        "求购 纸杯 10万个 有货的老板私聊",
        "出售 保温杯 5000个",
        "求购保温杯5000只",
        "need 500 pcs M6 screws",
        "need cups Rs 200 each",  # rupees of India, Pakistan or Sri Lanka: no guess
    ],
)
def test_no_price(text: str) -> None:
    assert parse_post(text).price is None


def test_unqualified_price_is_per_ordered_unit() -> None:
    price = parse_post("求购保温杯5000只，10元以内").price
    assert price is not None and price.per_unit == "pcs"


def test_a_bare_yuan_follows_the_home_region_only_when_no_place_is_named() -> None:
    def currency(text: str, home: str) -> str | None:
        price = parse_post(text, home_region=home).price
        return price.currency if price else None

    assert currency("出售 充電線 每條2元", "TW") == "TWD"
    assert currency("出售 充電線 每條2元", "") == "CNY"
    assert currency("出售 充電線 每條2元 上海發貨", "TW") == "CNY"
    assert currency("出售 充電線 每條2美元", "TW") == "USD"  # said outright
    assert region_of(parse_post("出售 保溫杯 12元 高雄出貨")) == "TW"
    assert region_of(timezone="Asia/Hong_Kong") == "HK"
    assert region_of(parse_post("出售 保温杯 12元"), timezone="Europe/Berlin") == ""
