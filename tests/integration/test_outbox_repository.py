"""Outbox: what is due, in which order, and how sent/failed/retried messages leave it."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import OutboxMessage
from storage import Database
from tests.integration.factories import NOW


def message(text: str, **changes: object) -> OutboxMessage:
    fields: dict[str, object] = {"id": None, "chat_id": -100_123_456_789, "text": text}
    fields.update(changes)
    return OutboxMessage(**fields)  # type: ignore[arg-type]


async def test_round_trip_with_buttons(db: Database) -> None:
    sent = message(
        "<b>新匹配</b>: 保温杯",
        buttons=[[("查看", "v1:m:v:abc"), ("忽略", "v1:m:x:abc")], [("联系", "v1:c:r:def")]],
        kind="alert",
        created_at=NOW,
    )
    async with db.uow() as uow:
        message_id = await uow.outbox.add(sent)
        await uow.commit()
    async with db.uow() as uow:
        [due] = await uow.outbox.due(NOW, limit=10)
    assert due.id == message_id == sent.id
    assert due == sent


async def test_due_respects_not_before_and_orders_oldest_first(db: Database) -> None:
    async with db.uow() as uow:
        first = await uow.outbox.add(message("1"))
        later = await uow.outbox.add(message("2", not_before=NOW + timedelta(minutes=5)))
        exact = await uow.outbox.add(message("3", not_before=NOW))
        last = await uow.outbox.add(message("4"))
        await uow.commit()
    async with db.uow() as uow:
        assert [m.id for m in await uow.outbox.due(NOW, limit=10)] == [first, exact, last]
        assert [m.id for m in await uow.outbox.due(NOW, limit=2)] == [first, exact]
        in_ten = await uow.outbox.due(NOW + timedelta(minutes=10), limit=10)
        assert [m.id for m in in_ten] == [first, later, exact, last]


async def test_sent_and_finally_failed_messages_are_no_longer_due(db: Database) -> None:
    async with db.uow() as uow:
        sent = await uow.outbox.add(message("sent"))
        failed = await uow.outbox.add(message("failed"))
        pending = await uow.outbox.add(message("pending"))
        await uow.commit()
    async with db.uow() as uow:
        await uow.outbox.mark_sent(sent, NOW, telegram_message_id=555)
        await uow.outbox.mark_failed(
            failed, "Forbidden: bot was blocked by the user", retry_at=None
        )
        await uow.commit()
    async with db.uow() as uow:
        assert [m.id for m in await uow.outbox.due(NOW + timedelta(days=1), limit=10)] == [pending]


async def test_failure_with_retry_reschedules_and_counts_attempts(db: Database) -> None:
    async with db.uow() as uow:
        message_id = await uow.outbox.add(message("retry me"))
        await uow.commit()
    async with db.uow() as uow:
        await uow.outbox.mark_failed(message_id, "Flood control: retry after 7", retry_at=NOW)
        await uow.outbox.mark_failed(message_id, "Timed out", retry_at=NOW + timedelta(seconds=30))
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.outbox.due(NOW + timedelta(seconds=29), limit=10) == []
        [due] = await uow.outbox.due(NOW + timedelta(seconds=30), limit=10)
    assert due.attempts == 2
    assert due.not_before == NOW + timedelta(seconds=30)


async def test_purge_forgets_only_messages_finished_before_the_cut(db: Database) -> None:
    async with db.uow() as uow:
        old, recent, pending = [await uow.outbox.add(message(t)) for t in ("a", "b", "c")]
        await uow.outbox.mark_sent(old, NOW, telegram_message_id=1)
        await uow.outbox.mark_sent(recent, NOW + timedelta(days=31), telegram_message_id=2)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.outbox.purge_finished(NOW + timedelta(days=30)) == 1
        await uow.commit()
    async with db.uow() as uow:
        assert [m.id for m in await uow.outbox.due(NOW + timedelta(days=40), limit=10)] == [
            pending
        ]
        assert await uow.outbox.purge_finished(NOW + timedelta(days=32)) == 1  # recent
        assert await uow.outbox.purge_finished(NOW + timedelta(days=99)) == 0  # never pending
