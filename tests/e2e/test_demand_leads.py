"""Demand leads (issue 36) on the fake Telegram: a Hamburg buyer's need that no offer
reached is, a day later, a free lead for the Yiwu seller who offered such cups before: the
need's card and the buyer's trust line in her language, no contact details, and a Contact
button that asks the buyer (who decides). A seller who turned leads off in /settings hears
nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

from bot.fake_telegram import FakeTelegram
from bot.playground.clock import MovableClock
from tests.e2e.helpers import RunningBot, latest, rejected, started
from tests.e2e.test_price_position import publish

LEAD = "商机"
NEED = "Looking for vacuum flasks 500ml, 3000 pcs, under ¥13/pc, ship to Hamburg"


async def test_a_need_nobody_answered_is_a_lead_for_a_seller_of_such_goods(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    clock = MovableClock()
    await make_bot(clock=clock).start()
    wang = await started(fake, "王丽", "zh-hans")
    card = await publish(
        fake, wang, "出售 304不锈钢真空保温杯 500ml 起订1000个 12元/个 义乌", "✅ 发布"
    )
    await wang.wait_answer(await wang.press(card, "🗑 撤下"))  # sold out: withdrawn
    li = await started(fake, "李强", "zh-hans")  # sold them too, and wants no leads
    other = await publish(fake, li, "出售 不锈钢保温杯 500ml 起订500个 13元/个", "✅ 发布")
    await li.wait_answer(await li.press(other, "🗑 撤下"))
    await li.send("/settings")
    settings = await latest(li, fake, lambda m: "商机" in str(m.reply_markup))
    await li.wait_answer(await li.press(settings, "✅ 商机：还没有供应的求购"))
    sam = await started(fake, "Sam Becker", "en")
    await publish(fake, sam, NEED, "✅ Publish")
    clock.advance(timedelta(days=1, minutes=1))

    lead = await latest(wang, fake, lambda m: LEAD in (m.text or ""), timeout=10)
    assert "保温杯" in lead.text or "vacuum flasks" in lead.text
    assert "以前供应过" in lead.text and "Sam" not in lead.text and "Hamburg" in lead.text
    assert [b.text for row in lead.buttons for b in row] == ["🤝 联系"]
    said = await wang.wait_answer(await wang.press(lead, "🤝 联系"))
    assert "已发出请求" in (said.get("text") or "")
    asked = await latest(sam, fake, lambda m: "Someone wants to contact you" in (m.text or ""))
    assert "王丽" not in asked.text  # no name before the buyer agrees
    await asyncio.sleep(1.5)  # three reminder sweeps: one lead, never to who opted out
    assert sum(LEAD in (m.text or "") for m in wang.messages()) == 1
    assert not any("以前供应过" in (m.text or "") for m in li.messages())
    assert rejected(fake) == []
