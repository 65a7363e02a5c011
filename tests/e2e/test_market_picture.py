"""📊 Market under the owner's card (issue 36): a picture of the comparable offers' prices
and the buyers' budgets with this post marked, drawn in the painter's process and sent as a
photo Telegram takes, with a caption in the owner's language; a friendly line when there is
nothing to draw. Only the owner of an open post may ask (the post rules)."""

from __future__ import annotations

import io

from PIL import Image

from bot.fake_telegram import FakeTelegram, StoredMessage, UserHandle
from bot.fake_telegram.driver import find_button
from bot.fake_telegram.photos import MAX_RATIO, MAX_SIDES
from bot.fake_telegram.simulate import press_button
from tests.e2e.helpers import RunningBot, latest
from tests.e2e.test_price_position import cups, publish


async def needing(fake: FakeTelegram, name: str, budget: int) -> None:
    buyer = fake.user(name, language_code="zh-hans")
    await publish(fake, buyer, f"求购 304不锈钢保温杯 500ml 5000个 {budget}元/个以内", "✅ 发布")


async def market_of(fake: FakeTelegram, user: UserHandle, card: StoredMessage) -> StoredMessage:
    """What pressing 📊 on the card brings: a picture, or a line that says why not."""
    after = max(m.message_id for m in user.messages())
    await user.wait_answer(await user.press(card, "📊 行情"))
    return await latest(user, fake, lambda m: m.message_id > after and m.words[:1] == "📊", 20)


async def test_the_owner_sees_the_market_as_a_picture(fake: FakeTelegram, bot: RunningBot) -> None:
    for n, price in enumerate((14, 15, 16)):
        await publish(
            fake, fake.user(f"Seller {n}", language_code="zh-hans"), cups(price), "✅ 发布"
        )
    for n, budget in enumerate((10, 13)):
        await needing(fake, f"Buyer {n}", budget)
    wang = fake.user("Wang Li", language_code="zh-hans")
    card = await publish(fake, wang, cups(12), "✅ 发布")
    shown = await market_of(fake, wang, card)
    assert shown.photo is not None, shown.words
    assert "现有 3 条同类报价、2 个买家预算" in shown.words
    assert "💰 ¥12 在 3 条同类在售报价中属最低的四分之一（中位数 ¥15）。" in shown.words
    stored = fake.state.photos.get(shown.photo)
    assert stored is not None
    with Image.open(io.BytesIO(stored.data)) as picture:
        width, height = picture.size
        assert picture.format == "PNG"
    assert width + height <= MAX_SIDES and max(width, height) <= MAX_RATIO * min(width, height)
    assert width >= 720  # sharp at a phone's width


async def test_nothing_to_draw_is_said_in_words(fake: FakeTelegram, bot: RunningBot) -> None:
    wang = fake.user("Wang Li", language_code="zh-hans")
    for price in (5, 6):  # her own offers are no market for her
        await publish(fake, wang, cups(price), "✅ 发布")
    card = await publish(fake, wang, cups(12), "✅ 发布")
    said = await market_of(fake, wang, card)
    assert said.photo is None and "目前只有 0 条同类信息" in said.words
    unpriced = await publish(
        fake, wang, "出售 304不锈钢保温杯 500ml 起订1000个 义乌发货", "✅ 发布"
    )
    said = await market_of(fake, wang, unpriced)
    assert said.photo is None and "没有写单价" in said.words


async def test_another_s_market_button_shows_nothing(fake: FakeTelegram, bot: RunningBot) -> None:
    """A rival who copies the owner's button (a guessed post id) learns nothing."""
    for n, price in enumerate((14, 15, 16)):
        await publish(
            fake, fake.user(f"Seller {n}", language_code="zh-hans"), cups(price), "✅ 发布"
        )
    wang = fake.user("Wang Li", language_code="zh-hans")
    card = await publish(fake, wang, cups(12), "✅ 发布")
    button = find_button(card, "📊 行情", None)
    rival = fake.user("Rival", language_code="en")
    await rival.send("/start")
    own_chat = await latest(rival, fake, lambda m: True)
    answer = await rival.wait_answer(press_button(fake.state, rival.user, own_chat, button))
    assert answer.get("text") == "I cannot find that post any more."
    assert not [m for m in rival.messages() if m.words.startswith("📊") or m.photo]
