"""Trade circles as members meet them (issue 12): the bot in a Telegram group reads posts
written as usual, matches them privately, and says little in the group."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import NEED, OFFER, RunningBot, alerts, rejected, started

BOT = "tradecircle_test_bot"


async def test_posts_in_a_group_match_privately_and_the_group_hears_little(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False  # the admins followed the bot's advice
    await make_bot().start()
    seller = await started(fake, "Wang Seller", "zh-hans")
    buyer = await started(fake, "Sam Buyer", "en")
    group = fake.group("义乌保温杯交流群", [seller, buyer])
    await fake.add_bot_to_group(group, by=seller)
    (greeting,) = await group.wait_for_messages(1)
    assert "大家好" in greeting.text and "t.me/" in greeting.text
    await seller.send_in(group, "大家早上好，今天发货忙吗")  # chatter: left alone
    await seller.send_in(group, OFFER)
    (noted,) = await group.wait_for_messages(1)
    assert noted.text.startswith("✅") and "保温杯" in noted.text and len(noted.text) < 120
    await buyer.send_in(group, NEED)  # an ordinary message, as written in any group
    (noted,) = await group.wait_for_messages(1)
    assert noted.text.startswith("✅ Need noted")
    (to_buyer,) = await alerts(fake, buyer)
    (to_seller,) = await alerts(fake, seller)
    assert "保温杯" in to_seller.text or "vacuum" in to_buyer.text
    await asyncio.sleep(1)
    texts = [m.text or "" for m in group.bot_messages()]
    assert len(texts) == 3 and not any("🔔" in text for text in texts)  # no alert in the group
    assert rejected(fake) == []


async def test_with_privacy_mode_on_the_admins_are_told_and_commands_work(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = True
    await make_bot().start()
    seller = await started(fake, "Wang Seller", "zh-hans")
    buyer = await started(fake, "Sam Buyer", "en")
    group = fake.group("Yiwu cups", [seller, buyer])
    await fake.add_bot_to_group(group, by=seller)
    greeting, warning = await group.wait_for_messages(2)
    assert "/setprivacy" in warning.text and "BotFather" in warning.text
    await seller.send_in(group, OFFER)  # not seen by the bot at all
    await seller.send_in(group, f"/offer@{BOT} {OFFER.removeprefix('出售 ')}")
    await group.wait_for_messages(1)
    await buyer.send_in(group, f"/need@{BOT} {NEED.removeprefix('求购 ')}")
    (noted,) = await group.wait_for_messages(1)
    assert noted.text.startswith("✅ Need noted")
    await alerts(fake, buyer)
    await alerts(fake, seller)
    rival = fake.user("Li Rival", language_code="zh-hans")
    await fake.join_group(group, rival)
    await rival.send_in(group, f"#供应 不锈钢保温杯 起订500个 11元/个 @{BOT}")  # tag + mention
    (noted,) = await group.wait_for_messages(1)
    assert noted.text.startswith("✅ 已记下供应")
    await buyer.send_in(group, f"/need@{BOT}")
    (usage,) = await group.wait_for_messages(1)
    assert "after the command" in usage.text
    assert rejected(fake) == []


async def test_the_group_s_notices_are_in_every_language_of_its_members(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = True
    await make_bot().start()
    seller = await started(fake, "Wang Seller", "zh-hans")
    buyer = await started(fake, "Sam Buyer", "en")
    group = fake.group("Yiwu cups", [seller])
    await fake.join_group(group, buyer)  # Telegram won't tell the bot of this one
    await fake.add_bot_to_group(group, by=seller)
    greeting, warning = await group.wait_for_messages(2)
    for notice, chinese, english in (
        (greeting, "大家好", "Hello"),
        (warning, "致管理员", "For the admins"),
    ):
        assert chinese in notice.text and english in notice.text
        assert notice.text.index(chinese) < notice.text.index(english)  # a fixed order
        assert len(notice.text) <= 4096
    assert rejected(fake) == []


async def test_circle_settings_are_for_admins_checked_at_every_press(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    await make_bot().start()
    owner = await started(fake, "Lin Owner", "en")
    helper = await started(fake, "Ada Helper", "en")
    member = await started(fake, "Bo Member", "en")
    group = fake.group("LED traders", [owner, helper, member])
    await fake.add_bot_to_group(group, by=owner)
    await group.wait_for_messages(1)  # the greeting

    await member.send_in(group, "/circle")
    (refused,) = await group.wait_for_messages(1)
    assert "Only this circle's admins" in refused.text

    fake.set_admin(group, helper)
    await helper.send_in(group, "/circle")
    (card,) = await group.wait_for_messages(1)
    assert "Posts match within the circle only" in card.text and "members" in card.text
    pressed = await helper.press(card, "🌐 Open to the whole market")
    assert (await helper.wait_answer(pressed)).get("text") == "Done."
    await fake.wait_until(lambda: "whole market" in (group.bot_messages()[-1].text or ""), 5)

    fake.set_admin(group, helper, admin=False)  # demoted: the next press fails
    refreshed = next(m for m in group.bot_messages() if m.message_id == card.message_id)
    pressed = await helper.press(refreshed, "🔒 Keep within the circle")
    answer = await helper.wait_answer(pressed)
    assert "not for you" in (answer.get("text") or "")

    said = await member.send_in(group, "Selling LED bulbs 9W, MOQ 100 pcs, $0.5/pc, Ningbo")
    await group.wait_for_messages(1)  # noted
    await owner.reply_in(group, said, "/circle vouch")
    (vouched,) = await group.wait_for_messages(1)  # a group of a day vouches for nobody
    assert "only an established circle can vouch" in vouched.text
    await owner.reply_in(group, said, "/circle remove")
    (removed,) = await group.wait_for_messages(1)
    assert "Removed Bo Member's post" in removed.text
    await member.send_in(group, "thanks all, see you at the fair")  # chatter
    await asyncio.sleep(1)
    assert group.bot_messages()[-1].message_id == removed.message_id
    assert rejected(fake) == []


async def test_a_member_who_never_started_the_bot_is_mentioned_once_a_day(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    await make_bot().start()
    seller = await started(fake, "Wang Seller", "zh-hans")
    buyer = fake.user("Quiet Buyer", language_code="en")  # never opened a chat with the bot
    rival = await started(fake, "Li Rival", "zh-hans")
    group = fake.group("Cups", [seller, buyer, rival])
    await fake.add_bot_to_group(group, by=seller)
    await group.wait_for_messages(1)
    await buyer.send_in(group, NEED)
    await group.wait_for_messages(1)  # noted
    await seller.send_in(group, OFFER)
    noted, mention = await group.wait_for_messages(2, timeout=10)
    assert "Quiet Buyer" in mention.text and "start=matches" in mention.text
    await rival.send_in(group, "出售 不锈钢保温杯 起订800个 11元/个 宁波")
    await group.wait_for_messages(1)  # noted; the buyer's second alert fails too
    await asyncio.sleep(2)
    assert sum("Quiet Buyer" in (m.text or "") for m in group.bot_messages()) == 1
    await buyer.send("/start matches")
    await alerts(fake, buyer, count=2, timeout=10)  # both matches, now in private
    assert rejected(fake) == []


@pytest.mark.both_databases
async def test_a_supergroup_keeps_the_circle_its_posts_and_settings(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    await make_bot().start()
    seller = await started(fake, "Wang Seller", "zh-hans")
    buyer = await started(fake, "Sam Buyer", "en")
    group = fake.group("Cups", [seller, buyer])
    await fake.add_bot_to_group(group, by=seller)
    await group.wait_for_messages(1)
    await seller.send_in(group, OFFER)  # posted before the migration
    await group.wait_for_messages(1)
    old_id = group.id
    await fake.migrate_group(group, by=seller)
    assert group.id != old_id
    await asyncio.sleep(0.5)
    await buyer.send_in(group, NEED)  # in the supergroup: the same circle
    (noted,) = await group.wait_for_messages(1)
    assert noted.text.startswith("✅ Need noted")
    await alerts(fake, buyer)  # matched with the offer written before the migration
    await seller.send_in(group, "/circle")
    (card,) = await group.wait_for_messages(1)
    assert "成员 2 · 信息 2 · 匹配 1" in card.text  # the circle speaks its adder's language
    assert rejected(fake) == []


async def test_a_digest_link_opens_the_post_privately(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    from tests.e2e.helpers import latest

    fake.privacy_mode = False
    await make_bot().start()
    seller = await started(fake, "Wang Seller", "zh-hans")
    reader = await started(fake, "Ann Reader", "en")
    group = fake.group("Cups", [seller, reader])
    await fake.add_bot_to_group(group, by=seller)
    await group.wait_for_messages(1)
    await seller.send_in(group, OFFER)
    await group.wait_for_messages(1)
    await reader.send("/start p1")  # the link under the post in the circle's digest
    card = await latest(reader, fake, lambda m: (m.text or "").startswith("🟢 OFFER"))
    assert "vacuum flask" in card.text
    assert "🤝 Contact" in [b.text for row in card.buttons for b in row]
    await reader.send("/start p999")
    await latest(reader, fake, lambda m: "cannot find that post" in (m.text or ""))
    # the circle keeps to itself: someone outside it who guesses the link sees nothing
    outsider = await started(fake, "Guesser", "en")
    await outsider.send("/start p1")
    await latest(outsider, fake, lambda m: "cannot find that post" in (m.text or ""))
    assert not any((m.text or "").startswith("🟢 OFFER") for m in outsider.messages())
    assert rejected(fake) == []


async def test_a_link_from_a_member_who_joined_today_goes_to_the_admins(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    from tests.e2e.helpers import latest

    fake.privacy_mode = False
    await make_bot().start()
    owner = await started(fake, "Lin Owner", "en")
    old_hand = await started(fake, "Old Hand", "en")
    group = fake.group("Cups", [owner, old_hand])
    await fake.add_bot_to_group(group, by=owner)
    await group.wait_for_messages(1)
    await old_hand.send_in(group, "catalogue here https://example.com/cups")  # no flag
    newcomer = fake.user("New Face", language_code="en")
    await fake.join_group(group, newcomer)
    await asyncio.sleep(0.5)
    await newcomer.send_in(group, "cheap cups, pay here https://pay.example.com/x")
    flag = await latest(owner, fake, lambda m: "who joined today" in (m.text or ""))
    assert "New Face" in flag.text and "pay.example.com" in flag.text
    await asyncio.sleep(1)
    assert sum("who joined today" in (m.text or "") for m in owner.messages()) == 1
    assert len(group.bot_messages()) == 1  # the group heard nothing of it
    assert rejected(fake) == []
