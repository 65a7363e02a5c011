"""Drains the outbox within Telegram's limits.

About 30 messages/s overall, 1/s per private chat, 20/min per group. A 429 pauses that chat
for `retry_after` (its message keeps its place) while the other chats are served; a 403 marks
the recipient as gone; a read time-out is never retried blindly (the message may have
arrived); 5xx and connection failures are retried, first by the bot's send guard
(handlers/transport/send_guard.py), then here with back-off.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TimedOut,
)
from telegram.ext import JobQueue

from bot.context import BotContext
from bot.domain.models import OutboxMessage
from bot.services.delivery import outbox
from bot.texts import as_plain
from handlers.keyboards import inline_keyboard, tokens_as_data
from handlers.transport.send_guard import NO_WAIT

log = logging.getLogger(__name__)

BATCH = 25  # messages in flight at most; the send guard keeps to ~30 calls/s overall
LOOK_AHEAD = 4  # due rows read per sweep, in batches: a backlog for a few chats must not hide
# the others' messages (one message per chat at a time)


class OutboxDispatcher:
    def __init__(
        self, interval: float, private_chat_interval: float, group_per_minute: int
    ) -> None:
        """`interval`: seconds between sweeps; then seconds between two messages to one
        private chat, and messages a minute to one group (Telegram's limits in production)."""
        self.interval = interval
        self._gaps = (private_chat_interval, 60 / group_per_minute)
        self._last_sent: dict[int, float] = {}
        self._paused_until: dict[int, float] = {}  # by chat, after a 429
        self._in_flight: set[int] = set()  # chats with a message being sent
        self._lock = asyncio.Lock()

    def start(self, job_queue: JobQueue[BotContext]) -> None:
        job_queue.run_repeating(self._job, interval=self.interval, first=0.1, name="outbox")

    def kick(self, job_queue: JobQueue[Any] | None) -> None:
        """Send what is due now instead of at the next sweep (after a use case queued alerts)."""
        if job_queue is not None:
            job_queue.run_once(self._job, when=0, name="outbox-kick")

    async def _job(self, context: BotContext) -> None:
        if self._lock.locked():
            return  # a sweep is running; it will pick these rows up
        async with self._lock:
            await self.drain(context)

    async def drain(self, context: BotContext) -> int:
        """Start sending what is due: one message per chat at a time, each chat in a task of
        its own, so a chat whose sends are slow or failing holds nobody else up. The tasks
        are PTB's (`create_task`): stopping the application waits for them."""
        due = await context.use_cases.delivery.due(BATCH * LOOK_AHEAD)
        chosen: list[OutboxMessage] = []
        for message in due:
            if len(self._in_flight) >= BATCH:
                break
            if message.chat_id in self._in_flight or not self._ready(message.chat_id):
                continue
            self._in_flight.add(message.chat_id)
            chosen.append(message)
        ids = [message.id for message in chosen if message.id is not None]
        taken = await context.use_cases.delivery.claim(ids) if ids else set()
        for message in chosen:
            if message.id in taken:
                context.application.create_task(
                    self._deliver(context, message), name="outbox-send"
                )
            else:  # another process took it between our read and our claim
                self._in_flight.discard(message.chat_id)
        return len(taken)

    async def _deliver(self, context: BotContext, message: OutboxMessage) -> None:
        try:
            result = await self._send(context, message)
            await context.use_cases.delivery.record_outcome(message, result)
            if result.retry_after is not None:
                self._paused_until[message.chat_id] = time.monotonic() + result.retry_after
            if result.never_started:  # a circle member: a match's message mentions them there
                invite = context.use_cases.circles.invite_to_start
                await invite(message.chat_id, context.bot.username, kind=message.kind)
        finally:
            self._in_flight.discard(message.chat_id)

    def _ready(self, chat_id: int) -> bool:
        private_gap, group_gap = self._gaps
        gap = group_gap if chat_id < 0 else private_gap
        now = time.monotonic()
        if now - self._last_sent.get(chat_id, -gap) < gap:
            return False
        if now < self._paused_until.get(chat_id, 0.0):
            return False
        self._paused_until.pop(chat_id, None)
        self._last_sent[chat_id] = now
        return True

    async def _send(self, context: BotContext, message: OutboxMessage) -> outbox.Outcome:
        chat_id, text, html = message.chat_id, message.text, message.parse_mode == "HTML"
        try:
            try:
                sent = await self._post(context, chat_id, text, html, message)
            except ChatMigrated as moved:  # the group became a supergroup: its new id, once
                await context.use_cases.circles.migrated(
                    chat_id,
                    moved.new_chat_id,
                )
                sent = await self._post(context, moved.new_chat_id, text, html, message)
            except BadRequest as exc:
                if not (html and "parse entities" in exc.message):
                    raise
                log.error("outbox message %s: %s; sent as plain text", message.id, exc.message)
                sent = await self._post(context, chat_id, as_plain(text), False, message)
        except RetryAfter as exc:
            retry = exc.retry_after
            seconds = retry if isinstance(retry, int | float) else retry.total_seconds()
            return outbox.Outcome(retry_after=float(seconds))
        except Forbidden as exc:
            if "initiate conversation" in exc.message:
                return outbox.Outcome(never_started=True, error=exc.message)
            return outbox.Outcome(recipient_gone=True, error=exc.message)
        except BadRequest as exc:
            log.error("outbox message %s rejected: %s", message.id, exc.message)
            return outbox.Outcome(error=exc.message)
        except TimedOut:
            return outbox.Outcome(error="timed out; may have been delivered, not retried")
        except NetworkError as exc:
            return outbox.Outcome(error=exc.message, retryable=True)
        return outbox.Outcome(sent_message_id=sent)

    @staticmethod
    async def _post(
        context: BotContext, chat_id: int, text: str, html: bool, message: OutboxMessage
    ) -> int:
        keyboard = inline_keyboard(tokens_as_data(message.buttons))
        if message.photo is not None:
            return await context.bot.send_picture(
                chat_id,
                message.photo,
                text,
                html=html,
                reply_markup=keyboard,
                rate_limit_args=NO_WAIT,
            )
        return await context.bot.send_text(
            chat_id,
            text,
            html=html,
            reply_markup=keyboard,
            rate_limit_args=NO_WAIT,  # a 429 comes back at once (send_guard): others go first
        )
