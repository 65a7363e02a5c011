"""The reader's words, currency and hours (issue 35), as merchants meet them on Telegram: the
playground's Hamburg buyer hears of the Yiwu seller's cups in euros and lives on Berlin time
once his need says where it goes; a currency picked in /settings round-trips and is the
one alerts use; a guessed one is named once, under the first /search page it converts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.fake_telegram import FakeTelegram, StoredMessage
from tests.e2e.helpers import RunningBot, alerts, latest, post_and_publish, read_rows, rejected

pytestmark = pytest.mark.slow

HAMBURG_NEED = (
    "Looking for insulated water bottles, stainless steel, 500ml, 3000 pcs, "
    "budget under 2 USD each, ship to Hamburg"
)
YIWU_OFFER = "出售 304不锈钢真空保温杯 500ml 起订1000个 12元/个 义乌发货"
OTHER_GOODS = (  # the cups must stand out by meaning among goods on offer
    "出售 M6不锈钢螺丝 304材质 起订10000个",
    "出售 LED灯泡 9W 起订500个",
    "出售 纯棉T恤 起订200件",
    "出售 陶瓷咖啡杯 起订600个",
)


def _has(words: str) -> Callable[[StoredMessage], bool]:
    return lambda m: words in (m.text or "")


def _buttons(message: StoredMessage) -> list[str]:
    return message.button_texts()


async def test_the_hamburg_buyer_reads_euros_on_berlin_time(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    shop = fake.user("Shop", language_code="zh-hans")
    for text in OTHER_GOODS:
        await post_and_publish(fake, shop, text)
    buyer = fake.user("Jonas Buyer", language_code="en")
    await post_and_publish(fake, buyer, HAMBURG_NEED)
    told = await latest(buyer, fake, _has("You named"))
    assert "Hamburg" in (told.text or "") and "€ EUR" in (told.text or "")
    seller = fake.user("Wang Seller", language_code="zh-hans")
    await post_and_publish(fake, seller, YIWU_OFFER)

    (alert,) = await alerts(fake, buyer, timeout=15)  # by meaning, within seconds
    assert "¥12 / pcs ≈ €1.54" in alert.words and "≈ $" not in alert.words
    assert "my guess" not in alert.words  # from the city he named, and told so already
    await buyer.send("/settings")
    shown = await latest(buyer, fake, _has("Settings"))
    assert "Time zone: Berlin / Paris" in (shown.text or "") and "€ EUR" in (shown.text or "")
    rows = read_rows(
        bot.settings.database_url,
        "SELECT timezone, timezone_source FROM users WHERE id = :id",
        id=buyer.user.id,
    )
    assert rows == [("Europe/Berlin", "place")]
    # the seller: a Chinese reader stays on Shanghai time, is told once what ≈ is in
    (heard,) = await alerts(fake, seller, timeout=15)
    assert "≈ ¥" in heard.words and "根据你的语言猜的" in heard.words
    assert not [m for m in seller.messages() if "你提到了" in (m.text or "")]
    assert rejected(fake) == []


async def test_a_currency_picked_in_settings_round_trips(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    buyer = fake.user("Sam Buyer", language_code="en")
    await post_and_publish(fake, buyer, "Looking for stainless steel vacuum flasks, 3000 pcs")
    await buyer.send("/settings")
    menu = await latest(buyer, fake, _has("Settings"))
    assert "$ USD" in (menu.text or "")  # his language's guess
    await buyer.wait_answer(await buyer.press(menu, "💱 Currency: $ USD"))
    choices = await latest(buyer, fake, lambda m: "€ EUR" in _buttons(m))
    assert len(_buttons(choices)) == 12
    answer = await buyer.wait_answer(await buyer.press(choices, "€ EUR"))
    assert answer.get("text") == "Done."
    shown = await latest(buyer, fake, lambda m: "💱 Currency: € EUR" in _buttons(m))
    assert "Prices from other currencies shown in: € EUR" in (shown.text or "")
    rows = read_rows(
        bot.settings.database_url, "SELECT currency FROM users WHERE id = :id", id=buyer.user.id
    )
    assert rows == [("EUR",)]

    seller = fake.user("Wang Seller", language_code="zh-hans")
    await post_and_publish(fake, seller, YIWU_OFFER)
    (alert,) = await alerts(fake, buyer)
    assert "≈ €1.54" in alert.words and "my guess" not in alert.words
    assert rejected(fake) == []


async def test_search_names_a_guessed_currency_once(fake: FakeTelegram, bot: RunningBot) -> None:
    seller = fake.user("Wang Seller", language_code="zh-hans")
    await post_and_publish(fake, seller, YIWU_OFFER)
    reader = fake.user("Sam Reader", language_code="en")
    for page in (1, 2):
        await reader.send("/search 保温杯")
        await fake.wait_until(lambda page=page: len(reader.messages()) == page)
    first, second = [m.text or "" for m in reader.messages()]
    assert "¥12 / pcs ≈ $1.67" in first and "my guess from your language" in first
    assert "¥12 / pcs ≈ $1.67" in second and "my guess" not in second
    assert rejected(fake) == []
