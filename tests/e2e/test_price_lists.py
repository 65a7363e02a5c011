"""Price lists as merchants paste them (issue 35): one message listing several products
becomes a draft for each, published with one tap or one by one, each matched on its own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.fake_telegram import FakeTelegram, simulate
from bot.fake_telegram.models import Button, StoredMessage
from tests.e2e.helpers import (
    RunningBot,
    alerts,
    button_data,
    latest,
    post_and_publish,
    press_publish,
    read_rows,
    rejected,
)

pytestmark = pytest.mark.debug_logs

CUPS = """出售以下保温杯，义乌发货：
304保温杯 350ml 10元/个
304保温杯 500ml 12元/个
304保温杯 750ml 15元/个
304保温杯 1000ml 18元/个
起订500个"""


async def test_a_pasted_price_list_becomes_a_draft_for_each_product(
    fake: FakeTelegram, bot: RunningBot, database_url: str
) -> None:
    seller = fake.user("Wang Li", language_code="zh-hans")
    await seller.send(CUPS)
    (summary,) = await seller.wait_for_messages(1)
    assert "4 条供应" in summary.text and "以下" not in summary.text
    for spec, price in (("350ml", "¥10"), ("500ml", "¥12"), ("750ml", "¥15"), ("1000ml", "¥18")):
        assert spec in summary.text and price in summary.text
    assert summary.button_texts() == ["✅ 全部发布（4）", "📝 逐张查看", "✖️ 全部取消"]
    query = await seller.press(summary, data=button_data(summary, 0))
    await seller.wait_answer(query)
    done = await latest(seller, fake, lambda m: "已发布 4 条" in (m.text or ""))
    assert done.message_id == summary.message_id and not done.buttons  # spent
    rows = read_rows(
        database_url, "SELECT status, product, moq_amount, place, price_low FROM posts ORDER BY id"
    )
    assert [(r[0], r[1], float(r[2]), r[3], float(r[4])) for r in rows] == [
        ("open", "保温杯", 500.0, "义乌", price) for price in (10.0, 12.0, 15.0, 18.0)
    ]
    buyer = fake.user("Anna", language_code="en")
    await post_and_publish(fake, buyer, "Looking for vacuum flasks 500ml, 5000 pcs, under $2")
    found = await alerts(fake, buyer)
    assert any("500ml" in a.words for a in found)
    assert rejected(fake) == []


async def test_one_by_one_and_cancel_all(
    fake: FakeTelegram, bot: RunningBot, database_url: str
) -> None:
    seller = fake.user("Li Qiang", language_code="en")
    text = "Bamboo cutting board 30x20cm $1.20/pc\nBamboo cutting board 40x30cm $1.80/pc"
    await seller.send(text)
    (question,) = await seller.wait_for_messages(1)  # selling or buying? once for the list
    query = await seller.press(question, data=button_data(question, 0))
    await seller.wait_answer(query)
    summary = await latest(seller, fake, lambda m: "2 offers" in (m.text or ""))
    publish_all = Button("✅", button_data(summary, 0))
    query = await seller.press(summary, data=button_data(summary, 1))  # one by one
    await seller.wait_answer(query)

    def cards() -> list[StoredMessage]:
        return [m for m in seller.messages() if "tap Publish." in (m.text or "")]

    assert await fake.wait_until(lambda: len(cards()) == 2, 5)
    assert all("Bamboo cutting board" in c.text and c.buttons for c in cards())
    await press_publish(fake, seller, cards()[1])
    again = simulate.press_button(fake.state, seller.user, summary, publish_all)  # its list's
    await seller.wait_answer(again)  # buttons went with the first press: nothing more is published
    rows = read_rows(database_url, "SELECT status FROM posts ORDER BY id")
    assert rows == [("draft",), ("open",)]

    await seller.send("Price list, FOB Ningbo, MOQ 1000 pcs:\n" + text)  # it says selling
    listed = await latest(seller, fake, lambda m: "2 offers" in (m.text or "") and bool(m.buttons))
    query = await seller.press(listed, data=button_data(listed, 2))  # cancel all
    await seller.wait_answer(query)
    await latest(seller, fake, lambda m: "Nothing was published" in (m.text or ""))
    rows = read_rows(database_url, "SELECT status FROM posts ORDER BY id")
    assert rows == [("draft",), ("open",), ("withdrawn",), ("withdrawn",)]
    assert rejected(fake) == []


async def test_someone_else_cannot_press_a_list_s_buttons(
    fake: FakeTelegram, bot: RunningBot, database_url: str
) -> None:
    seller = fake.user("Wang Li", language_code="zh-hans")
    other = fake.user("Mallory", language_code="en")
    await other.send("/start")
    await other.wait_for_messages(1)
    await seller.send(CUPS)
    (summary,) = await seller.wait_for_messages(1)
    query = await other.press(summary, data=button_data(summary, 0))  # a forged press
    await other.wait_answer(query)
    assert read_rows(database_url, "SELECT DISTINCT status FROM posts") == [("draft",)]


async def test_a_price_list_in_a_circle_is_a_post_for_each_product_within_the_day_s_posts(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot], database_url: str
) -> None:
    fake.privacy_mode = False
    await make_bot().start()
    seller = fake.user("Wang Li", language_code="zh-hans")
    buyer = fake.user("Anna", language_code="en")
    for person in (seller, buyer):
        await person.send("/start")
        await person.wait_for_messages(1)
    group = fake.group("义乌保温杯交流群", [seller, buyer])
    await fake.add_bot_to_group(group, by=seller)
    await group.wait_for_messages(1)  # the greeting
    long_list = CUPS + "\n304保温杯 1200ml 20元/个\n304保温杯 1500ml 22元/个"  # 6: one past 5
    sent = await seller.send_photo_in(group, "#供应 " + long_list)
    (noted,) = await group.wait_for_messages(1)
    assert noted.text.startswith("✅ 已记下 5 条供应") and "保温杯 ×5" in noted.text
    rows = read_rows(database_url, "SELECT status, circle_id, photo FROM posts ORDER BY id")
    assert rows == [("open", group.id, sent.photo)] * 5
    told = await latest(
        seller, fake, lambda m: "5" in (m.text or "") and "义乌保温杯交流群" in (m.text or "")
    )
    assert told.chat.type == "private"  # the sixth: the day's posts ran out, said privately
    await buyer.send_in(group, "Looking for vacuum flasks 1000ml, 3000 pcs, under $3")
    await group.wait_for_messages(1)
    found = await alerts(fake, buyer)
    assert any(a.photo == sent.photo and "1000ml" in a.words for a in found)
    assert rejected(fake) == []
