"""The messages from the product brief that must parse exactly right."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.models import Intent, Lang, ParsedPost, Price, Quantity
from bot.domain.parsing import parse_post


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    from bot.domain.parsing import warm_up

    warm_up()


def test_offer_thermos_from_yiwu() -> None:
    p = parse_post("出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货")
    assert p.intent is Intent.OFFER
    assert p.language is Lang.ZH_HANS
    assert p.product == "保温杯"
    assert "304不锈钢" in p.specs and "500ml" in p.specs
    assert p.moq == Quantity(Decimal(1000), "pcs")
    assert p.quantity is None
    assert p.price == Price(Decimal(12), Decimal(12), "CNY", "pcs")
    assert p.place == "义乌"
    assert p.destination is None


def test_need_thermos_to_shanghai() -> None:
    p = parse_post("求购保温杯5000只，10元以内，寄到上海")
    assert p.intent is Intent.NEED
    assert p.product == "保温杯"
    assert p.quantity == Quantity(Decimal(5000), "pcs")
    assert p.price is not None
    assert (p.price.low, p.price.high, p.price.currency) == (None, Decimal(10), "CNY")
    assert p.destination == "上海"
    assert p.place is None


def test_traditional_led_bulbs() -> None:
    p = parse_post("供應 LED燈泡 9W 每箱100個 單價3.5元")
    assert p.intent is Intent.OFFER
    assert p.language is Lang.ZH_HANT
    assert p.product == "LED燈泡"
    assert "9W" in p.specs
    assert "每箱100個" in p.specs  # packing, not the order quantity
    assert p.quantity is None
    assert p.price is not None
    assert (p.price.low, p.price.high, p.price.currency) == (Decimal("3.5"), Decimal("3.5"), "CNY")


@pytest.mark.parametrize(
    ("text", "product", "pack"),
    [
        ("出售 鳳梨酵素 納豆 4入 每盒120元 台中出貨", "鳳梨酵素 納豆", "4入"),
        ("求購 毛巾 3入組 500組", "毛巾", "3入組"),
    ],
)
def test_a_taiwanese_pack_size_is_a_spec(text: str, product: str, pack: str) -> None:
    p = parse_post(text)
    assert (p.product, p.specs) == (product, (pack,))


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("出售 iPhone 14 全新 128G 4500元/台 深圳", "iPhone 14"),
        ("求购 苹果14 10台", "苹果14"),
        ("Looking for iphone 14, 10 units", "iphone 14"),
        ("出售 保温杯 2024 新款", "保温杯"),  # a year is not a model number
        ("出售 保温杯2024新款", "保温杯"),
    ],
)
def test_a_model_number_stays_with_its_name(text: str, product: str) -> None:
    assert parse_post(text).product == product


def test_a_number_before_an_inlet_is_not_a_pack() -> None:
    assert "2入口" in parse_post("出售 阀门 2入口 3出口").product


def test_wtb_screws_fob_ningbo() -> None:
    p = parse_post("WTB 20k pcs M6 stainless screws, FOB Ningbo, USD 0.02/pc")
    assert p.intent is Intent.NEED
    assert p.language is Lang.EN
    assert p.quantity == Quantity(Decimal(20000), "pcs")
    assert p.product == "stainless screws"
    assert "M6" in p.specs
    assert p.trade_term == "FOB"
    assert p.place == "Ningbo"
    assert p.price == Price(Decimal("0.02"), Decimal("0.02"), "USD", "pcs")


def test_looking_for_vacuum_flasks() -> None:
    p = parse_post("Looking for vacuum flasks, 5k pcs, under $1.5")
    assert p.intent is Intent.NEED
    assert p.product == "vacuum flasks"
    assert p.quantity == Quantity(Decimal(5000), "pcs")
    assert p.price is not None
    assert (p.price.low, p.price.high, p.price.currency) == (None, Decimal("1.5"), "USD")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "😀😀😀",
        "🔥🔥🔥🎉",
        "!!!???...",
        "你好",
        "how does this work?",
        "多少钱?",
        "锟斤拷锟斤拷",
        "\x00\x01\x02",
        "【】「」[]",
    ],
)
def test_non_posts_have_no_intent(text: str) -> None:
    p = parse_post(text)
    assert isinstance(p, ParsedPost)
    assert p.intent is Intent.NONE
