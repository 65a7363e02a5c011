"""The test driver of the fake Telegram: acting as users and reading what the bot sent."""

from __future__ import annotations

import json

import pytest

from bot.fake_telegram import FakeTelegram, FloodLimits, NoReplyError, SimulationError


async def bot_says(fake: FakeTelegram, chat_id: int, text: str, **params: object) -> None:
    entry = await fake.api.handle(
        fake.token, "sendMessage", {"chat_id": chat_id, "text": text, **params}, from_json=True
    )
    assert entry.status == 200, entry.response


@pytest.fixture
def fake() -> FakeTelegram:
    return FakeTelegram(limits=FloodLimits.off())


async def test_deep_link_and_contact_arrive_like_telegram(fake: FakeTelegram) -> None:
    alice = fake.user("Alice", language_code="zh-hans", username="alice")
    await alice.send("/start offer_42")
    message = fake.state.updates[-1]["message"]
    assert message["text"] == "/start offer_42"
    assert message["entities"] == [{"type": "bot_command", "offset": 0, "length": 6}]
    assert message["from"]["language_code"] == "zh-hans"
    await alice.share_contact("+8613800000000")
    contact = fake.state.updates[-1]["message"]["contact"]
    assert contact == {
        "phone_number": "+8613800000000",
        "first_name": "Alice",
        "user_id": alice.id,
    }


async def test_wait_for_messages_reads_each_message_once(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    await alice.send("/start")
    await bot_says(fake, alice.id, "one")
    await bot_says(fake, alice.id, "two")
    assert [m.text for m in await alice.wait_for_messages(count=2, timeout=1)] == ["one", "two"]
    await bot_says(fake, alice.id, "three")
    assert [m.text for m in await alice.wait_for_messages(timeout=1)] == ["three"]
    with pytest.raises(NoReplyError, match="timed out waiting for 1 message"):
        await alice.wait_for_messages(timeout=0.05)
    assert [m.text for m in alice.messages()] == ["one", "two", "three"]


async def test_press_by_text_or_prefix_and_edits_show(fake: FakeTelegram) -> None:
    alice, bob = fake.user("Alice"), fake.user("Bob")
    await alice.send("/start")
    markup = {
        "inline_keyboard": [
            [
                {"text": "联系卖家", "callback_data": "v1:c:9"},
                {"text": "Site", "url": "https://example.com"},
            ]
        ]
    }
    await bot_says(fake, alice.id, "card", reply_markup=markup)
    [card] = await alice.wait_for_messages(timeout=1)
    assert [[(b.text, b.callback_data, b.url) for b in row] for row in card.buttons] == [
        [("联系卖家", "v1:c:9", None), ("Site", None, "https://example.com")]
    ]
    first = await alice.press(card, "联系卖家")
    second = await alice.press(card, "v1:c:")
    assert first.data == second.data == "v1:c:9" and first.id != second.id
    with pytest.raises(SimulationError, match="no button"):
        await alice.press(card, "Missing")
    with pytest.raises(SimulationError, match="no callback_data"):
        await alice.press(card, "Site")
    forged = await bob.press(card, "联系卖家")  # a crafted client can press others' buttons
    assert forged.user.id == bob.id and forged.message is card
    await fake.api.handle(
        fake.token,
        "editMessageText",
        {
            "chat_id": alice.id,
            "message_id": card.message_id,
            "text": "<i>sold</i>",
            "parse_mode": "HTML",
        },
        from_json=True,
    )
    assert (card.text, card.html, card.buttons) == ("sold", "<i>sold</i>", [])


async def test_user_edits_reach_the_bot(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    sent = await alice.send("求购保温杯")
    await alice.edit(sent, "求购保温杯 5000只")
    edited = fake.state.updates[-1]["edited_message"]
    assert edited["text"] == "求购保温杯 5000只" and "edit_date" in edited


async def test_group_inbox_and_reply_to_the_bot(fake: FakeTelegram) -> None:
    alice, bob = fake.user("Alice"), fake.user("Bob")
    group = fake.group("Yiwu traders", members=[alice, bob])
    await fake.add_bot_to_group(group, by=alice)
    await bot_says(fake, group.id, "Who sells cups?")
    [question] = await group.wait_for_messages(timeout=1)
    fake.state.updates.clear()
    await bob.reply_in(group, to=question, text="me")
    assert fake.state.updates[0]["message"]["reply_to_message"]["message_id"] == (
        question.message_id
    )
    assert [m.text for m in group.messages()][-2:] == ["Who sells cups?", "me"]
    assert group.bot_messages() == [question]


async def test_snapshot_is_json_ready(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    await alice.send("/start")
    await bot_says(fake, alice.id, "hi")
    snapshot = json.loads(json.dumps(fake.snapshot()))
    assert snapshot["messages"][str(alice.id)][1]["text"] == "hi"
    assert snapshot["requests"][0]["method"] == "sendMessage"


async def test_reply_keyboard_is_shown_until_removed(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    await alice.send("/start")
    assert alice.reply_keyboard() == []
    share = {"keyboard": [[{"text": "分享手机号", "request_contact": True}]]}
    await bot_says(fake, alice.id, "share?", reply_markup=share)
    await bot_says(fake, alice.id, "plain")
    assert alice.reply_keyboard() == [["分享手机号"]]
    [asked, _plain] = await alice.wait_for_messages(count=2, timeout=1)
    entry = await fake.api.handle(
        fake.token,
        "editMessageText",
        {"chat_id": alice.id, "message_id": asked.message_id, "text": "share now?"},
        from_json=True,
    )
    assert entry.status == 200 and alice.reply_keyboard() == [["分享手机号"]]
    await bot_says(fake, alice.id, "thanks", reply_markup={"remove_keyboard": True})
    assert alice.reply_keyboard() == []
