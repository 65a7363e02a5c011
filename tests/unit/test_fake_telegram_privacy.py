"""Group privacy mode and what a user's message carries, in the fake Telegram."""

from __future__ import annotations

import pytest

from bot.fake_telegram import FakeTelegram, SimulationError
from bot.fake_telegram.incoming import GroupView, bot_sees_group_message, detect_entities

PRIVATE = GroupView("trade_bot", privacy_mode=True, bot_is_admin=False)


@pytest.mark.parametrize(
    ("text", "seen"),
    [
        ("/offer", True),
        ("/offer@trade_bot cups", True),
        ("/offer@Trade_Bot", True),
        ("/offer@other_bot", False),
        ("hello everyone", False),
        ("hey @trade_bot what's up", True),
        ("hey @trade_bot_fan", False),
        ("see /offer later", False),  # a command must open the message
        ("email a@trade_bot.com", False),
    ],
)
def test_privacy_mode_filters_plain_group_chatter(text: str, seen: bool) -> None:
    entities = detect_entities(text)
    assert bot_sees_group_message(text, entities, False, False, PRIVATE) is seen


def test_replies_service_messages_admin_and_privacy_off_are_seen() -> None:
    assert bot_sees_group_message("ok", [], True, False, PRIVATE)
    assert bot_sees_group_message(None, [], False, True, PRIVATE)
    admin = GroupView("trade_bot", privacy_mode=True, bot_is_admin=True)
    assert bot_sees_group_message("chatter", [], False, False, admin)
    off = GroupView("trade_bot", privacy_mode=False, bot_is_admin=False)
    assert bot_sees_group_message("chatter", [], False, False, off)


def test_detect_entities_marks_commands_mentions_and_urls() -> None:
    text = "/start@trade_bot 你好 @alice https://t.me/x"
    kinds = [(e["type"], e["offset"], e["length"]) for e in detect_entities(text)]
    assert kinds == [("bot_command", 0, 16), ("mention", 20, 6), ("url", 27, 14)]


def _kinds(fake: FakeTelegram) -> list[str]:
    return [next(k for k in u if k != "update_id") for u in fake.state.updates]


async def test_group_flow_queues_only_what_telegram_would_deliver() -> None:
    fake = FakeTelegram(bot_username="trade_bot")
    alice, bob = fake.user("Alice"), fake.user("Bob")
    group = fake.group("Yiwu traders", members=[alice, bob])
    await alice.send_in(group, "/help")  # bot not in the group yet
    assert fake.state.updates == []
    await fake.add_bot_to_group(group, by=alice)
    assert _kinds(fake) == ["my_chat_member", "message"]
    member = fake.state.updates[0]["my_chat_member"]
    assert (member["old_chat_member"]["status"], member["new_chat_member"]["status"]) == (
        "left",
        "member",
    )
    assert "new_chat_members" in fake.state.updates[1]["message"]
    fake.state.updates.clear()

    await bob.send_in(group, "anyone selling cups?")
    command = await bob.send_in(group, "/offer@trade_bot")
    assert [u["message"]["text"] for u in fake.state.updates] == ["/offer@trade_bot"]
    assert fake.state.updates[0]["message"]["entities"][0]["type"] == "bot_command"
    bot_message = fake.state.store_message(group.chat, fake.state.bot, text="cups?")
    await alice.reply_in(group, to=bot_message, text="yes")
    assert fake.state.updates[-1]["message"]["reply_to_message"]["text"] == "cups?"
    assert len(group.messages()) == 6  # service, chatter, command, bot, reply + the first /help
    assert command in group.messages()


async def test_privacy_off_or_admin_sees_everything() -> None:
    fake = FakeTelegram()
    alice = fake.user("Alice")
    group = fake.group("g", members=[alice])
    await fake.add_bot_to_group(group, by=alice, admin=True)
    fake.state.updates.clear()
    await alice.send_in(group, "chatter")
    assert len(fake.state.updates) == 1
    await fake.set_bot_admin(group, by=alice, admin=False)
    fake.state.updates.clear()
    await alice.send_in(group, "chatter")
    assert fake.state.updates == []
    fake.privacy_mode = False
    await alice.send_in(group, "chatter")
    assert len(fake.state.updates) == 1


async def test_remove_bot_and_migration() -> None:
    fake = FakeTelegram()
    alice, carol = fake.user("Alice"), fake.user("Carol")
    group = fake.group("g", members=[alice])
    with pytest.raises(SimulationError):
        await carol.send_in(group, "hi")  # not a member
    await fake.add_bot_to_group(group, by=alice)
    old_id = group.id
    fake.state.updates.clear()
    await fake.migrate_group(group, by=alice)
    assert group.id != old_id and group.chat.type == "supergroup"
    assert group.id < -1_000_000_000_000
    messages = [u["message"] for u in fake.state.updates]
    assert messages[0]["migrate_to_chat_id"] == group.id
    assert messages[1]["migrate_from_chat_id"] == old_id
    fake.state.updates.clear()
    await fake.remove_bot_from_group(group, by=alice)
    assert fake.state.updates[0]["my_chat_member"]["new_chat_member"]["status"] == "left"
    await alice.send_in(group, "/help")
    assert len(fake.state.updates) == 1  # nothing reaches a bot that left


async def test_blocking_sends_my_chat_member_and_restart_unblocks() -> None:
    fake = FakeTelegram()
    alice = fake.user("Alice")
    await alice.send("/start")
    alice.block_bot()
    update = fake.state.updates[-1]["my_chat_member"]
    assert update["new_chat_member"]["status"] == "kicked"
    count = len(fake.state.updates)
    await alice.send("hello?")
    assert len(fake.state.updates) == count  # a user who blocked the bot cannot reach it
    await alice.send("/start")
    assert _kinds(fake)[-2:] == ["my_chat_member", "message"]
