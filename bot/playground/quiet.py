"""What the bot holds back for someone's quiet hours, told on the playground page.

At night (22:00-08:00 in the reader's time zone) the outbox keeps most messages until the
morning and the bot says nothing meanwhile, so a visitor who moved the clock into someone's
night would see nothing arrive and not know why. The count comes from the outbox itself:
pending rows whose `not_before` is the end of that reader's quiet hours. Only the page shows
this line; no one on Telegram is sent it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import select

from bot.domain.quiet_hours import QUIET_FROM, QUIET_UNTIL, quiet_until, zone
from bot.services.ports import Clock, UowFactory
from storage.tables import OutboxRow

log = logging.getLogger(__name__)

EVERY = 0.5  # seconds between looks at the outbox (the dispatcher holds within 0.3 s)


async def held_notes(
    uow_factory: UowFactory, now: datetime, name_of: Callable[[int], str]
) -> dict[int, str]:
    """Per chat id, a line saying how many messages wait for that reader's quiet hours."""
    async with uow_factory() as uow:
        session = uow.session  # type: ignore[attr-defined]  # the SQL unit of work's
        rows = await session.execute(
            select(OutboxRow.chat_id, OutboxRow.not_before).where(
                OutboxRow.sent_at.is_(None),
                OutboxRow.failed_at.is_(None),
                OutboxRow.not_before > now,
            )
        )
        waiting = Counter[tuple[int, datetime]]((chat, until) for chat, until in rows)
        notes: dict[int, str] = {}
        for chat_id in sorted({chat for chat, _ in waiting}):
            reader = await uow.users.get(chat_id)
            morning = quiet_until(now, reader.timezone) if reader is not None else None
            held = waiting[chat_id, morning] if morning is not None else 0
            if reader is None or morning is None or not held:
                continue  # not night for them, or a row waiting for a retry or a claim
            hours = f"{QUIET_FROM:%H:%M}–{QUIET_UNTIL:%H:%M}, {reader.timezone}"
            until = morning.astimezone(zone(reader.timezone))
            count = f"{held} message{'s' if held != 1 else ''}"
            notes[chat_id] = (
                f"{name_of(chat_id)}'s quiet hours ({hours}): {count} held until {until:%H:%M}"
            )
        return notes


class QuietNotes:
    """The current lines, looked up again every EVERY seconds; `changed()` when they change
    (so the page, which follows the fake's changes, fetches them)."""

    def __init__(
        self,
        uow_factory: UowFactory,
        clock: Clock,
        name_of: Callable[[int], str],
        changed: Callable[[], None],
    ) -> None:
        self.uow_factory, self.clock = uow_factory, clock
        self.name_of, self.changed = name_of, changed
        self.notes: dict[int, str] = {}
        self._task: asyncio.Task[None] | None = None

    def note(self, chat_id: int) -> str | None:
        return self.notes.get(chat_id)

    async def refresh(self) -> None:
        notes = await held_notes(self.uow_factory, self.clock.now(), self.name_of)
        if notes != self.notes:
            self.notes = notes
            self.changed()

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while True:
            try:
                await self.refresh()
            except Exception:  # a busy database now and then: the next look will do
                log.debug("quiet-hours notes not refreshed", exc_info=True)
            await asyncio.sleep(EVERY)
