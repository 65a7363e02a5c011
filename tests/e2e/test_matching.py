"""Matching as merchants meet it: alerts to both sides, across languages, double opt-in."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import create_engine
from sqlalchemy import text as sql

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import (
    NEED,
    OFFER,
    RunningBot,
    alerts,
    is_alert,
    latest,
    post_and_publish,
    read_rows,
    rejected,
)

pytestmark = pytest.mark.debug_logs  # read by the secret scan (tests/conftest.py)


async def test_offer_and_need_alert_both_sides_with_the_reason(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("Seller", language_code="zh-hans", username="yiwu_cups")
    buyer = fake.user("Buyer", language_code="zh-hans", username="sh_buyer")
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, NEED)
    (to_buyer,) = await alerts(fake, buyer)
    (to_seller,) = await alerts(fake, seller)
    assert "有供应商匹配你的求购" in to_buyer.text and "¥12 / 个" in to_buyer.text
    assert "起订1,000" in to_buyer.text and "义乌" in to_buyer.text
    assert "有买家匹配你的供应" in to_seller.text and "3,000个" in to_seller.text
    for alert in (to_buyer, to_seller):
        assert "💡" in alert.text and "保温杯" in alert.text.split("💡")[1]
        assert "新会员" in alert.text
        # No identity details before both sides agreed.
        assert "yiwu_cups" not in alert.text and "sh_buyer" not in alert.text
        assert "Seller" not in alert.text and "Buyer" not in alert.text
    assert rejected(fake) == []


async def test_traditional_and_english_needs_find_the_offer_but_led_does_not(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("Seller", language_code="zh-hans")
    await post_and_publish(fake, seller, OFFER)
    hant = fake.user("Taipei", language_code="zh-hant")
    english = fake.user("Sam", language_code="en")
    led = fake.user("Lamp", language_code="zh-hans")
    await post_and_publish(fake, hant, "求購 保溫杯 2000個 單價70元以內")  # NT$70, about ¥15
    await post_and_publish(fake, english, "Looking for vacuum flasks, 5k pcs, under $2.5")
    await post_and_publish(fake, led, "求购 LED灯泡 9W 5000个 3元以内")

    (for_hant,) = await alerts(fake, hant)
    assert "保溫杯" in for_hant.text or "保温杯" in for_hant.text
    assert "供應商" in for_hant.text  # the alert itself is in traditional characters
    (for_english,) = await alerts(fake, english)
    assert "A supplier for your need" in for_english.text
    assert "written in Simplified Chinese" in for_english.text
    await alerts(fake, seller, count=2)
    assert not any(is_alert(m) for m in led.messages())
    assert rejected(fake) == []


async def test_contact_then_accept_exchanges_contacts_and_nothing_before(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("Wang Seller", language_code="zh-hans", username="yiwu_cups")
    buyer = fake.user("Sam Buyer", language_code="en", username="sam_buys")
    await buyer.share_contact("+44 7700 900123")
    await buyer.wait_for_messages(1)
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, "Looking for vacuum flasks, 5k pcs, under $2.5")
    (alert,) = await alerts(fake, buyer)
    await alerts(fake, seller)

    query = await buyer.press(alert, "🤝 Contact")
    answer = await buyer.wait_answer(query)
    assert "Request sent" in answer["text"]
    request = await latest(seller, fake, lambda m: "有人想联系你" in (m.text or ""))
    assert "sam_buys" not in request.text and "Sam" not in request.text
    assert not any("yiwu_cups" in (m.text or "") for m in buyer.messages())

    await seller.press(request, "✅ 同意")
    card_for_buyer = await latest(buyer, fake, lambda m: "Contact for" in (m.text or ""))
    card_for_seller = await latest(
        seller, fake, lambda m: "联系方式</b>" in (m.html or "") or "的联系方式" in (m.text or "")
    )
    assert "yiwu_cups" in card_for_buyer.text and "Wang Seller" in card_for_buyer.text
    assert "sam_buys" in card_for_seller.text and "+44 7700 900123" in card_for_seller.text
    assert f"tg://user?id={buyer.id}" in (card_for_seller.html or "")
    assert rejected(fake) == []


async def test_not_relevant_and_decline(fake: FakeTelegram, bot: RunningBot) -> None:
    seller = fake.user("S", language_code="zh-hans")
    buyer = fake.user("B", language_code="zh-hans")
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, NEED)
    (alert,) = await alerts(fake, buyer)
    (seller_alert,) = await alerts(fake, seller)
    await seller.press(seller_alert, "🤝 联系")
    request = await latest(buyer, fake, lambda m: "有人想联系你" in (m.text or ""))
    await buyer.press(request, "✖️ 拒绝")
    await latest(seller, fake, lambda m: "婉拒" in (m.text or ""))
    query = await buyer.press(alert, "🙅 不相关")
    answer = await buyer.wait_answer(query)
    assert "少推荐" in answer["text"]
    assert rejected(fake) == []


async def test_search_lists_open_posts(fake: FakeTelegram, bot: RunningBot) -> None:
    seller = fake.user("S", language_code="zh-hans")
    await post_and_publish(fake, seller, OFFER)
    searcher = fake.user("Q", language_code="en")
    await searcher.send("/search vacuum flask")
    (results,) = await searcher.wait_for_messages(1)
    assert "保温杯" in results.text and "1." in results.text
    await searcher.send("/search")
    (usage,) = await searcher.wait_for_messages(1)
    assert "/search" in usage.text
    await searcher.send("/search LED bulbs")
    (empty,) = await searcher.wait_for_messages(1)
    assert "No open posts" in empty.text
    assert results.reply_markup is not None and "Contact" in str(results.reply_markup)


async def test_search_offers_no_contact_on_your_own_post(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    """Issue 35: the seller searching her own goods sees her offer, and no button that
    would ask herself for contact."""
    seller = fake.user("S", language_code="en")
    await post_and_publish(fake, seller, OFFER)  # from Yiwu: her time zone follows, told
    await seller.send("/search vacuum flask")
    results = await latest(seller, fake, lambda m: "🔎" in (m.text or ""))
    assert "1." in (results.text or "")
    buttons = [b.text for row in results.buttons for b in row]
    assert not [text for text in buttons if "Contact" in text], buttons


@pytest.mark.both_databases
async def test_after_an_upgrade_old_posts_are_derived_anew_and_still_match(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("Seller", language_code="zh-hans")
    buyer = fake.user("Buyer", language_code="zh-hans")
    await post_and_publish(fake, seller, OFFER)
    await bot.stop()
    url = bot.settings.database_url
    engine = create_engine(url.replace("+aiosqlite", "").replace("+asyncpg", "+psycopg"))
    with engine.begin() as connection:  # as an older release stored it
        connection.execute(
            sql("UPDATE posts SET index_terms = 'p|旧词', index_vocabulary = 'an-old-release'")
        )
    engine.dispose()
    await bot.start()
    for _ in range(50):  # the background refresh runs every second
        rows = read_rows(url, "SELECT index_terms, index_vocabulary FROM posts")
        if rows[0][1] != "an-old-release":
            break
        await asyncio.sleep(0.2)
    ((terms, vocabulary),) = rows
    assert vocabulary == bot.app.bot_data.matching.vocabulary and "旧词" not in terms
    await post_and_publish(fake, buyer, NEED)
    (to_buyer,) = await alerts(fake, buyer)
    assert "有供应商匹配你的求购" in to_buyer.text
