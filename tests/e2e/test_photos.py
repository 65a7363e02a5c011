"""Photos as merchants send them (issue 35): a photo with a caption is a post, privately and
in a circle; a photo without one gets one short question; the photo goes with the alerts and
the contact request the post brings."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import (
    NEED,
    OFFER,
    RunningBot,
    alerts,
    button_data,
    latest,
    post_and_publish,
    press_publish,
    read_rows,
    rejected,
    started,
)

pytestmark = pytest.mark.debug_logs


async def test_a_photo_with_a_caption_is_a_post_and_its_alerts_show_the_photo(
    fake: FakeTelegram, bot: RunningBot, database_url: str
) -> None:
    seller = fake.user("Wang Li", language_code="zh-hans")
    buyer = fake.user("Anna", language_code="en")
    sent = await seller.send_photo(OFFER)
    (card,) = await seller.wait_for_messages(1)
    assert card.photo is None and "保温杯" in card.text and "📷" in card.text  # a line, no echo
    await press_publish(fake, seller, card)
    await post_and_publish(fake, buyer, "Looking for vacuum flasks, 5k pcs, under $2.5")
    (to_buyer,) = await alerts(fake, buyer)
    assert to_buyer.photo == sent.photo  # the seller's own photo, by Telegram's file_id
    assert "🔔" in to_buyer.words and "vacuum" in to_buyer.words.lower()
    assert to_buyer.buttons  # Contact and the rest, under the photo
    (to_seller,) = await alerts(fake, seller)
    assert to_seller.photo is None and to_seller.text  # the buyer's need came without one
    stored = read_rows(database_url, "SELECT photo FROM posts WHERE kind = 'offer'")
    assert stored == [(sent.photo,)]
    assert rejected(fake) == []


async def test_a_photo_without_a_caption_waits_for_its_words(
    fake: FakeTelegram, bot: RunningBot, database_url: str
) -> None:
    seller = fake.user("Wang Li", language_code="zh-hans")
    sent = await seller.send_photo()
    (question,) = await seller.wait_for_messages(1)
    assert "📷" in question.text and "照片" in question.text
    await seller.send("你好")  # not a post: said so, and the photo still waits
    (refused,) = await seller.wait_for_messages(1)
    assert "📷" not in refused.text
    await seller.send(OFFER)
    (card,) = await seller.wait_for_messages(1)
    assert "保温杯" in card.text and "📷" in card.text
    await press_publish(fake, seller, card)
    await seller.send("出售 LED灯泡 9W 起订100个 3元/个")  # the next post has no photo
    (second,) = await seller.wait_for_messages(1)
    assert "📷" not in second.text
    rows = read_rows(database_url, "SELECT photo FROM posts ORDER BY id")
    assert rows == [(sent.photo,), (None,)]
    assert rejected(fake) == []


async def test_goods_in_a_photo_without_selling_or_buying_keep_the_photo(
    fake: FakeTelegram, bot: RunningBot, database_url: str
) -> None:
    seller = fake.user("Wang Li", language_code="zh-hans")
    sent = await seller.send_photo("304不锈钢保温杯 500ml 12元/个")
    (question,) = await seller.wait_for_messages(1)
    query = await seller.press(question, data=button_data(question, 0))  # I sell
    await seller.wait_answer(query)
    card = await latest(seller, fake, lambda m: "📷" in (m.text or ""))
    assert "保温杯" in card.text
    rows = read_rows(database_url, "SELECT kind, photo FROM posts")
    assert rows == [("offer", sent.photo)]


async def test_a_buyer_s_photo_goes_with_the_contact_request(
    fake: FakeTelegram, bot: RunningBot, database_url: str
) -> None:
    seller = fake.user("Wang Li", language_code="zh-hans")
    buyer = fake.user("Anna", language_code="en")
    await post_and_publish(fake, seller, OFFER)
    sample = await buyer.send_photo("Looking for vacuum flasks like this, 5k pcs, under $2.5")
    (card,) = await buyer.wait_for_messages(1)
    await press_publish(fake, buyer, card)
    (alert,) = await alerts(fake, buyer)
    query = await buyer.press(alert, "🤝 Contact")
    await buyer.wait_answer(query)
    request = await latest(seller, fake, lambda m: m.photo is not None)
    assert request.photo == sample.photo and request.buttons
    assert rejected(fake) == []


async def test_photos_in_a_circle(fake: FakeTelegram, make_bot: Callable[..., RunningBot]) -> None:
    fake.privacy_mode = False
    await make_bot().start()
    seller = await started(fake, "Wang Li", "zh-hans")
    buyer = await started(fake, "Anna", "en")
    group = fake.group("义乌保温杯交流群", [seller, buyer])
    await fake.add_bot_to_group(group, by=seller)
    await group.wait_for_messages(1)  # the greeting
    await seller.send_photo_in(group)  # no caption: one short line says how
    (how,) = await group.wait_for_messages(1)
    assert "📷" in how.text and how.reply_to is not None
    sent = await seller.send_photo_in(group, "#供应 " + OFFER)
    (noted,) = await group.wait_for_messages(1)
    assert noted.text.startswith("✅") and "保温杯" in noted.text
    await buyer.send_in(group, NEED)
    await group.wait_for_messages(1)
    (to_buyer,) = await alerts(fake, buyer)
    assert to_buyer.photo == sent.photo
    assert not any(m.photo for m in group.bot_messages())  # alerts stay private
    assert rejected(fake) == []
