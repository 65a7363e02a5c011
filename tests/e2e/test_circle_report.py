"""📊 The week's market under /circle (issue 36): for the admin who opened it, a picture of
the busiest products' prices and the report as its caption, in the circle's language, its
figures those of the record (counted here from the database, apart from the bot's own
queries; the contacts' query on PostgreSQL too: tests/integration/test_fakes_agree.py). Nobody else can press it, and a demoted admin no longer can."""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image

from bot.fake_telegram import FakeTelegram, GroupHandle, StoredMessage, UserHandle
from tests.e2e.helpers import RunningBot, alerts, latest, read_rows, rejected, started

CUPS = "出售 304不锈钢保温杯 500ml 起订1000个 {price}元/个 义乌"


async def posted(group: GroupHandle, user: UserHandle, text: str) -> None:
    await user.send_in(group, text)
    await group.wait_for_messages(1)  # the one-line note


def record(bot: RunningBot, circle: int) -> dict[str, int]:
    """The week's figures, counted from the tables (everything here is of this week)."""
    url = bot.settings.database_url
    mine = "SELECT id FROM posts WHERE circle_id = :circle"
    count = lambda sql: read_rows(url, sql, circle=circle)[0][0]  # noqa: E731
    return {
        "posts": count(
            "SELECT count(*) FROM posts WHERE circle_id = :circle AND status != 'draft'"
        ),
        "matches": count(
            f"SELECT count(*) FROM matches WHERE offer_id IN ({mine}) OR need_id IN ({mine})"
        ),
        "contacts": count(
            "SELECT count(*) FROM contact_requests WHERE status = 'accepted' AND "
            f"(post_id IN ({mine}) OR match_id IN (SELECT id FROM matches WHERE "
            f"offer_id IN ({mine}) OR need_id IN ({mine})))"
        ),
        "deals": count(
            "SELECT count(*) FROM deals WHERE outcome = 'confirmed' AND "
            f"(offer_id IN ({mine}) OR need_id IN ({mine}))"
        ),
    }


async def report_of(fake: FakeTelegram, group: GroupHandle, admin: UserHandle) -> StoredMessage:
    await admin.send_in(group, "/circle")
    (card,) = await group.wait_for_messages(1)
    await admin.wait_answer(await admin.press(card, "📊 本周行情"))
    assert await fake.wait_until(lambda: group.bot_messages()[-1].photo is not None, 20)
    return group.bot_messages()[-1]


async def test_an_admin_reads_the_week_s_market(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    bot = make_bot()
    await bot.start()
    owner = await started(fake, "林总", "zh-hans")
    sellers = [await started(fake, f"卖家{n}", "zh-hans") for n in range(3)]
    buyer = await started(fake, "Sam Buyer", "en")
    lamps = await started(fake, "Lamp Buyer", "en")
    group = fake.group("义乌杯业", [owner, *sellers, buyer, lamps])
    await fake.add_bot_to_group(group, by=owner)
    await group.wait_for_messages(1)  # the greeting
    for seller, price in zip(sellers, (11, 12, 15), strict=True):
        await posted(group, seller, CUPS.format(price=price))
    await posted(group, buyer, "Looking for vacuum flasks 500ml, 3000 pcs, under ¥13/pc")
    await posted(group, lamps, "Looking for LED strip lights 5m, 200 rolls")
    alert = (await alerts(fake, buyer, count=1, timeout=10))[0]
    await buyer.press(alert, "🤝 Contact")

    def asking() -> list[UserHandle]:
        return [s for s in sellers if any("有人想联系你" in (m.text or "") for m in s.messages())]

    assert await fake.wait_until(lambda: bool(asking()), 5)
    request = await latest(asking()[0], fake, lambda m: "有人想联系你" in (m.text or ""))
    await asking()[0].press(request, "✅ 同意")
    await latest(buyer, fake, lambda m: "Contact for" in (m.text or ""))

    report = await report_of(fake, group, owner)
    figures = record(bot, group.id)
    caption = report.words
    assert (figures["posts"], figures["contacts"]) == (5, 1) and figures["matches"] >= 1
    assert (
        f"近 7 天：{figures['posts']} 条信息 · {figures['matches']} 次匹配 · "
        f"{figures['contacts']} 次交换联系方式 · {figures['deals']} 笔确认成交（占联系的 0%）"
        in caption
    )
    assert "1. 保温杯：4 条 · ¥12（¥11–¥15）/个" in caption  # three offers and the need
    assert "❓ 还没有匹配也没人询问的求购：1 条（灯带 (LED strip lights)）" in caption
    stored = fake.state.photos.get(report.photo or "")
    assert stored is not None
    with Image.open(io.BytesIO(stored.data)) as picture:
        assert picture.format == "PNG" and picture.size[0] >= 720
    assert rejected(fake) == []


async def test_only_the_admin_who_opened_it_may_press_it(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    await make_bot().start()
    owner = await started(fake, "林总", "zh-hans")
    member = await started(fake, "Bo Member", "en")
    group = fake.group("义乌杯业", [owner, member])
    await fake.add_bot_to_group(group, by=owner)
    await group.wait_for_messages(1)
    await owner.send_in(group, "/circle")
    (card,) = await group.wait_for_messages(1)
    answer = await member.wait_answer(await member.press(card, "📊 本周行情"))
    assert "not for you" in (answer.get("text") or "")
    await owner.wait_answer(await owner.press(card, "📊 本周行情"))
    (quiet,) = await group.wait_for_messages(1)  # no posts: words, no picture
    assert quiet.photo is None and "近 7 天没有新信息、匹配、联系或成交" in quiet.words
