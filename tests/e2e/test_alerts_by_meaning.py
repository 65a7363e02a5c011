"""The foreign buyer finds Chinese sellers in his own words (issue 34): buyers who write in
English, in words no Chinese offer holds, are alerted to the right Chinese offer, among a
market of other goods (some close to theirs: LED bulbs beside LED strips, coffee mugs
beside tumblers); the alert says why, and the seller hears of the buyer too."""

from __future__ import annotations

import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import RunningBot, alerts, post_and_publish, rejected

OFFERS = {  # what each buyer should hear of, by a word of its card
    "保温杯": "出售 304不锈钢真空保温杯 500ml 起订1000个 12元/个 义乌发货",
    "随行杯": "出售 不锈钢保温随行杯 20oz 600ml 起订500个 15元/个",
    "饭盒": "出售 不锈钢饭盒 三格 起订800个 9元/个",
    "手机壳": "出售 iPhone14手机壳 硅胶 起订200个 5元/个",
    "砧板": "出售 竹砧板 批发 起订500个 8元/个",
    "灯带": "出售 LED灯带 5米 起订100卷 20元/卷",
}
OTHER_GOODS = {  # no buyer should hear of these, by a word of their cards
    "螺丝": "出售 M6不锈钢螺丝 304材质 起订10000个",
    "灯泡": "出售 LED灯泡 9W 起订500个",
    "T恤": "出售 纯棉T恤 起订200件",
    "帆布袋": "出售 帆布袋 起订1000个",
    "耳机": "出售 蓝牙耳机 起订100副",
    "咖啡杯": "出售 陶瓷咖啡杯 起订600个",
    "瑜伽垫": "出售 瑜伽垫 起订200张",
    "积木": "出售 儿童积木 起订300盒",
    "办公椅": "出售 办公椅 起订20把",
    "雨伞": "出售 雨伞 起订500把",
}
NEEDS = {  # the buyers' own words (the issue's list), each with the offer it should find
    "Looking for insulated water bottles, 3000 pcs": "保温杯",
    "Looking for thermos tumblers 20oz, 2000 pcs": "随行杯",
    "Looking for stainless steel lunch box, 1000 pcs": "饭盒",
    "Looking for phone case for iPhone 14, 500 pcs": "手机壳",
    "Looking for bamboo cutting board, 1000 pcs": "砧板",
    "Looking for LED strip lights 5m, 200 rolls": "灯带",
}


@pytest.mark.slow  # a market of 16 posts and 6 needs, each written and published
async def test_buyers_words_alert_the_right_chinese_offers(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    sellers = {word: fake.user(f"Seller {word}", language_code="zh-hans") for word in OFFERS}
    for word, text in OFFERS.items():
        await post_and_publish(fake, sellers[word], text)
    others = [fake.user(f"Shop {n}", language_code="zh-hans") for n in range(5)]
    for n, text in enumerate(OTHER_GOODS.values()):
        await post_and_publish(fake, others[n % 5], text)
    buyers = {}
    for n, (words, wanted) in enumerate(NEEDS.items()):
        buyers[wanted] = fake.user(f"Buyer {n}", language_code="en")
        await post_and_publish(fake, buyers[wanted], words)
    for wanted, buyer in buyers.items():
        got = await alerts(fake, buyer, timeout=15)  # meaning follows within seconds
        texts = [m.text or "" for m in got]
        assert any(wanted in text for text in texts), (wanted, texts)
        assert not [text for text in texts if any(word in text for word in OTHER_GOODS)]
        seller_heard = [m.text or "" for m in await alerts(fake, sellers[wanted], timeout=15)]
        assert seller_heard, wanted
    by_meaning = [
        m.text or ""
        for b in buyers.values()
        for m in b.messages()
        if "similar meaning" in (m.text or "")
    ]
    assert by_meaning, "no alert came by meaning"
    assert rejected(fake) == []
