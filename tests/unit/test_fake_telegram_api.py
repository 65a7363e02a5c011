"""Bot API semantics of the fake, called without HTTP (parameters encoded the way PTB does)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from bot.fake_telegram import FakeTelegram, FloodLimits
from bot.fake_telegram.models import RequestRecord

TOKEN = "123:ABC"


def form(params: dict[str, Any]) -> dict[str, str]:
    """PTB 22's encoding: strings as is, everything else JSON-dumped."""
    return {k: v if isinstance(v, str) else json.dumps(v) for k, v in params.items()}


async def call(fake: FakeTelegram, method: str, **params: Any) -> RequestRecord:
    return await fake.api.handle(TOKEN, method, form(params), from_json=False)


async def ok(fake: FakeTelegram, method: str, **params: Any) -> Any:
    entry = await call(fake, method, **params)
    assert entry.status == 200, entry.response
    return entry.response["result"]


async def fails(fake: FakeTelegram, method: str, code: int, **params: Any) -> str:
    entry = await call(fake, method, **params)
    assert entry.status == code, entry.response
    assert entry.response["error_code"] == code and entry.response["ok"] is False
    return str(entry.response["description"])


@pytest.fixture
def fake() -> FakeTelegram:
    return FakeTelegram(TOKEN, limits=FloodLimits.off())


async def started(fake: FakeTelegram, name: str = "Alice") -> int:
    user = fake.user(name)
    await user.send("/start")
    return user.id


async def test_unknown_method_wrong_token_and_method_case(fake: FakeTelegram) -> None:
    entry = await call(fake, "sendMessages")
    assert (entry.status, entry.response) == (
        404,
        {"ok": False, "error_code": 404, "description": "Not Found"},
    )
    wrong = await fake.api.handle("999:XYZ", "getMe", {}, from_json=False)
    assert wrong.status == 401
    assert (await ok(fake, "getme"))["username"] == "tradecircle_test_bot"


async def test_required_and_typed_parameters(fake: FakeTelegram) -> None:
    chat_id = await started(fake)
    assert await fails(fake, "sendMessage", 400, text="x") == "Bad Request: chat_id is empty"
    assert await fails(fake, "sendMessage", 400, chat_id=chat_id) == (
        "Bad Request: message text is empty"
    )
    assert "must be of type Integer" in await fails(fake, "getUpdates", 400, offset="soon")
    assert "must be of type Boolean" in await fails(
        fake, "sendMessage", 400, chat_id=chat_id, text="x", disable_notification="maybe"
    )
    assert "can't parse reply_markup JSON object" in await fails(
        fake, "sendMessage", 400, chat_id=chat_id, text="x", reply_markup="{not json"
    )
    bad_button = {"inline_keyboard": [[{"text": 5, "callback_data": "a"}]]}
    assert 'Field "inline_keyboard[0][0].text" must be of type String' in await fails(
        fake, "sendMessage", 400, chat_id=chat_id, text="x", reply_markup=bad_button
    )
    assert await fails(fake, "sendMessage", 400, chat_id="@nobody", text="x") == (
        "Bad Request: chat not found"
    )


async def test_json_body_is_typed(fake: FakeTelegram) -> None:
    chat_id = await started(fake)
    entry = await fake.api.handle(
        TOKEN, "sendMessage", {"chat_id": chat_id, "text": 42}, from_json=True
    )
    assert entry.response["result"]["text"] == "42"
    entry = await fake.api.handle(
        TOKEN,
        "sendMessage",
        {"chat_id": chat_id, "text": "x", "protect_content": "yes"},
        from_json=True,
    )
    assert entry.status == 400


@pytest.mark.parametrize(
    ("button", "error"),
    [
        ({"text": "a", "callback_data": "x" * 65}, "BUTTON_DATA_INVALID"),
        ({"text": "a", "callback_data": "价" * 22}, "BUTTON_DATA_INVALID"),  # 66 bytes
        ({"text": "a"}, "text buttons are unallowed in the inline keyboard"),
        ({"text": "a", "callback_data": "x", "url": "https://t.me"}, "exactly one"),
        ({"text": "", "callback_data": "x"}, "BUTTON_TEXT_INVALID"),
        ({"text": "a", "url": "ftp://x"}, "Wrong HTTP URL"),
    ],
)
async def test_inline_buttons_are_checked(
    fake: FakeTelegram, button: dict[str, Any], error: str
) -> None:
    chat_id = await started(fake)
    markup = {"inline_keyboard": [[button]]}
    assert error in await fails(
        fake, "sendMessage", 400, chat_id=chat_id, text="x", reply_markup=markup
    )


async def test_valid_markups_are_accepted(fake: FakeTelegram) -> None:
    chat_id = await started(fake)
    for markup in (
        {"inline_keyboard": [[{"text": "a", "callback_data": "价" * 21}]]},  # 63 bytes
        {"keyboard": [[{"text": "Share", "request_contact": True}]], "resize_keyboard": True},
        {"remove_keyboard": True},
        {"force_reply": True},
    ):
        await ok(fake, "sendMessage", chat_id=chat_id, text="x", reply_markup=markup)


async def test_forbidden_and_unknown_chats(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    assert await fails(fake, "sendMessage", 403, chat_id=alice.id, text="hi") == (
        "Forbidden: bot can't initiate conversation with a user"
    )
    await alice.send("/start")
    alice.block_bot()
    assert await fails(fake, "sendMessage", 403, chat_id=alice.id, text="hi") == (
        "Forbidden: bot was blocked by the user"
    )
    assert await fails(fake, "sendMessage", 400, chat_id=424242, text="hi") == (
        "Bad Request: chat not found"
    )
    group = fake.group("g", members=[alice])
    assert await fails(fake, "sendMessage", 403, chat_id=group.id, text="hi") == (
        "Forbidden: bot is not a member of the group chat"
    )


async def test_migrated_group_answers_with_new_id(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    group = fake.group("g", members=[alice])
    await fake.add_bot_to_group(group, by=alice)
    old_id = group.id
    await fake.migrate_group(group, by=alice)
    entry = await call(fake, "sendMessage", chat_id=old_id, text="hi")
    assert entry.status == 400
    assert entry.response["parameters"] == {"migrate_to_chat_id": group.id}
    await ok(fake, "sendMessage", chat_id=group.id, text="hi")


async def test_flood_limit_answers_429(fake: FakeTelegram) -> None:
    chat_id = await started(fake)
    fake.set_limits(FloodLimits.strict())
    await ok(fake, "sendMessage", chat_id=chat_id, text="1")
    entry = await call(fake, "sendMessage", chat_id=chat_id, text="2")
    assert entry.status == 429
    assert entry.response["description"] == "Too Many Requests: retry after 1"
    assert entry.response["parameters"] == {"retry_after": 1}
    assert [e.status for e in fake.errors()] == [429]


async def test_edit_delete_and_callback_answer(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    await alice.send("/start")
    markup = {"inline_keyboard": [[{"text": "Yes", "callback_data": "v1:yes"}]]}
    sent = await ok(
        fake,
        "sendMessage",
        chat_id=alice.id,
        text="<b>Sure?</b>",
        parse_mode="HTML",
        reply_markup=markup,
    )
    [message] = await alice.wait_for_messages(count=1, timeout=1)
    assert (message.text, message.html) == ("Sure?", "<b>Sure?</b>")
    query = await alice.press(message, data="v1:")
    await ok(fake, "answerCallbackQuery", callback_query_id=query.id, text="Done")
    assert await alice.wait_answer(query, timeout=1) == {"text": "Done"}
    assert "query is too old" in await fails(
        fake, "answerCallbackQuery", 400, callback_query_id=query.id
    )
    ids = {"chat_id": alice.id, "message_id": sent["message_id"]}
    assert "message is not modified" in await fails(
        fake,
        "editMessageText",
        400,
        text="<b>Sure?</b>",
        parse_mode="HTML",
        reply_markup=markup,
        **ids,
    )
    await ok(fake, "editMessageText", text="Saved", **ids)
    assert (message.text, message.buttons, message.edit_date is not None) == ("Saved", [], True)
    await ok(fake, "editMessageReplyMarkup", reply_markup=markup, **ids)
    assert message.button_texts() == ["Yes"]
    user_message = alice.chat and fake.state.messages[alice.id][0]
    assert "can't be edited" in await fails(
        fake,
        "editMessageText",
        400,
        chat_id=alice.id,
        message_id=user_message.message_id,
        text="x",
    )
    await ok(fake, "deleteMessage", **ids)
    assert alice.messages() == []
    assert "message to delete not found" in await fails(fake, "deleteMessage", 400, **ids)
    assert "message to edit not found" in await fails(
        fake, "editMessageText", 400, text="y", **ids
    )


async def test_reply_parameters_must_point_at_a_message(fake: FakeTelegram) -> None:
    chat_id = await started(fake)
    assert "message to be replied not found" in await fails(
        fake, "sendMessage", 400, chat_id=chat_id, text="x", reply_parameters={"message_id": 99}
    )
    result = await ok(
        fake, "sendMessage", chat_id=chat_id, text="x", reply_parameters={"message_id": 1}
    )
    assert result["reply_to_message"]["text"] == "/start"


async def test_commands_per_scope_and_language(fake: FakeTelegram) -> None:
    commands = [{"command": "start", "description": "开始"}]
    private = {"type": "all_private_chats"}
    await ok(fake, "setMyCommands", commands=commands, scope=private, language_code="zh")
    assert await ok(fake, "getMyCommands", scope=private, language_code="zh") == commands
    assert await ok(fake, "getMyCommands") == []
    assert fake.commands(private, "zh") == commands
    assert "BOT_COMMAND_INVALID" in await fails(
        fake, "setMyCommands", 400, commands=[{"command": "Start!", "description": "x"}]
    )
    assert "invalid language code" in await fails(
        fake, "setMyCommands", 400, commands=commands, language_code="zh-hans"
    )
    assert "unsupported type" in await fails(
        fake, "setMyCommands", 400, commands=commands, scope={"type": "everyone"}
    )
    await ok(fake, "deleteMyCommands", scope=private, language_code="zh")
    assert fake.commands(private, "zh") == []


async def test_bot_texts_chat_info_and_actions(fake: FakeTelegram) -> None:
    chat_id = await started(fake)
    await ok(fake, "setMyDescription", description="Trade helper", language_code="en")
    await ok(fake, "setMyShortDescription", short_description="Trade")
    assert fake.bot_text("description", "en") == "Trade helper"
    assert await ok(fake, "getMyShortDescription") == {"short_description": "Trade"}
    assert (await ok(fake, "getChat", chat_id=chat_id))["first_name"] == "Alice"
    member = await ok(fake, "getChatMember", chat_id=chat_id, user_id=chat_id)
    assert member["status"] == "member"
    await ok(fake, "sendChatAction", chat_id=chat_id, action="typing")
    assert "wrong parameter action" in await fails(
        fake, "sendChatAction", 400, chat_id=chat_id, action="dancing"
    )
    assert await ok(fake, "setChatMenuButton") is True  # True-only methods: accepted, no effect
    assert "not supported by the fake" in await fails(fake, "getStarTransactions", 400)


async def test_leave_chat_tells_the_bot(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    group = fake.group("g", members=[alice])
    await fake.add_bot_to_group(group, by=alice)
    member = await ok(fake, "getChatMember", chat_id=group.id, user_id=fake.state.bot.id)
    assert member["status"] == "member"
    await ok(fake, "leaveChat", chat_id=group.id)
    assert fake.state.updates[-1]["my_chat_member"]["new_chat_member"]["status"] == "left"
    assert "not a member" in await fails(fake, "leaveChat", 403, chat_id=group.id)


async def test_get_updates_offset_limit_and_allowed_updates(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    for text in ("a", "b", "c"):
        await alice.send(text)
    first = await ok(fake, "getUpdates", limit=2)
    assert [u["message"]["text"] for u in first] == ["a", "b"]
    rest = await ok(fake, "getUpdates", offset=first[1]["update_id"] + 1)
    assert [u["message"]["text"] for u in rest] == ["c"]
    await ok(fake, "getUpdates", offset=rest[0]["update_id"] + 1, allowed_updates=["message"])
    alice.block_bot()  # a my_chat_member update, not allowed now
    await alice.send("/start")
    assert [next(iter(u.keys() - {"update_id"})) for u in await ok(fake, "getUpdates")] == [
        "message"
    ]


async def test_long_poll_wakes_on_update_and_webhook_conflicts(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    poll = asyncio.create_task(call(fake, "getUpdates", timeout=5))
    await fake.wait_polling(timeout=1)
    await alice.send("hi")
    entry = await asyncio.wait_for(poll, 1)
    assert entry.response["result"][0]["message"]["text"] == "hi"
    empty = await asyncio.wait_for(call(fake, "getUpdates", offset=10**6, timeout=0), 1)
    assert empty.response["result"] == []
    assert "HTTPS URL" in await fails(fake, "setWebhook", 400, url="http://example.com/hook")
    await ok(fake, "setWebhook", url="https://example.com/hook")
    assert "webhook is active" in await fails(fake, "getUpdates", 409)
    assert (await ok(fake, "getWebhookInfo"))["url"] == "https://example.com/hook"
    await ok(fake, "deleteWebhook")
    await ok(fake, "getUpdates")


async def test_second_poller_gets_conflict(fake: FakeTelegram) -> None:
    first = asyncio.create_task(call(fake, "getUpdates", timeout=5))
    await fake.wait_polling(timeout=1)
    second = asyncio.create_task(call(fake, "getUpdates", timeout=0))
    older = await asyncio.wait_for(first, 1)
    assert older.status == 409 and "only one bot instance" in older.response["description"]
    assert (await second).status == 200


async def test_log_out_locks_the_token(fake: FakeTelegram) -> None:
    await ok(fake, "logOut")
    await fails(fake, "getMe", 401)
