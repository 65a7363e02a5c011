"""Circle admins as the staff who reach out (issue 36): 📋 under /circle sends the admin,
privately, the circle's open posts nobody responded to for two days; 💡 has the market's
advice for one sent to its member now, once a post. A post someone asked about is not
listed; a member who is no admin, or a button pressed twice, changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

from bot.fake_telegram import FakeTelegram, GroupHandle, UserHandle
from bot.playground.clock import MovableClock
from tests.e2e.helpers import RunningBot, alerts, latest, rejected, started

ADVICE = "还没有人询价"


async def posted(group: GroupHandle, user: UserHandle, text: str) -> None:
    await user.send_in(group, text)
    await group.wait_for_messages(1)  # the one-line note


async def test_an_admin_has_a_quiet_post_s_advice_sent_now(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    clock = MovableClock()
    await make_bot(clock=clock).start()
    owner = await started(fake, "林总", "zh-hans")
    quiet = await started(fake, "王丽", "zh-hans")
    asked = await started(fake, "李强", "zh-hans")
    buyer = await started(fake, "Sam Buyer", "en")
    group = fake.group("义乌杯业", [owner, quiet, asked, buyer])
    await fake.add_bot_to_group(group, by=owner)
    await group.wait_for_messages(1)  # the greeting
    await posted(group, quiet, "出售 竹砧板 起订200个 25元/个 义乌")
    await posted(group, asked, "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌")
    await posted(group, buyer, "Looking for vacuum flasks 500ml, 3000 pcs, under ¥13/pc")
    (alert,) = await alerts(fake, buyer, timeout=10)
    await buyer.press(alert, "🤝 Contact")  # 李强's offer has a response
    await latest(asked, fake, lambda m: "有人想联系你" in (m.text or ""))
    clock.advance(timedelta(days=3))

    await owner.send_in(group, "/circle")
    (card,) = await group.wait_for_messages(1)
    intruder = await buyer.wait_answer(await buyer.press(card, "📋 无人回应的信息"))
    assert "not for you" in (intruder.get("text") or "")
    said = await owner.wait_answer(await owner.press(card, "📋 无人回应的信息"))
    assert said.get("text") == "清单已私聊发给你。"
    listed = await latest(owner, fake, lambda m: "无人回应" in (m.text or ""))
    assert "1. 供应 竹砧板 · 王丽 · 3 天" in listed.text and "保温杯" not in listed.text
    assert [b.text for row in listed.buttons for b in row] == ["💡 1"]
    assert not any(ADVICE in (m.text or "") for m in quiet.messages())

    done = await owner.wait_answer(await owner.press(listed, "💡 1"))
    assert done.get("text") == "建议马上发给 王丽（在对方的白天时段）。"
    advice = await latest(quiet, fake, lambda m: ADVICE in (m.text or ""), timeout=10)
    assert "竹砧板" in advice.text and "3 天" in advice.text
    again = await owner.wait_answer(await owner.press(listed, "💡 1"))
    assert "已经发过" in (again.get("text") or "")
    clock.advance(timedelta(days=11))  # the 14th day: the advice does not come twice
    await owner.send_in(group, "/circle")
    await group.wait_for_messages(1)
    await asyncio.sleep(1.5)  # three reminder sweeps
    assert sum(ADVICE in (m.text or "") for m in quiet.messages()) == 1
    assert rejected(fake) == []
