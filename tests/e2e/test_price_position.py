"""Where my price stands, told at Publish (issue 36): one line once at least 3 comparable
offers of other members exist, in the reader's language; the owner's own offers never make
up the count (a seller cannot stage the market their price is measured against)."""

from __future__ import annotations

from bot.fake_telegram import FakeTelegram, StoredMessage, UserHandle
from tests.e2e.helpers import RunningBot, latest


def cups(price: int) -> str:
    return f"出售 304不锈钢保温杯 500ml 起订1000个 {price}元/个 义乌发货"


async def publish(fake: FakeTelegram, user: UserHandle, text: str, label: str) -> StoredMessage:
    await user.send(text)
    card = await latest(user, fake, lambda m: label in str(m.reply_markup))
    await user.wait_answer(await user.press(card, label))
    return await latest(user, fake, lambda m: m.message_id == card.message_id and "✅" in m.text)


async def test_a_seller_hears_where_the_price_stands_among_others_offers(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("Wang Li", language_code="zh-hans")
    for price in (5, 6, 7):  # her own offers make no market for her
        mine = await publish(fake, seller, cups(price), "✅ 发布")
        assert "同类在售报价" not in mine.text
    for n, price in enumerate((14, 15, 16)):
        other = fake.user(f"Seller {n}", language_code="zh-hans")
        await publish(fake, other, cups(price), "✅ 发布")
    card = await publish(fake, seller, cups(12), "✅ 发布")
    assert "💰 ¥12 在 3 条同类在售报价中属最低的四分之一（中位数 ¥15）。" in card.text


async def test_an_english_seller_reads_it_in_english(fake: FakeTelegram, bot: RunningBot) -> None:
    for n, price in enumerate((14, 15, 16)):
        other = fake.user(f"Seller {n}", language_code="zh-hans")
        await publish(fake, other, cups(price), "✅ 发布")
    anna = fake.user("Anna", language_code="en")
    text = "Selling vacuum flasks 500ml, MOQ 1000 pcs, ¥17/pc, Yiwu"
    card = await publish(fake, anna, text, "✅ Publish")
    assert "is in the highest quarter of 3 comparable offers (median" in card.text


async def test_a_buyer_s_alert_says_where_the_offer_s_price_stands(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    for n, price in enumerate((14, 15, 16)):
        other = fake.user(f"Seller {n}", language_code="zh-hans")
        await publish(fake, other, cups(price), "✅ 发布")
    anna = fake.user("Anna", language_code="en")
    await publish(fake, anna, "Looking for vacuum flasks 500ml, 3000 pcs, under $3", "✅ Publish")
    wang = fake.user("Wang Li", language_code="zh-hans")
    await publish(fake, wang, cups(12), "✅ 发布")
    alert = await latest(anna, fake, lambda m: "¥12" in (m.text or m.caption or ""))
    said = alert.text or alert.caption or ""  # all in her currency, as her guess is USD
    assert "💰 $1.67 is in the lowest quarter of 3 comparable offers (median $2.08)." in said
