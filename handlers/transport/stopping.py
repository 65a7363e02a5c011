"""A graceful stop (SIGTERM, Ctrl+C) that ends in bounded time, however busy the process.

The updates under way finish; those not begun are handed back: they stay pending in the
inbox, and the process lets go of the people it held, so another worker or the next start
takes them (`handlers.transport.queue`). Then jobs and
outbox sends under way end as PTB stops them. A process given a `stop_deadline` (the
entrypoint's, not a test's in-process bot) that is still stopping after it ends at once:
everything it had not finished is in the inbox or the outbox, as after a kill. What was still
running (its asyncio tasks) is logged first, to show what held the stop up.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any

from telegram.ext import Application

from handlers.transport.chat_order import ChatOrderedProcessor

log = logging.getLogger(__name__)

STOP_DEADLINE = 8.0  # seconds from the stop signal to the end of the process, at most


class TradeApplication(Application[Any, Any, Any, Any, Any, Any]):
    stop_deadline: float | None = None  # None: wait for the stop however long it takes

    async def stop(self) -> None:
        if self.stop_deadline is not None:
            _end_after(self.stop_deadline, asyncio.get_running_loop())
        processor = self.update_processor
        if isinstance(processor, ChatOrderedProcessor):
            processor.hand_back()
        await super().stop()


def _end_after(seconds: float, loop: asyncio.AbstractEventLoop) -> None:
    def end() -> None:
        try:  # read from another thread while the loop runs: a best effort
            running = [_where(task) for task in asyncio.all_tasks(loop)]
        except RuntimeError:
            running = ["(the tasks changed while read)"]
        log.error(
            "the stop took over %.0f s: ending the process now; what it had not finished is"
            " handled after the next start. Still running:\n%s",
            seconds,
            "\n".join(running),
        )
        logging.shutdown()
        os._exit(1)

    timer = threading.Timer(seconds, end)
    timer.daemon = True  # a stop that finishes in time exits without waiting for it
    timer.start()


def _where(task: asyncio.Task[Any]) -> str:
    frames = task.get_stack(limit=1)
    at = f"{frames[0].f_code.co_filename}:{frames[0].f_lineno}" if frames else "?"
    return f"  {task.get_name()} at {at}"
