"""The outbox: messages to people other than the one being answered.

Use cases write outbox rows in the same transaction as the change that causes them
(`add_to`); the dispatcher (handlers/transport/outbox_dispatcher.py) drains them within Telegram's limits.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.models import OutboxMessage, User
from bot.domain.quiet_hours import held_until
from bot.logging_setup import redacted
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts import fits_caption

MAX_ATTEMPTS = 5


async def add_to(
    uow: UnitOfWork,
    now: datetime,
    chat_id: int,
    text: str,
    *,
    buttons: list[list[tuple[str, str]]] | None = None,
    kind: str = "message",
    photo: str | None = None,
) -> int:
    """Queue a message inside the caller's transaction; with a `photo` (a file_id), that
    photo with the text as its caption, or, when the text is longer than a caption may
    be, the photo and then the text."""
    if photo is not None and not fits_caption(text):
        await uow.outbox.add(
            OutboxMessage(None, chat_id, "", kind=kind, created_at=now, photo=photo)
        )
        photo = None
    return await uow.outbox.add(
        OutboxMessage(
            id=None,
            chat_id=chat_id,
            text=text,
            buttons=buttons or [],
            kind=kind,
            created_at=now,
            photo=photo,
        )
    )


async def enqueue(
    uow_factory: UowFactory, clock: Clock, chat_id: int, text: str, *, kind: str = "message"
) -> int:
    """Queue a message in a transaction of its own (for reports that follow no change)."""
    async with uow_factory() as uow:
        message_id = await add_to(uow, clock.now(), chat_id, text, kind=kind)
        await uow.commit()
        return message_id


async def due(
    uow_factory: UowFactory, clock: Clock, limit: int, *, quiet_hours: bool = True
) -> list[OutboxMessage]:
    """Messages to send now. With `quiet_hours`, one due in its reader's quiet hours is held
    until they end instead (`bot.domain.quiet_hours`); it keeps its place in the queue."""
    async with uow_factory() as uow:
        now = clock.now()
        ready = []
        readers: dict[int, User | None] = {}  # a burst to one reader: one lookup
        for message in await uow.outbox.due(now, limit):
            if quiet_hours and message.chat_id not in readers:
                readers[message.chat_id] = await uow.users.get(message.chat_id)
            reader = readers.get(message.chat_id)
            wait = (
                held_until(now, reader.timezone, message.kind, reader.alerts_wait)
                if reader is not None
                else None
            )
            if wait is None:
                ready.append(message)
            else:
                assert message.id is not None
                await uow.outbox.hold(message.id, wait)
        await uow.commit()
        return ready


CLAIM = timedelta(seconds=60)  # a send takes seconds; a process that died frees it then


async def claim(uow_factory: UowFactory, clock: Clock, message_ids: Collection[int]) -> set[int]:
    """Take messages to send now, so that no other process sends them too (two processes
    can be active for a moment around a failover, and webhook workers run side by side).
    One taken by a process that dies is due again after CLAIM: sent twice only if the
    first send went out before the kill."""
    async with uow_factory() as uow:
        now = clock.now()
        taken = await uow.outbox.claim(message_ids, now, now + CLAIM)
        await uow.commit()
        return taken


NEVER_STARTED = "never started the bot"
KEPT_FOR = timedelta(days=7)  # what waits for a member to start the bot


KEEP = timedelta(days=30)  # sent and given-up messages, for looking into a complaint


async def purge(uow_factory: UowFactory, clock: Clock) -> int:
    """Housekeeping: messages sent or given up longer than KEEP ago."""
    async with uow_factory() as uow:
        removed = await uow.outbox.purge_finished(clock.now() - KEEP)
        await uow.commit()
        return removed


async def resend_after_start(uow_factory: UowFactory, clock: Clock, user_id: int) -> int:
    """A member who never started the bot just did: what could not reach them in the last
    week is due again."""
    async with uow_factory() as uow:
        count = await uow.outbox.retry_failed(user_id, NEVER_STARTED, clock.now() - KEPT_FOR)
        await uow.commit()
        return count


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened when the dispatcher tried to send one message."""

    sent_message_id: int | None = None
    retry_after: float | None = None  # Telegram asked us to wait (429)
    recipient_gone: bool = False  # 403: blocked the bot or deactivated
    never_started: bool = False  # 403: a group member who never opened a chat with the bot
    error: str | None = None
    retryable: bool = False


async def record_outcome(
    uow_factory: UowFactory, clock: Clock, message: OutboxMessage, outcome: Outcome
) -> None:
    assert message.id is not None
    now = clock.now()
    async with uow_factory() as uow:
        if outcome.sent_message_id is not None:
            await uow.outbox.mark_sent(message.id, now, outcome.sent_message_id)
        elif outcome.retry_after is not None:
            await uow.outbox.mark_failed(
                message.id,
                "retry after",
                retry_at=now + timedelta(seconds=outcome.retry_after),
            )
        elif outcome.never_started:  # kept, to be sent once they start the bot
            await uow.outbox.mark_failed(message.id, NEVER_STARTED, retry_at=None)
        else:
            retry = outcome.retryable and message.attempts + 1 < MAX_ATTEMPTS
            backoff = timedelta(seconds=2 ** (message.attempts + 1))
            error = redacted(outcome.error or "failed")  # it may quote a request URL
            await uow.outbox.mark_failed(
                message.id, error, retry_at=now + backoff if retry else None
            )
            if outcome.recipient_gone:
                await uow.users.set_blocked(message.chat_id, True)
        await uow.commit()
