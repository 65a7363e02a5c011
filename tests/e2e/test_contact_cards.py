"""The contact card as two merchants get it through Telegram (issue 35, a contact card worth
having): the company and region each gave in /profile, their trust line, and for the
English reader the Chinese names in pinyin."""

from __future__ import annotations

from bot.fake_telegram import FakeTelegram, UserHandle
from tests.e2e.helpers import OFFER, RunningBot, alerts, latest, post_and_publish, rejected


async def _profile(user: UserHandle, answers: list[str]) -> None:
    """/profile answered in full: company, region, main products, keywords."""
    await user.send("/profile")
    await user.wait_for_messages(2)  # the profile as it is, and the first question
    for answer in answers:
        await user.send(answer)
        await user.wait_for_messages(1)


async def test_each_card_carries_company_region_and_trust_line(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("王丽", language_code="zh-hans", username="jiamei_cups")
    buyer = fake.user("Sam Buyer", language_code="en", username="sam_buys")
    await _profile(seller, ["义乌市佳美日用品有限公司", "义乌", "保温杯", "保温杯, 水杯"])
    await _profile(buyer, ["Acme <Trading> & Sons", "London", "flasks", "flask"])
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, "Looking for vacuum flasks, 5k pcs, under $2.5")
    (alert,) = await alerts(fake, buyer)
    await alerts(fake, seller)
    await buyer.press(alert, "🤝 Contact")
    request = await latest(seller, fake, lambda m: "有人想联系你" in (m.text or ""))
    await seller.press(request, "✅ 同意")

    card = await latest(buyer, fake, lambda m: "Contact for" in (m.text or ""))
    lines = card.text.splitlines()
    assert "王丽 (Wang Li) (@jiamei_cups)" in lines
    assert (
        "🏢 义乌市佳美日用品有限公司 (Yiwu Shi Jiamei Riyongpin Youxian Gongsi) · "
        "📍 Yiwu (义乌) (their own words)"
    ) in lines
    assert "🛡 New member: no trade record yet" in lines
    (mention,) = [e for e in card.entities if e["type"] == "text_mention"]
    assert mention["user"]["id"] == seller.id  # the one link opens the seller's chat

    theirs = await latest(seller, fake, lambda m: "的联系方式" in (m.text or ""))
    lines = theirs.text.splitlines()
    assert "Sam Buyer（@sam_buys）" in lines
    assert "🏢 Acme <Trading> & Sons · 📍 伦敦 (London) （对方自述）" in lines
    assert "🛡 新会员：暂无交易记录" in lines
    assert rejected(fake) == []
