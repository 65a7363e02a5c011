"""The outbox: queued with the change that causes it, sent once, retried with back-off,
paused on 429, given up on a recipient who blocked the bot."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Lang, OutboxMessage, User
from bot.services.delivery import outbox
from bot.services.delivery.outbox import Outcome
from bot.services.ports import UowFactory
from tests.fakes import FixedClock, InMemoryStore

SELLER = 1001


async def _queue(uow_factory: UowFactory, clock: FixedClock, text: str = "🔔 新匹配") -> int:
    return await outbox.enqueue(uow_factory, clock, SELLER, text, kind="alert")


async def _due_ids(uow_factory: UowFactory, clock: FixedClock) -> list[int | None]:
    return [m.id for m in await outbox.due(uow_factory, clock, 100)]


async def _only_due(uow_factory: UowFactory, clock: FixedClock) -> OutboxMessage:
    (message,) = await outbox.due(uow_factory, clock, 100)
    return message


async def test_a_queued_message_is_due_once_and_gone_when_sent(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    message_id = await _queue(uow_factory, clock)
    message = await _only_due(uow_factory, clock)
    assert (message.id, message.chat_id, message.text, message.kind) == (
        message_id,
        SELLER,
        "🔔 新匹配",
        "alert",
    )
    assert message.created_at == clock.now()
    await outbox.record_outcome(uow_factory, clock, message, Outcome(sent_message_id=77))
    assert await _due_ids(uow_factory, clock) == []
    record = store.tables.outbox[message_id]
    assert (record.sent_at, record.telegram_message_id) == (clock.now(), 77)


async def test_due_is_oldest_first_and_limited(uow_factory: UowFactory, clock: FixedClock) -> None:
    ids = [await _queue(uow_factory, clock, f"m{i}") for i in range(5)]
    assert await _due_ids(uow_factory, clock) == ids
    assert [m.id for m in await outbox.due(uow_factory, clock, 2)] == ids[:2]


async def test_add_to_belongs_to_the_callers_transaction(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    buttons = [[("🤝 联系", "v1:t:abcdefgh12345678")]]
    async with uow_factory() as uow:
        kept = await outbox.add_to(uow, clock.now(), SELLER, "kept", buttons=buttons)
        await uow.commit()
    async with uow_factory() as uow:
        await outbox.add_to(uow, clock.now(), SELLER, "rolled back with the change")
    message = await _only_due(uow_factory, clock)
    assert (message.id, message.text, message.buttons) == (kept, "kept", buttons)
    assert message.kind == "message"


async def test_a_429_waits_out_retry_after(uow_factory: UowFactory, clock: FixedClock) -> None:
    await _queue(uow_factory, clock)
    message = await _only_due(uow_factory, clock)
    await outbox.record_outcome(uow_factory, clock, message, Outcome(retry_after=30))
    clock.advance(timedelta(seconds=29))
    assert await _due_ids(uow_factory, clock) == []
    clock.advance(timedelta(seconds=1))
    assert await _due_ids(uow_factory, clock) == [message.id]


async def test_retryable_errors_back_off_then_give_up(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    message_id = await _queue(uow_factory, clock)
    waits = []
    for _attempt in range(outbox.MAX_ATTEMPTS):
        message = await _only_due(uow_factory, clock)
        failed_at = clock.now()
        error = Outcome(error="connect error", retryable=True)
        await outbox.record_outcome(uow_factory, clock, message, error)
        due_again = store.tables.outbox[message_id].message.not_before
        if store.tables.outbox[message_id].failed_at is not None:
            break
        assert due_again is not None
        waits.append((due_again - failed_at).total_seconds())
        clock.advance(due_again - failed_at - timedelta(seconds=1))
        assert await _due_ids(uow_factory, clock) == []  # not before the back-off
        clock.advance(timedelta(seconds=1))
    assert waits == [2, 4, 8, 16]  # doubling, then the fifth failure is final
    record = store.tables.outbox[message_id]
    assert record.message.attempts == outbox.MAX_ATTEMPTS
    assert record.last_error == "connect error"
    clock.advance(timedelta(days=1))
    assert await _due_ids(uow_factory, clock) == []


@pytest.mark.parametrize("error", ["Bad Request: message is too long", None])
async def test_an_error_that_is_not_retryable_is_final(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore, error: str | None
) -> None:
    """E.g. a read time-out: the message may have arrived, so it is not sent twice."""
    message_id = await _queue(uow_factory, clock)
    message = await _only_due(uow_factory, clock)
    await outbox.record_outcome(uow_factory, clock, message, Outcome(error=error))
    clock.advance(timedelta(days=1))
    assert await _due_ids(uow_factory, clock) == []
    assert store.tables.outbox[message_id].last_error == (error or "failed")


async def test_a_recipient_who_blocked_the_bot_is_marked_gone(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    async with uow_factory() as uow:
        await uow.users.upsert(User(SELLER, Lang.ZH_HANS, display_name="王"))
        await uow.commit()
    await _queue(uow_factory, clock, "for the seller")
    other = await outbox.enqueue(uow_factory, clock, 2002, "for someone else")
    message = await _only_due_for(uow_factory, clock, SELLER)
    gone = Outcome(error="Forbidden: bot was blocked by the user", recipient_gone=True)
    await outbox.record_outcome(uow_factory, clock, message, gone)
    async with uow_factory() as uow:
        user = await uow.users.get(SELLER)
    assert user is not None and user.blocked_bot
    assert await _due_ids(uow_factory, clock) == [other]  # others still hear


async def _only_due_for(uow_factory: UowFactory, clock: FixedClock, chat_id: int) -> OutboxMessage:
    (message,) = [m for m in await outbox.due(uow_factory, clock, 100) if m.chat_id == chat_id]
    return message


async def test_a_reminder_waits_through_the_reader_s_night(uow_factory: UowFactory) -> None:
    from datetime import UTC, datetime

    night = FixedClock(datetime(2026, 12, 3, 15, 0, tzinfo=UTC))  # 23:00 in Shanghai
    async with uow_factory() as uow:
        await uow.users.upsert(User(SELLER, Lang.ZH_HANS, timezone="Asia/Shanghai"))
        await uow.users.upsert(User(7, Lang.EN, timezone="Europe/London"))  # 15:00 there
        await uow.commit()
    held = await outbox.enqueue(uow_factory, night, SELLER, "⏳", kind="post.expiry_warning")
    alert = await outbox.enqueue(uow_factory, night, SELLER, "🔔", kind="match.alert")
    london = await outbox.enqueue(uow_factory, night, 7, "⏳", kind="post.expiry_warning")
    assert await _due_ids(uow_factory, night) == [alert, london]
    assert await _due_ids(uow_factory, night) == [alert, london]  # still held, not lost
    night.advance(timedelta(hours=9))  # 08:00 in Shanghai, midnight in London
    assert await _due_ids(uow_factory, night) == [held, alert]  # London's turn to wait
    night.advance(timedelta(hours=8))
    assert await _due_ids(uow_factory, night) == [held, alert, london]


async def test_a_photo_carries_its_text_as_caption_or_goes_before_a_long_one(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    short = "<b>🔔 保温杯</b> &amp; 盖" + "。" * 1014  # 1,024 visible UTF-16 units: a caption
    long = short + "。"
    buttons = [[("联系", "token")]]
    for text in (short, long):
        async with uow_factory() as uow:
            await outbox.add_to(uow, clock.now(), SELLER, text, buttons=buttons, photo="AgAC-cups")
            await uow.commit()
    fits, alone, after = await outbox.due(uow_factory, clock, 100)
    assert (fits.photo, fits.text, fits.buttons) == ("AgAC-cups", short, buttons)
    assert (alone.photo, alone.text, alone.buttons) == ("AgAC-cups", "", [])
    assert (after.photo, after.text, after.buttons) == (None, long, buttons)
