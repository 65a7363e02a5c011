"""Posting in plain words, as a merchant meets it on the fake Telegram."""

from __future__ import annotations

import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import OFFER, RunningBot, latest, post_and_publish, press_publish, rejected


@pytest.mark.parametrize(
    ("language_code", "text", "expected"),
    [
        (
            "zh-hans",
            "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
            ["供应", "保温杯", "304", "1,000个", "¥12 / 个", "义乌"],
        ),
        (
            "zh-hans",
            "求购保温杯5000只，10元以内，寄到上海",
            ["求购", "保温杯", "5,000只", "¥10以内 / 只", "上海"],
        ),
        # a zh-Hant member's city is Taipei until /settings says otherwise: 元 is NT$
        ("zh-hant", "供應 LED燈泡 9W 每箱100個 單價3.5元", ["供應", "LED燈泡", "9W", "NT$3.5"]),
        (
            "en",
            "WTB 20k pcs M6 stainless screws, FOB Ningbo, USD 0.02/pc",
            ["NEED", "stainless screws", "M6", "20,000 pcs", "$0.02 / pcs", "FOB", "Ningbo"],
        ),
    ],
)
async def test_plain_words_become_a_published_post(
    fake: FakeTelegram, bot: RunningBot, language_code: str, text: str, expected: list[str]
) -> None:
    user = fake.user("Merchant", language_code=language_code)
    published = await post_and_publish(fake, user, text)
    for part in expected:
        assert part in published.text, (part, published.text)
    await user.send("/my")
    (listing,) = await user.wait_for_messages(1)
    assert expected[1] in listing.text
    assert rejected(fake) == []


async def test_guided_offer_step_by_step(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Chen", language_code="zh-hans")
    await user.send("/offer")
    (question,) = await user.wait_for_messages(1)
    assert "卖什么" in question.text
    for answer, next_words in (
        ("304不锈钢保温杯 500ml", "多少"),
        ("起订1000个", "单价"),
        ("12元/个", "在哪里"),
    ):
        await user.send(answer)
        (question,) = await user.wait_for_messages(1)
        assert next_words in question.text
    await user.send("义乌")
    (card,) = await user.wait_for_messages(1)
    for part in ("保温杯", "1,000个", "¥12 / 个", "义乌"):
        assert part in card.text
    published = await press_publish(fake, user, card)
    assert "已发布" in published.text
    assert rejected(fake) == []


async def test_guided_offer_by_a_taiwanese_member_reads_yuan_as_nt_dollars(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Lee", language_code="zh-hant")  # city Taipei until /settings
    await user.send("/offer")
    await user.wait_for_messages(1)
    for answer in ("Type-C充電線", "起訂300條", "每條2元"):
        await user.send(answer)
        (question,) = await user.wait_for_messages(1)
    assert "在哪裡" in question.text
    await user.press(question, "跳過 ⏭")  # no place: the member's city decides
    card = await latest(user, fake, lambda m: "Type-C充電線" in (m.text or ""))
    for part in ("起訂量：300條", "NT$2 / 條"):
        assert part in card.text
    assert rejected(fake) == []


async def test_my_posts_close_renew_and_edit(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Wu", language_code="zh-hans")
    await post_and_publish(fake, user, OFFER)
    await post_and_publish(fake, user, "求购 LED灯泡 9W 3000个 3元以内")
    await user.send("/my")
    (listing,) = await user.wait_for_messages(1)
    assert "LED" in listing.text and "保温杯" in listing.text

    await user.press(listing, "1. 🔄 续期")  # newest first: the LED need
    renewed = await latest(user, fake, lambda m: "已续期" in (m.text or ""))
    assert "LED" in renewed.text

    await user.press(renewed, "✏️ 修改")
    (menu,) = await user.wait_for_messages(1)
    await user.press(menu, "价格")
    await latest(user, fake, lambda m: "请发送新的价格" in (m.text or ""))
    await user.send("2.8元/个")
    (updated,) = await user.wait_for_messages(1)
    assert "已更新" in updated.text and "¥2.8 / 个" in updated.text

    await user.press(updated, "🤝 已成交")
    await latest(user, fake, lambda m: "已标记为成交" in (m.text or ""))
    await user.send("/my")
    (listing,) = await user.wait_for_messages(1)
    assert "LED" not in listing.text and "保温杯" in listing.text
    assert rejected(fake) == []


@pytest.mark.both_databases
async def test_restart_keeps_posts_and_a_half_finished_need(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Lin", language_code="zh-hans")
    await post_and_publish(fake, user, OFFER)
    await user.send("/need")
    await user.wait_for_messages(1)
    await user.send("LED灯泡 9W")
    (question,) = await user.wait_for_messages(1)
    assert "多少" in question.text

    await bot.restart()
    await user.send("5000个")
    (question,) = await user.wait_for_messages(1)
    assert "单价" in question.text
    await user.send("/my")  # commands still work mid-flow
    await user.send("/cancel")
    replies = await user.wait_for_messages(2)
    assert any("保温杯" in m.text for m in replies)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("🙂🙂🙂", "没有文字"),
        ("锟斤拷锟斤拷烫烫烫", "乱码"),
        ("出售 保温杯 0元/个", "价格不能为 0"),
        ("求购 螺丝 1000000000000000个", "数量看起来不对"),
    ],
)
async def test_bad_input_gets_a_clear_answer(
    fake: FakeTelegram, bot: RunningBot, text: str, expected: str
) -> None:
    user = fake.user("Xu", language_code="zh-hans")
    await user.send(text)
    (answer,) = await user.wait_for_messages(1)
    assert expected in answer.text
    assert rejected(fake) == []


async def test_markup_in_a_product_is_shown_escaped(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Eve", language_code="en")
    await user.send("Selling <b>magic</b> cups & mugs, 500 pcs, $2/pc")
    (card,) = await user.wait_for_messages(1)
    assert "<b>magic</b>" in card.text
    assert rejected(fake) == []


async def test_pressing_an_old_card_after_closing_is_refused(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Old", language_code="en")
    card = await post_and_publish(fake, user, "Selling vacuum flasks 500ml, MOQ 1000 pcs, $1.6/pc")
    await user.send("/my")
    (listing,) = await user.wait_for_messages(1)
    await user.press(card, "🗑 Withdraw")
    await latest(user, fake, lambda m: "Withdrawn" in (m.text or ""))
    query = await user.press(listing, "1. 🔄 Renew")  # the older list still shows the button
    answer = await user.wait_answer(query)
    assert "no longer open" in answer["text"]
    await user.send("/my")
    (empty,) = await user.wait_for_messages(1)
    assert "no open posts" in empty.text
