""" "Your month" on the fake Telegram (issue 36): turned on in /settings, it comes on the 1st
at 09:00 in the member's time zone with last month's alerts, contacts and deals, counted
here from the tables; turned off, it does not come."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.fake_telegram import FakeTelegram
from bot.playground.clock import MovableClock
from tests.e2e.helpers import RunningBot, alerts, latest, read_rows, rejected, started
from tests.e2e.test_price_position import publish

SHANGHAI = ZoneInfo("Asia/Shanghai")  # a zh-Hans member's until they name a place
TITLE = "你的月报"


def first_of_next_month(now: datetime) -> timedelta:
    """How far the clock moves to 09:01 on the next 1st in Shanghai."""
    local = now.astimezone(SHANGHAI)
    first = (local.date().replace(day=1) + timedelta(days=32)).replace(day=1)
    at = datetime.combine(first, datetime.min.time(), SHANGHAI) + timedelta(hours=9, minutes=1)
    return at - local


async def test_a_member_s_month_comes_on_the_first(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    clock = MovableClock()
    bot = make_bot(clock=clock)
    await bot.start()
    wang = await started(fake, "王丽", "zh-hans")
    li = await started(fake, "李强", "zh-hans")  # does not turn it on
    await publish(fake, wang, "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌", "✅ 发布")
    sam = await started(fake, "Sam Becker", "en")
    await publish(fake, sam, "Looking for vacuum flasks 500ml, 3000 pcs, under $2", "✅ Publish")
    (alert,) = await alerts(fake, sam, timeout=10)
    await sam.press(alert, "🤝 Contact")
    request = await latest(wang, fake, lambda m: "有人想联系你" in (m.text or ""))
    await wang.wait_answer(await wang.press(request, "✅ 同意"))
    for member in (wang, li):
        await member.send("/settings")
    settings = await latest(wang, fake, lambda m: TITLE in str(m.reply_markup))
    await wang.wait_answer(await wang.press(settings, f"⬜ {TITLE}（每月 1 日 09:00）"))

    clock.advance(first_of_next_month(clock.now()))
    month = await latest(wang, fake, lambda m: f"📅 {TITLE}" in (m.text or ""), timeout=10)
    url = bot.settings.database_url
    alerted = read_rows(
        url,
        "SELECT count(*) FROM matches m JOIN posts p ON p.id = m.offer_id "
        "WHERE p.user_id = :me AND m.offer_alerted",
        me=wang.id,
    )[0][0]
    contacts = read_rows(url, "SELECT count(*) FROM deals WHERE seller_id = :me", me=wang.id)
    assert (alerted, contacts[0][0]) == (1, 1)  # everything happened last month
    assert f"🔔 匹配提醒：{alerted}\n🤝 交换联系：1\n✅ 确认成交：0" in month.text
    await asyncio.sleep(1.0)  # two reminder sweeps: once, and never to who did not ask
    assert sum(f"📅 {TITLE}" in (m.text or "") for m in wang.messages()) == 1
    assert not any(f"📅 {TITLE}" in (m.text or "") for m in li.messages())
    assert rejected(fake) == []
