"""Trade terms, where goods ship from and where they go."""

from __future__ import annotations

import pytest

from bot.domain.parsing import parse_post, warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


@pytest.mark.parametrize(
    ("text", "place", "destination"),
    [
        ("出售 保温杯 义乌发货", "义乌", None),
        ("出售 保溫杯 義烏發貨", "義烏", None),
        ("出售 保温杯 从宁波发", "宁波", None),
        ("求购保温杯5000只，寄到上海", None, "上海"),
        ("求购 大米 20吨 送到杭州", None, "杭州"),
        ("求购 纯碱 50吨 沧州到厂", None, "沧州"),
        ("求购 水泥 工地在成都双流", None, "成都"),
        ("WTB screws, FOB Ningbo", "Ningbo", None),
        ("Selling tables EXW Foshan", "Foshan", None),
        ("RFQ pipes, CIF Lagos", None, "Lagos"),
        ("Need sugar delivered to Jeddah", None, "Jeddah"),
        ("need wire, to Nairobi", None, "Nairobi"),
        ("Buy caustic soda, CFR Ho Chi Minh", None, "Ho Chi Minh City"),
        ("selling chairs, ship from Guangzhou", "Guangzhou", None),
        ("出售 钛白粉 山东淄博", "淄博", None),
        ("出售 乳胶漆 佛山顺德", "佛山顺德", None),
        ("出售 白砂糖 广西南宁", "南宁", None),
        ("批发 积木 汕头澄海", "汕头澄海", None),
        ("出售 LED投光燈 九龍", "九龍", None),
        ("gloves in stock, Malaysia", "Malaysia", None),
        ("Looking for distributors in Kenya", None, None),
        ("出口转内销 卫衣 广州十三行 发货到武汉", "广州", "武汉"),
        ("出售 保温杯 5000个", None, None),
    ],
)
def test_places(text: str, place: str | None, destination: str | None) -> None:
    parsed = parse_post(text)
    assert (parsed.place, parsed.destination) == (place, destination)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("FOB Ningbo", "FOB"),
        ("price cif lagos", "CIF"),
        ("C&F Dubai", "CFR"),
        ("EXW Foshan", "EXW"),
        ("ex works Foshan", "EXW"),
        ("DDP Los Angeles", "DDP"),
        ("DAP Sydney", "DAP"),
        ("出售 保温杯", None),
        ("fobbing off", None),
    ],
)
def test_trade_term(text: str, term: str | None) -> None:
    assert parse_post(text).trade_term == term


@pytest.mark.parametrize(
    ("text", "term", "port", "place", "destination"),
    [
        ("出售 保温杯 12元/个 FOB宁波 义乌发货", "FOB", "宁波", "义乌", None),
        ("求购 M6不锈钢螺丝 2万个 宁波FOB 0.02美元/个", "FOB", "宁波", "宁波", None),
        ("WTB screws, FOB Ningbo", "FOB", "Ningbo", "Ningbo", None),
        ("出售 保溫杯 義烏發貨 FOB Ningbo", "FOB", "Ningbo", "義烏", None),
        ("出售 保温杯 浙江发货 FOB 宁波", "FOB", "宁波", "宁波", None),  # the city over a province
        ("Selling LED bulbs CIF Hamburg from Shenzhen", "CIF", "Hamburg", "Shenzhen", "Hamburg"),
        ("Need 500 chairs CIF Dubai deliver to Abu Dhabi", "CIF", "Dubai", None, "Abu Dhabi"),
        ("出售 保温杯 FOB价 义乌发货", "FOB", None, "义乌", None),
        ("保温杯 FOB宁波港 12元/个", "FOB", "宁波", "宁波", None),
        # 汉堡 names Hamburg only beside a trade term: it is a hamburger too
        ("出售 LED灯 CIF汉堡 深圳发货", "CIF", "汉堡港", "深圳", "汉堡港"),
        ("出售 LED灯 汉堡 CIF 深圳发货", "CIF", "汉堡港", "深圳", "汉堡港"),  # 深圳 ships
        ("求购 汉堡包 500个", None, None, None, None),
        ("selling chairs, ship from Guangzhou", None, None, "Guangzhou", None),
    ],
)
def test_a_trade_term_keeps_its_port(text, term, port, place, destination) -> None:
    """ "FOB宁波 义乌发货": FOB Ningbo, goods from Yiwu (issue 9)."""
    parsed = parse_post(text)
    got = (parsed.trade_term, parsed.port, parsed.place, parsed.destination)
    assert got == (term, port, place, destination)
