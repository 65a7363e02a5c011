"""`parsing.price_list.read_list`: a pasted price list as its products, each with what the
shared lines say; anything else is no list."""

from __future__ import annotations

import time

import pytest

from bot.domain.models import Intent
from bot.domain.parsing import parse_post
from bot.domain.parsing.price_list import MAX_ITEMS, read_list

CUPS = """出售以下保温杯，义乌发货：
304保温杯 350ml 10元/个
304保温杯 500ml 12元/个
304保温杯 750ml 15元/个
起订500个"""


def test_each_product_with_the_shared_lines() -> None:
    found = read_list(CUPS, parse_post)
    assert found is not None and found.more == 0
    items = [item.parsed for item in found.items]
    assert [(p.product, p.specs, int(p.price.low)) for p in items if p.price] == [
        ("保温杯", ("304", "350ml"), 10),
        ("保温杯", ("304", "500ml"), 12),
        ("保温杯", ("304", "750ml"), 15),
    ]
    assert {(p.intent, p.place, int(p.moq.amount) if p.moq else 0) for p in items} == {
        (Intent.OFFER, "义乌", 500)
    }
    assert found.items[1].text == "出售以下保温杯，义乌发货：\n起订500个\n304保温杯 500ml 12元/个"


@pytest.mark.parametrize(
    ("text", "products"),
    [
        ("供应：\n1. LED灯泡 9W 3元/个\n2) LED灯泡 12W 4元/个\n- LED灯带 5米 15元/条", 3),
        ("出售保温杯:\n500ml 12元/个\n750ml 15元/个", 2),  # specs alone: the header's product
        ("Selling:\n• Bamboo cutting board 30x20cm $1.20/pc\n• Bamboo tray $2/pc", 2),
        ("求購清單：\n保溫杯 500ml 單價70元以內 2000個\n保溫杯 1000ml 單價90元以內 1000個", 2),
    ],
)
def test_lists_as_shops_write_them(text: str, products: int) -> None:
    found = read_list(text, parse_post)
    assert found is not None and len(found.items) == products
    assert all(item.parsed.product and item.parsed.price for item in found.items)
    assert all(item.parsed.intent is not Intent.NONE for item in found.items)


@pytest.mark.parametrize(
    "text",
    [
        "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",  # one post
        "求购保温杯5000只，10元以内\n急用",  # one post on two lines
        "出售 保温杯 12元/个\n出售 保温杯 12元/个",  # the same goods twice
        "大家好\n今天发货\n明天休息",  # chatter
        "12元\n15元",  # prices of nothing
    ],
)
def test_what_is_no_list(text: str) -> None:
    assert read_list(text, parse_post) is None


def test_a_long_list_is_cut_and_says_how_much_was_left() -> None:
    lines = [f"保温杯 {100 + 50 * n}ml {10 + n}元/个" for n in range(14)]
    found = read_list("出售：\n" + "\n".join(lines), parse_post)
    assert found is not None and len(found.items) == MAX_ITEMS and found.more == 4


def test_a_message_of_many_lines_is_read_quickly_and_only_in_part() -> None:
    text = "\n".join(f"保温杯 {n}ml {n}元/个" for n in range(1, 400))[:4096]
    started = time.perf_counter()
    found = read_list("出售\n" + text, parse_post)
    assert found is not None and len(found.items) == MAX_ITEMS and found.more > 200
    assert time.perf_counter() - started < 2  # 30 lines parsed, not hundreds
