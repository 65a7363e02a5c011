"""The weekly market report on Mondays (issue 36): from 09:00 in the circle's time zone its
human admins get it privately with the posts without response, and the group too once an
admin turned that on under /circle; once a Monday; a circle with nothing in its week sends
nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.fake_telegram import FakeTelegram, StoredMessage
from bot.playground.clock import MovableClock
from tests.e2e.helpers import RunningBot, rejected, started
from tests.e2e.test_circle_report import posted

UNPRICED = "出售 304不锈钢保温杯 500ml 起订1000个 义乌"
SHANGHAI = ZoneInfo("Asia/Shanghai")  # a circle's time zone until an admin picks a digest hour


def next_monday_morning(now: datetime) -> timedelta:
    """How far the clock moves to the next Monday 09:01 in Shanghai (less than a week)."""
    local = now.astimezone(SHANGHAI)
    day = local.date() + timedelta(days=(-local.weekday()) % 7)
    at = datetime.combine(day, datetime.min.time(), SHANGHAI) + timedelta(hours=9, minutes=1)
    if at <= local:
        at += timedelta(days=7)
    return at - local


def reports(messages: list[StoredMessage]) -> list[StoredMessage]:
    return [m for m in messages if m.from_bot and "近 7 天" in m.words]


async def test_admins_and_the_group_get_the_week_on_monday(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    clock = MovableClock()
    await make_bot(clock=clock, circle_digest_interval=0.3, quiet_post_after=timedelta(0)).start()
    owner = await started(fake, "林总", "zh-hans")
    seller = await started(fake, "王丽", "zh-hans")
    quiet_owner = await started(fake, "周总", "zh-hans")
    group = fake.group("义乌杯业", [owner, seller])
    quiet = fake.group("安静的群", [quiet_owner])
    for circle, by in ((group, owner), (quiet, quiet_owner)):
        await fake.add_bot_to_group(circle, by=by)
        await circle.wait_for_messages(1)  # the greeting
    await posted(group, seller, UNPRICED)  # words alone: the picture is test_circle_report's
    await owner.send_in(group, "/circle")
    (card,) = await group.wait_for_messages(1)
    await owner.wait_answer(await owner.press(card, "📈 每周报告也发到群里"))
    before = len(reports(owner.messages())), len(reports(group.bot_messages()))

    clock.advance(next_monday_morning(clock.now()))
    got = lambda: len(reports(owner.messages())) > before[0]  # noqa: E731
    assert await fake.wait_until(got, 20)
    assert await fake.wait_until(lambda: len(reports(group.bot_messages())) > before[1], 10)
    await asyncio.sleep(1.0)  # three sweeps: once a Monday
    private = reports(owner.messages())
    assert len(private) == before[0] + 1 and len(reports(group.bot_messages())) == before[1] + 1
    assert "1 条信息" in private[-1].words
    (listed,) = [m for m in owner.messages() if "无人回应" in m.words]  # with the report
    assert "保温杯 · 王丽" in listed.words and [b.text for r in listed.buttons for b in r] == [
        "💡 1"
    ]
    assert reports(seller.messages()) == []  # a member, not an admin
    assert reports(quiet_owner.messages()) == [] and reports(quiet.bot_messages()) == []
    assert rejected(fake) == []
