"""Product names (in the writer's script, trimmed) and specs."""

from __future__ import annotations

import pytest

from bot.domain.parsing import parse_post, warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货", "保温杯"),
        ("求购保温杯5000只，10元以内，寄到上海", "保温杯"),
        ("供應 LED燈泡 9W 每箱100個 單價3.5元", "LED燈泡"),
        ("WTB 20k pcs M6 stainless screws, FOB Ningbo", "stainless screws"),
        ("Looking for vacuum flasks, 5k pcs, under $1.5", "vacuum flasks"),
        ("出售保温杯，质量好价格优惠，欢迎咨询", "保温杯"),
        # "type" is a filler word ("all types of cables"), not when it begins Type-C
        ("供應 Type-C充電線 1米", "Type-C充電線"),
        ("Need type c cables, 5000 pcs", "type c cables"),
        ("Looking for all types of cables", "cables"),
        ("【现货】\n产品：不锈钢保温杯\n数量：5000个\n价格：12元/个", "不锈钢保温杯"),
        ("Product: silicone baking mats\nQty: 3000 pcs", "silicone baking mats"),
        ("现货 不锈钢304螺母 M8 5000个", "不锈钢304螺母"),
        ("brand new high quality LED panel lights, 800 pcs", "LED panel lights"),
        ("we can supply 304 stainless steel sheets 2mm", "stainless steel sheets"),
        ("出售 solar panels 450W 500片", "solar panels"),
        ("求购 一次性纸杯 10万个", "一次性纸杯"),
        ("出售 **保温杯** 5000个", "保温杯"),  # markup at the edges is trimmed
        ("出售 <b>保温杯</b> 5000个", "<b>保温杯</b>"),  # tags are kept as written
    ],
)
def test_product(text: str, product: str) -> None:
    assert parse_post(text).product == product


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("出售 304不锈钢保温杯 500ml", ("304不锈钢", "500ml")),
        ("供應 LED燈泡 9W", ("9W",)),
        ("WTB M6 stainless screws", ("M6",)),
        ("采购 六角螺栓 M10x50", ("M10x50",)),
        ("批发 垃圾袋 45*50cm", ("45*50cm",)),
        ("出售 卫衣 红色", ("红色",)),
        ("selling chargers 20W 220V", ("20W", "220V")),
        ("出售 保温杯 规格：500ml双层", ("规格:500ml双层",)),  # NFKC folds the colon
    ],
)
def test_specs(text: str, specs: tuple[str, ...]) -> None:
    parsed = parse_post(text)
    for spec in specs:
        assert spec in parsed.specs


def test_keywords_are_simplified_lower_case() -> None:
    parsed = parse_post("供應 LED燈泡 9W 每箱100個")
    assert "led灯泡" in parsed.keywords
    assert all(k == k.lower() for k in parsed.keywords)


@pytest.mark.parametrize(
    "text",
    [
        "出售 保温杯 5000个 微信 abc12345",
        "出售 保温杯 电话13812345678",
        "selling mugs, call +86 138 1234 5678",
    ],
)
def test_contacts_never_in_product_or_keywords(text: str) -> None:
    parsed = parse_post(text)
    assert parsed.contacts
    for contact in parsed.contacts:
        value = contact.split(":", 1)[-1]
        assert value not in (parsed.product or "")
        assert all(value not in k for k in parsed.keywords)
        assert all(value not in s for s in parsed.specs)


def test_products_listed_with_the_enumeration_comma_are_kept_together() -> None:
    from bot.domain.parsing import parse_post

    assert parse_post("弯头、三通、管帽 厂家直销").product == "弯头、三通、管帽"
    assert parse_post("出售 304不锈钢保温杯 500ml 起订1000个").product == "保温杯"


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("沧州某管件厂 弯头、三通、管帽 厂家直销", "弯头、三通、管帽"),
        ("河北华通管件厂 专业生产 法兰", "法兰"),
        ("孟村恒达法兰厂 对焊法兰 平焊法兰 现货", "对焊法兰 平焊法兰"),
        ("宁波远航贸易公司 求购 不锈钢板 5吨", "不锈钢板"),
        ("出售 整厂设备", "整厂设备"),  # 厂 inside the goods' words stays
    ],
)
def test_the_sellers_own_name_is_not_the_product(text: str, product: str) -> None:
    assert parse_post(text).product == product
