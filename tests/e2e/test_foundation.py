"""The foundation as a user meets it: welcome in their language, /language, restarts."""

from __future__ import annotations

import asyncio
import copy
import json
import logging
from datetime import UTC, datetime

import pytest

from bot.fake_telegram import FakeTelegram
from bot.services.delivery import inbox
from storage import Database
from tests.e2e.helpers import RunningBot, latest, read_rows, rejected

pytestmark = pytest.mark.debug_logs  # read by the secret scan (tests/conftest.py)


async def test_start_greets_each_user_in_their_language(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    hans = fake.user("小王", language_code="zh-hans")
    hant = fake.user("阿明", language_code="zh-hant")
    english = fake.user("Sam", language_code="en")
    await hans.send("/start")
    await hant.send("/start")
    await english.send("/start")
    (hans_reply,) = await hans.wait_for_messages(1)
    (hant_reply,) = await hant.wait_for_messages(1)
    (en_reply,) = await english.wait_for_messages(1)
    assert "你好" in hans_reply.text and "帮你找买家" in hans_reply.text
    assert "幫你找買家" in hant_reply.text and "帮你" not in hant_reply.text
    assert "Hi Sam" in en_reply.text and "Looking for vacuum flasks" in en_reply.text
    assert rejected(fake) == []


async def test_start_with_deep_link_payload_still_welcomes(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Li", language_code="zh-CN")
    await user.send("/start circle_42")
    (welcome,) = await user.wait_for_messages(1)
    assert "TradeCircle" in welcome.text and "出售" in welcome.text


@pytest.mark.both_databases
async def test_language_choice_survives_a_restart(fake: FakeTelegram, bot: RunningBot) -> None:
    user = fake.user("Ann", language_code="en")
    await user.send("/language")
    (menu,) = await user.wait_for_messages(1)
    query = await user.press(menu, "繁體中文")
    await user.wait_answer(query)
    await latest(user, fake, lambda m: "繁體中文" in (m.text or "") and "切換" in (m.text or ""))

    await bot.restart()
    await user.send("/help")
    (help_text,) = await user.wait_for_messages(1)
    assert "命令" in help_text.text and "切換語言" in help_text.text
    assert rejected(fake) == []


async def test_commands_are_published_per_language(fake: FakeTelegram, bot: RunningBot) -> None:
    default = fake.commands()
    chinese = fake.commands(language_code="zh")
    assert [c["command"] for c in default][:3] == ["start", "offer", "need"]
    assert any("发布" in c["description"] for c in chinese)


async def test_unknown_text_and_commands_get_a_helpful_reply(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Bo", language_code="zh-hans")
    await user.send("你好")
    (hint,) = await user.wait_for_messages(1)
    assert "出售" in hint.text and "/offer" in hint.text
    await user.send("/nosuchcommand")
    (help_text,) = await user.wait_for_messages(1)
    assert "/language" in help_text.text


async def test_button_of_another_user_is_refused(fake: FakeTelegram, bot: RunningBot) -> None:
    owner = fake.user("Owner", language_code="en")
    await owner.send("/language")
    (menu,) = await owner.wait_for_messages(1)
    # The same message, pressed by someone else (as if forwarded into a shared chat).
    intruder = fake.user("Intruder", language_code="en")
    query = await intruder.press(menu, "English")
    answer = await intruder.wait_answer(query)
    assert "not for you" in answer["text"]


@pytest.mark.both_databases
async def test_an_update_unfinished_before_a_crash_is_handled_after_restart(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    await bot.stop()
    user = fake.user("Crash", language_code="en")
    await user.send("/help")
    update = fake.state.updates.pop()  # fetched by the old process, recorded, never finished
    # and before it one no release can read (another's bug): skipped, not a failed start
    unreadable = {"update_id": update["update_id"] - 1, "message": "not a message"}
    database = Database.from_url(bot.settings.database_url)
    try:
        async with database.uow() as uow:
            now, whose = datetime.now(UTC), inbox.queue_of(update)
            assert await uow.inbox.record(update["update_id"], update, now, whose)
            assert await uow.inbox.record(unreadable["update_id"], unreadable, now, whose)
            await uow.commit()
    finally:
        await database.dispose()
    await bot.start()
    (answer,) = await user.wait_for_messages(1)
    assert "/language" in answer.text
    pending = "SELECT update_id FROM inbox WHERE done_at IS NULL"
    assert await fake.wait_until(lambda: read_rows(bot.settings.database_url, pending) == [], 5)
    await bot.restart()  # replayed once only
    await user.send("/start")
    (welcome,) = await user.wait_for_messages(1)
    assert "TradeCircle" in welcome.text


async def test_a_batch_stored_already_is_confirmed_not_fetched_again_and_again(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    """Telegram redelivers a batch the inbox holds (stored, then the process died before
    confirming it): it is confirmed at the next call, not fetched in a tight loop."""
    await bot.stop()
    user = fake.user("Again", language_code="en")
    await user.send("/help")
    update = fake.state.updates[-1]
    database = Database.from_url(bot.settings.database_url)
    try:
        async with database.uow() as uow:
            now = datetime.now(UTC)
            assert await uow.inbox.record(update["update_id"], update, now, inbox.queue_of(update))
            await uow.inbox.mark_done([update["update_id"]], datetime.now(UTC))
            await uow.commit()
    finally:
        await database.dispose()
    polls = len(fake.requests("getUpdates"))
    await bot.start()
    await asyncio.sleep(2)  # long polls of 1 s: a handful of calls, not thousands
    assert len(fake.requests("getUpdates")) - polls < 10
    assert user.messages() == []  # handled before: not answered twice


@pytest.mark.both_databases
async def test_a_fetched_update_is_stored_as_telegram_sent_it(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Raw", language_code="en")
    await user.send("/help")
    sent = copy.deepcopy(fake.state.updates[-1])  # kept until a later getUpdates confirms it
    await user.wait_for_messages(1)
    ((payload,),) = read_rows(
        bot.settings.database_url,
        "SELECT payload FROM inbox WHERE update_id = :id",
        id=sent["update_id"],
    )
    assert (json.loads(payload) if isinstance(payload, str) else payload) == sent


async def test_a_post_right_after_a_language_change_is_answered_in_the_new_language(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    """Both arrive together: the post's sender, read with the batch before the press was
    handled, is read again because a commit changed them since."""
    user = fake.user("Quick", language_code="en")
    await user.send("/language")
    (menu,) = await user.wait_for_messages(1)
    await user.press(menu, "繁體中文")
    await user.send("Looking for LED bulbs 9W, 2000 pcs, under $1")
    card = await latest(user, fake, lambda m: bool(m.buttons) and "📦" in (m.text or ""))
    assert "數量" in card.text and "Quantity" not in card.text


async def test_a_second_press_of_the_same_choice_is_quiet(
    fake: FakeTelegram, bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram refuses an edit that changes nothing ("message is not modified"): pressed
    twice, the button's message already shows the result, so no apology and no error."""
    user = fake.user("Ann", language_code="en")
    await user.send("/language")
    (menu,) = await user.wait_for_messages(1)
    for _ in range(2):
        await user.wait_answer(await user.press(menu, "繁體中文"))
    await asyncio.sleep(0.3)
    assert not any(
        "went wrong" in (m.text or "") or "出了點問題" in (m.text or "") for m in user.messages()
    )
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
