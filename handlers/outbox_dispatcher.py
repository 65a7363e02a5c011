"""Drains the outbox within Telegram's limits.

About 30 messages/s overall, 1/s per private chat, 20/min per group. A 429 pauses every send
for `retry_after`; a 403 marks the recipient as gone; a read time-out is never retried blindly
(the message may have arrived); only errors before sending are retried, with back-off.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from telegram import Message
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TimedOut,
)
from telegram.ext import Application, JobQueue

from bot.context import BotContext
from bot.domain.models import OutboxMessage
from bot.services import circles, outbox
from bot.texts import as_plain
from handlers.keyboards import markup, tokens_as_data

log = logging.getLogger(__name__)

PRIVATE_INTERVAL = 1.0  # seconds between two messages to one private chat
GROUP_INTERVAL = 3.0  # 20 per minute in a group
BATCH = 25  # per sweep; sweeps run about once a second, under the ~30/s global limit


class OutboxDispatcher:
    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._last_sent: dict[int, float] = {}
        self._paused_until = 0.0
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
        if time.monotonic() < self._paused_until:
            return 0
        services = context.services
        sent = 0
        quiet = services.settings.quiet_hours
        for message in await outbox.due(
            services.uow_factory, services.clock, BATCH, quiet_hours=quiet
        ):
            if not self._ready(message.chat_id):
                continue
            result = await self._send(context, message)
            await outbox.record_outcome(services.uow_factory, services.clock, message, result)
            if result.never_started:  # a circle member: one mention in the group, daily at most
                name = context.bot.username
                await circles.invite_to_start(
                    services.uow_factory, services.clock, message.chat_id, name
                )
            if result.retry_after is not None:
                self._paused_until = time.monotonic() + result.retry_after
                break
            sent += result.sent_message_id is not None
        return sent

    def _ready(self, chat_id: int) -> bool:
        gap = GROUP_INTERVAL if chat_id < 0 else PRIVATE_INTERVAL
        now = time.monotonic()
        if now - self._last_sent.get(chat_id, -gap) < gap:
            return False
        self._last_sent[chat_id] = now
        return True

    async def _send(self, context: BotContext, message: OutboxMessage) -> outbox.Outcome:
        chat_id, text, html = message.chat_id, message.text, message.parse_mode == "HTML"
        try:
            try:
                sent = await self._post(context, chat_id, text, html, message)
            except ChatMigrated as moved:  # the group became a supergroup: its new id, once
                services = context.services
                await circles.migrated(
                    services.uow_factory, context.matching, chat_id, moved.new_chat_id
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
        return outbox.Outcome(sent_message_id=sent.message_id)

    @staticmethod
    async def _post(
        context: BotContext, chat_id: int, text: str, html: bool, message: OutboxMessage
    ) -> Message:
        return await context.bot.send_message(
            chat_id,
            text,
            parse_mode=ParseMode.HTML if html else None,
            reply_markup=markup(tokens_as_data(message.buttons)),
        )


def attach(application: Application, interval: float) -> OutboxDispatcher:  # type: ignore[type-arg]
    dispatcher = OutboxDispatcher(interval)
    application.bot_data.extras["outbox"] = dispatcher
    return dispatcher
