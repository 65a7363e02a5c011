"""Contacts are found, kept aside and removed from the rest of the parse."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.parsing import parse_post, warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


@pytest.mark.parametrize(
    ("text", "contact"),
    [
        ("出售 保温杯 电话13812345678", "13812345678"),
        ("出售 保温杯 手机：138-1234-5678", "138-1234-5678"),
        ("selling mugs, call +86 138 1234 5678", "+86 138 1234 5678"),
        ("出售 保温杯 微信 abc_12345", "wechat:abc_12345"),
        ("出售 保温杯 vx: Trade888", "wechat:Trade888"),
        ("出售 保温杯 QQ 123456789", "qq:123456789"),
        ("see https://shop.example.com/item?id=1", "https://shop.example.com/item?id=1"),
        ("catalogue: t.me/tradecircle_demo", "t.me/tradecircle_demo"),
        ("email sales@example.com", "sales@example.com"),
        ("DM @trade_boss for details", "@trade_boss"),
        ("出售 茶叶 座机 0571-88886666", "0571-88886666"),
        ("台北 09 12-345-678".replace(" ", ""), "0912-345-678"),
    ],
)
def test_contact_found(text: str, contact: str) -> None:
    assert contact in parse_post(text).contacts


def test_phone_is_not_a_quantity() -> None:
    parsed = parse_post("求购保温杯5000只 电话13812345678")
    assert parsed.quantity is not None and parsed.quantity.amount == Decimal(5000)
    assert parsed.contacts == ("13812345678",)


@pytest.mark.parametrize(
    "text", ["求购保温杯5000只", "出售 M6 螺丝 20k pcs 0.02USD", "304不锈钢 2024年"]
)
def test_no_false_contacts(text: str) -> None:
    assert parse_post(text).contacts == ()
