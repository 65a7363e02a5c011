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
        ("出售 保温杯 电话13812345678", "+86 138 1234 5678"),
        ("出售 保温杯 手机：138-1234-5678", "+86 138 1234 5678"),
        ("selling mugs, call +86 138 1234 5678", "+86 138 1234 5678"),
        ("出售 保温杯 微信 abc_12345", "wechat:abc_12345"),
        ("出售 保温杯 vx: Trade888", "wechat:Trade888"),
        ("出售 保温杯 QQ 123456789", "qq:123456789"),
        ("see https://shop.example.com/item?id=1", "https://shop.example.com/item?id=1"),
        ("catalogue: t.me/tradecircle_demo", "t.me/tradecircle_demo"),
        ("email sales@example.com", "sales@example.com"),
        ("DM @trade_boss for details", "@trade_boss"),
        ("出售 茶叶 座机 0571-88886666", "+86 571 8888 6666"),
        ("台北 09 12-345-678".replace(" ", ""), "+886 912 345 678"),
    ],
)
def test_contact_found(text: str, contact: str) -> None:
    assert contact in parse_post(text).contacts


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("出售 保温杯 电话 138 0013 8000", "+86 138 0013 8000"),
        ("WhatsApp +8613812345678", "+86 138 1234 5678"),
        ("联系 0086 138 1234 5678", "+86 138 1234 5678"),
        ("call +1 (415) 555-2671", "+1 415-555-2671"),
        ("+852 9123 4567 Kowloon", "+852 9123 4567"),
        ("台北 0912345678", "+886 912 345 678"),
        # 0901 952076 is also a mainland landline; the Taiwan mobile shape wins
        ("出售 保温杯 电话 0901-952-076", "+886 901 952 076"),
        ("010-88886666", "+86 10 8888 6666"),
        # shapes the finder takes only when phonenumbers finds them valid
        ("tel: (021) 6123 4567", "+86 21 6123 4567"),
        ("电话 021 61234567", "+86 21 6123 4567"),
        ("门市 02-2345-6789 台北", "+886 2 2345 6789"),
        ("(02)2345-6789", "+886 2 2345 6789"),
    ],
)
def test_phones_in_international_format(text: str, phone: str) -> None:
    assert parse_post(text).contacts == (phone,)


def test_same_number_written_twice_is_one_contact() -> None:
    parsed = parse_post("求购保温杯5000只 电话13812345678 手机 138-1234-5678")
    assert parsed.contacts == ("+86 138 1234 5678",)


def test_usual_shape_that_phonenumbers_rejects_stays_private_as_written() -> None:
    parsed = parse_post("出售 保温杯 电话 14012345678")  # 140 is not a mobile range
    assert parsed.contacts == ("14012345678",)
    assert "140" not in (parsed.product or "")


@pytest.mark.parametrize("text", ["出售 纸箱 05 1234 5678个", "规格 0 1234 5678"])
def test_loose_shape_needs_a_valid_number(text: str) -> None:
    assert parse_post(text).contacts == ()


def test_phone_is_not_a_quantity() -> None:
    parsed = parse_post("求购保温杯5000只 电话13812345678")
    assert parsed.quantity is not None and parsed.quantity.amount == Decimal(5000)
    assert parsed.contacts == ("+86 138 1234 5678",)


@pytest.mark.parametrize(
    "text",
    [
        "求购保温杯5000只",
        "出售 M6 螺丝 20k pcs 0.02USD",
        "304不锈钢 2024年",
        "2024-12-01 到货",
        "订单号 2024120112345",
        "条码 6901234567892",
        "尺寸 138 x 1234 x 5678",
    ],
)
def test_no_false_contacts(text: str) -> None:
    assert parse_post(text).contacts == ()
