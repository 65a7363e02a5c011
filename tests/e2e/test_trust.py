"""/trust and the Trust record button, as members meet them (issue 10)."""

from __future__ import annotations

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import NEED, OFFER, RunningBot, alerts, latest, post_and_publish, rejected


async def test_trust_command_and_button(fake: FakeTelegram, bot: RunningBot) -> None:
    seller = fake.user("Wang Seller", language_code="zh-hans", username="yiwu_cups")
    buyer = fake.user("Sam Buyer", language_code="en", username="sam_buys")
    await buyer.share_contact("+44 7700 900123")
    await buyer.wait_for_messages(1)
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, NEED)
    (to_seller,) = await alerts(fake, seller)
    await alerts(fake, buyer)

    await seller.press(to_seller, "🛡 信用记录")
    card = await latest(seller, fake, lambda m: (m.text or "").startswith("🛡 信用记录"))
    assert "L1 手机已验证" in card.text and "Sam" not in card.text

    await buyer.send("/trust")
    own = await latest(buyer, fake, lambda m: "Your trust record" in (m.text or ""))
    assert "L1 phone verified" in own.text and "0 confirmed deals with 0 independent" in own.text
    await buyer.send("/trust @yiwu_cups")
    theirs = await latest(buyer, fake, lambda m: (m.text or "").startswith("🛡 Trust record"))
    assert "identity not verified" in theirs.text and "Wang Seller" not in theirs.text
    await buyer.send("/trust @nobody_here")
    await latest(buyer, fake, lambda m: "I do not know @nobody_here" in (m.text or ""))
    await buyer.send("/verify 91350100M000100Y44")
    await latest(buyer, fake, lambda m: "does not check out" in (m.text or ""))
    await buyer.send("/verify 91350100M000100Y43")
    await latest(buyer, fake, lambda m: "now shows L2" in (m.text or ""))
    await buyer.send("/trust")
    own = await latest(
        buyer, fake, lambda m: "L2 registration number valid in form" in (m.text or "")
    )
    assert "Recorded on" in own.text and "91350100M000100Y43" not in own.text
    await buyer.send("/help")
    await latest(buyer, fake, lambda m: "/trust" in (m.text or ""))
    assert rejected(fake) == []
