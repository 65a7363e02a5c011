"""This worker's side of the inbox as the queue (`bot.services.delivery.inbox.take`).

Every way an update arrives (getUpdates, the webhook) stores it in the inbox first; then
each worker takes the pending updates of the people it holds, or may hold now, and hands
them to PTB. Any number of workers, on any machines sharing the PostgreSQL database, take
from the one queue: a person's updates go to one worker at a time, in order, so their
conversation (in the database) and their order hold without a router. A worker takes right
after it stores (no wait on the common path) and, when it has not for TICK seconds, again
(what another worker stored for a person it holds, and what a dead worker left once its hold
lapsed).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from telegram import Update
from telegram.ext import Application

log = logging.getLogger(__name__)

TICK = 0.25  # seconds between two takes


class InboxQueue:
    def __init__(self) -> None:
        self._taken: set[int] = set()  # handed to PTB here and (as far as known) not done
        self._one_at_a_time = asyncio.Lock()
        self._last = 0.0  # when this worker last took (time.monotonic)

    async def take(
        self, application: Application[Any, Any, Any, Any, Any, Any], *, let_go: bool = False
    ) -> list[Update]:
        """The updates to handle now, oldest first; each is handed out once. The take after
        a store leaves letting go of idle people to the periodic one (`let_go`)."""
        services = application.bot_data
        async with self._one_at_a_time:
            self._last = time.monotonic()
            delivery = services.use_cases.delivery
            taken = await delivery.take(frozenset(self._taken), let_go=let_go)
            if taken.complete:  # what is no longer pending is done: forget it
                self._taken &= taken.pending
            updates, unreadable = [], []
            for payload in taken.payloads:
                try:
                    update = Update.de_json(payload, application.bot)
                except Exception:  # stored by an older release, or not an update
                    log.exception("stored update %s cannot be read; skipped", payload["update_id"])
                    unreadable.append(int(payload["update_id"]))
                    continue
                self._taken.add(update.update_id)
                services.claimed.add(update.update_id)
                updates.append(update)
            if unreadable:
                await services.use_cases.delivery.mark_done(unreadable)
            return updates

    async def fill(
        self, application: Application[Any, Any, Any, Any, Any, Any], *, let_go: bool = False
    ) -> int:
        """Take, and queue what was taken for PTB's handlers; how many."""
        updates = await self.take(application, let_go=let_go)
        for update in updates:
            await application.update_queue.put(update)
        return len(updates)

    async def fill_when_idle(self, application: Application[Any, Any, Any, Any, Any, Any]) -> int:
        """The periodic take, letting go of idle people: skipped while updates arrive here
        (each store takes already), so that it never queues behind them for the database."""
        if time.monotonic() - self._last < TICK:
            return 0
        return await self.fill(application, let_go=True)
