"""A real PTB 22 Application polling the fake Bot API over loopback.

Proves the fake speaks PTB's wire format and that its strictness reaches the bot as PTB's own
exceptions: BadRequest (bad HTML, 65-byte callback_data), RetryAfter (429), Forbidden (blocked).
"""

from __future__ import annotations

import html
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.fake_telegram import FakeTelegram, FloodLimits

TOKEN = "123456:TEST-token"


@dataclass
class Harness:
    fake: FakeTelegram
    app: Application
    errors: list[BaseException] = field(default_factory=list)


async def echo(update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.message.text is not None
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("确认", callback_data="v1:ok")]])
    await update.message.reply_text(
        f"<b>echo</b> {html.escape(update.message.text)}", parse_mode="HTML", reply_markup=keyboard
    )


async def big_button(update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="x" * 65)]])
    await update.message.reply_text("too big", reply_markup=keyboard)


async def twice(update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None
    await update.message.reply_text("one")
    await update.message.reply_text("two")


async def pressed(update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    assert query is not None
    await query.answer("已确认")
    await query.edit_message_text(f"done: {query.data}")


@pytest.fixture
async def harness() -> AsyncIterator[Harness]:
    async with FakeTelegram(TOKEN, limits=FloodLimits.off()) as fake:
        app = ApplicationBuilder().token(TOKEN).base_url(fake.base_url).build()
        found = Harness(fake, app)

        async def collect(_update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
            assert context.error is not None
            found.errors.append(context.error)

        app.add_handler(CommandHandler("big", big_button))
        app.add_handler(CommandHandler("twice", twice))
        app.add_handler(MessageHandler(filters.TEXT, echo))
        app.add_handler(CallbackQueryHandler(pressed))
        app.add_error_handler(collect)
        await app.initialize()
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0, timeout=1)
        await fake.wait_polling(timeout=5)
        try:
            yield found
        finally:
            await app.updater.stop()
            await app.stop()
            await app.shutdown()


async def test_send_reply_and_button_round_trip(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.user("Alice", language_code="zh-hans", username="alice")
    await alice.send("求购保温杯 <5000只> & more")
    [reply] = await alice.wait_for_messages(count=1, timeout=5)
    assert reply.text == "echo 求购保温杯 <5000只> & more"
    assert reply.entities == [{"type": "bold", "offset": 0, "length": 4}]
    assert reply.buttons[0][0].callback_data == "v1:ok"
    query = await alice.press(reply, "确认")
    assert await alice.wait_answer(query, timeout=5) == {"text": "已确认"}
    assert await fake.wait_until(lambda: reply.text == "done: v1:ok", timeout=5)
    assert reply.buttons == []  # editMessageText without reply_markup drops the keyboard
    assert fake.errors() == []


async def test_65_byte_callback_data_is_a_bad_request(harness: Harness) -> None:
    alice = harness.fake.user("Alice")
    await alice.send("/big")
    assert await harness.fake.wait_until(lambda: harness.errors != [], timeout=5)
    [error] = harness.errors
    assert isinstance(error, BadRequest) and "Button_data_invalid" in error.message
    [record] = harness.fake.errors()
    assert (record.method, record.status) == ("sendMessage", 400)
    assert alice.messages() == []


async def test_invalid_html_raises_bad_request(harness: Harness) -> None:
    alice = harness.fake.user("Alice")
    await alice.send("/start")
    await alice.wait_for_messages(count=1, timeout=5)
    with pytest.raises(BadRequest, match="(?i)can't parse entities: unsupported start tag"):
        await harness.app.bot.send_message(alice.id, "line<br>break", parse_mode="HTML")
    with pytest.raises(BadRequest, match="(?i)can't parse entities"):
        await harness.app.bot.send_message(alice.id, "Tom & Jerry", parse_mode="HTML")
    assert [r.status for r in harness.fake.errors()] == [400, 400]


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_flood_control_arrives_as_retry_after(harness: Harness) -> None:
    harness.fake.set_limits(FloodLimits.strict())
    alice = harness.fake.user("Alice")
    await alice.send("/twice")
    assert await harness.fake.wait_until(lambda: harness.errors != [], timeout=5)
    [error] = harness.errors
    assert isinstance(error, RetryAfter) and "Retry in 1 seconds" in str(error)
    assert [m.text for m in alice.messages()] == ["one"]


async def test_blocked_user_gives_forbidden(harness: Harness) -> None:
    bob = harness.fake.user("Bob")
    await bob.send("/start")
    await bob.wait_for_messages(count=1, timeout=5)
    bob.block_bot()
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await harness.app.bot.send_message(bob.id, "deal alert")
    stranger = harness.fake.user("Stranger")
    with pytest.raises(Forbidden, match="can't initiate conversation"):
        await harness.app.bot.send_message(stranger.id, "hello")
    with pytest.raises(BadRequest, match="Chat not found"):
        await harness.app.bot.send_message(999, "hello")
