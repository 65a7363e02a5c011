"""Fake reminders repository."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Collection
from datetime import datetime

from bot.domain.models import Reminder
from tests.fakes.base import _json, _Repository, _require, _utc, _utc_or_none


class FakeRemindersRepository(_Repository):
    async def add(self, reminder: Reminder) -> int:
        tables = self._write
        _require(reminder.user_id in tables.users, "reminders.user_id")
        stored = dataclasses.replace(
            reminder,
            id=tables.next_id("reminders"),
            due_at=_utc(reminder.due_at),
            payload=_json(reminder.payload),
            sent_at=None,
            cancelled_at=None,
            expired_at=None,
            reason=None,
        )
        tables.reminders[stored.id] = stored  # type: ignore[index]
        reminder.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def update(self, reminder: Reminder) -> None:
        stored = self._write.reminders.get(reminder.id) if reminder.id is not None else None
        if stored is None:
            raise LookupError(f"no reminder {reminder.id}")
        stored.due_at, stored.attempts = _utc(reminder.due_at), reminder.attempts
        stored.sent_at = _utc_or_none(reminder.sent_at)
        stored.cancelled_at = _utc_or_none(reminder.cancelled_at)
        stored.expired_at = _utc_or_none(reminder.expired_at)
        stored.reason = reminder.reason

    async def due(self, now: datetime, limit: int = 100) -> list[Reminder]:
        found = [r for r in self._read.reminders.values() if r.due_at <= now and r.pending]
        found.sort(key=lambda r: (r.due_at, r.id or 0))
        return copy.deepcopy(found[:limit])

    async def pending(
        self,
        *,
        user_id: int | None = None,
        post_id: int | None = None,
        match_id: int | None = None,
        kinds: Collection[str] = (),
    ) -> list[Reminder]:
        if user_id is None and post_id is None:
            raise ValueError("pending reminders are looked up by user or by post")
        wanted = [
            r
            for _id, r in sorted(self._read.reminders.items())
            if r.pending
            and user_id in (None, r.user_id)
            and post_id in (None, r.post_id)
            and match_id in (None, r.match_id)
            and (not kinds or r.kind in kinds)
        ]
        return copy.deepcopy(wanted)

    async def posts_with_pending(
        self, post_ids: Collection[int], kinds: Collection[str]
    ) -> set[int]:
        return {
            r.post_id
            for r in self._read.reminders.values()
            if r.pending and r.post_id in post_ids and r.kind in kinds
        }

    async def purge_finished(self, before: datetime) -> int:
        reminders = self._write.reminders
        ended = [
            i
            for i, r in reminders.items()
            if (end := r.sent_at or r.cancelled_at or r.expired_at) is not None and end < before
        ]
        for i in ended:
            del reminders[i]
        return len(ended)
