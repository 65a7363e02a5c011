"""The too-good-to-be-true warning as a buyer meets it outside the alerts (issue 33): in
/search results, on a card opened from a digest's link, and when asking for contact."""

from __future__ import annotations

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import RunningBot, latest, post_and_publish, rejected

WARNING = "⚠️ Priced 40% or more under similar offers"
PRICES = (12, 11, 13, 6)  # posts 1-4: the fourth is at or under 60% of the others' median


async def test_search_and_a_digest_link_warn_of_an_offer_far_under_the_market(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    for n, price in enumerate(PRICES, start=1):
        seller = fake.user(f"Seller {n}", language_code="zh-hans")
        await post_and_publish(fake, seller, f"出售 不锈钢保温杯 起订100个 {price}元/个")
    buyer = fake.user("Buyer", language_code="en")
    await buyer.send("/search 保温杯")
    (page,) = await buyer.wait_for_messages(1)
    assert page.text.count(WARNING) == 1
    (warned,) = [block for block in page.text.split("\n\n") if WARNING in block]
    assert "¥6" in warned
    await buyer.send("/start p4")  # a link under the offer in a circle's digest
    card = await latest(buyer, fake, lambda m: "¥6" in (m.text or "") and m is not page)
    assert WARNING in card.text
    query = await buyer.press(card, "🤝 Contact")
    answer = await buyer.wait_answer(query)
    assert "Request sent" in answer["text"] and "⚠️" in answer["text"]
    await buyer.send("/start p1")
    fair = await latest(buyer, fake, lambda m: "¥12" in (m.text or "") and m is not page)
    assert WARNING not in fair.text
    assert rejected(fake) == []
