"""Order quantities, MOQ and packing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.models import Quantity
from bot.domain.parsing import parse_post, warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


def q(amount: str, unit: str | None) -> Quantity:
    return Quantity(Decimal(amount), unit)


@pytest.mark.parametrize(
    ("text", "quantity"),
    [
        ("求购保温杯5000只", q("5000", "pcs")),
        ("出售 保温杯 五千个", q("5000", "pcs")),
        ("求购 纸杯 两千五百个", q("2500", "pcs")),
        ("求购 口罩 1.2万片", q("12000", "pcs")),
        ("出售 螺丝 10万支", q("100000", "pcs")),
        ("求購 紙箱 3000個", q("3000", "pcs")),
        ("求购 保温杯 ５０００个", q("5000", "pcs")),
        ("WTB 20k pcs screws", q("20000", "pcs")),
        ("Looking for flasks, 5K pcs", q("5000", "pcs")),
        ("need 5,000 pcs tote bags", q("5000", "pcs")),
        ("出售 积木 5000套", q("5000", "set")),
        ("求购 手套 1万双", q("10000", "pair")),
        ("need 500 cartons of paper", q("500", "carton")),
        ("出售 白砂糖 100吨", q("100", "ton")),
        ("求购 红枣 500公斤", q("500", "kg")),
        ("need 1,500 kg of tea", q("1500", "kg")),
        ("出售 袜子 100打", q("1200", "pcs")),
        ("need towels 2,000 dozen", q("24000", "pcs")),
        ("求购 面料 5000米", q("5000", "meter")),
        ("求购 瓷砖 2000平方", q("2000", "sqm")),
        ("RFQ: 2 x 40HQ of PVC pipes", q("2", "container")),
        ("出售 数据线 1米 2万条", q("20000", "pcs")),
        ("求购 床垫 1.8米 30张", q("30", "sheet")),
        ("求购 保温杯 数量：5000", q("5000", None)),
        ("FS: 300 office chairs", q("300", "pcs")),
    ],
)
def test_quantity(text: str, quantity: Quantity) -> None:
    assert parse_post(text).quantity == quantity


@pytest.mark.parametrize(
    ("text", "moq"),
    [
        ("出售 保温杯 起订1000个", q("1000", "pcs")),
        ("出售 保温杯 1000个起订", q("1000", "pcs")),
        ("批发 毛巾 500条起批", q("500", "pcs")),
        ("供应 石膏板 500张起", q("500", "sheet")),
        ("供应 保温杯 最少500个", q("500", "pcs")),
        ("Supply mugs, MOQ 300 pcs", q("300", "pcs")),
        ("Supply mugs, MOQ: 5,000", q("5000", None)),
        ("mugs, min order 100pcs", q("100", "pcs")),
        ("mugs, 3000pcs MOQ", q("3000", "pcs")),
        ("socks, 100 dozen minimum", q("1200", "pcs")),
    ],
)
def test_moq(text: str, moq: Quantity) -> None:
    parsed = parse_post(text)
    assert parsed.moq == moq
    assert parsed.quantity is None


@pytest.mark.parametrize(
    ("text", "packing", "quantity"),
    [
        ("供應 LED燈泡 每箱100個", "每箱100個", None),
        ("供应 餐盒 300套/箱", "300套/箱", None),
        ("cable ties, 100pcs/bag, 1000 bags", "100pcs/bag", q("1000", "bag")),
        ("出售 雨伞 一箱60把", "一箱60把", None),
        ("出售 钛白粉 25kg/袋 20吨", "25kg/袋", q("20", "ton")),
        ("出售 片碱 25kg袋装 20吨", "25kg袋装", q("20", "ton")),
        ("rice, 25kg bags, 100 tons", "25kg bags", q("100", "ton")),
    ],
)
def test_packing_is_a_spec_not_the_quantity(
    text: str, packing: str, quantity: Quantity | None
) -> None:
    parsed = parse_post(text)
    assert packing in parsed.specs
    assert parsed.quantity == quantity
