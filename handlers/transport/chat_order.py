"""Updates of different chats are handled at the same time; each chat's in the order they came.

PTB's own concurrent processor would let a merchant's second message overtake the first (or
their Publish tap overtake the post it publishes); handling everything one by one makes the
whole bot wait on every database write and every reply. So each update takes its chat's
lock (its sender's, when it has no chat) before its handlers run: asyncio locks are
first come, first served, and PTB starts the tasks in the order it fetched the updates.

Only then does it take one of a few working places: a chat's queued updates wait on their
lock, not in a place others could use, and a few updates at a time keep the CPU on the
work instead of on juggling dozens of half-done requests (`docs/RELIABILITY.md`).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from handlers.transport.keyed_locks import KeyedLocks

# Updates waiting for their chat are cheap; ones being worked on at once are not.
WAITING_UPDATES = 1024
WORKING_UPDATES = 16

_working_place: ContextVar[asyncio.Semaphore | None] = ContextVar("working_place", default=None)


@contextlib.asynccontextmanager
async def waiting_aside() -> AsyncIterator[None]:
    """An update that only waits (a reply sitting out a 429's retry_after) gives its working
    place to others meanwhile, and takes one again before it goes on."""
    place = _working_place.get()
    if place is None:
        yield
        return
    place.release()
    try:
        yield
    finally:
        await asyncio.shield(place.acquire())


def chat_key(update: object) -> int | None:
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    return update.effective_user.id if update.effective_user is not None else None


class ChatOrderedProcessor(BaseUpdateProcessor):
    def __init__(
        self,
        working: int = WORKING_UPDATES,
        finished: Callable[[object], None] | None = None,
    ) -> None:
        """`finished` is told of each update once its handling is over, however it ended."""
        super().__init__(WAITING_UPDATES)
        self._locks = KeyedLocks()
        self._working = asyncio.Semaphore(working)
        self._finished = finished
        self._handing_back = False

    def hand_back(self) -> None:
        """The process is stopping: updates not begun yet are left as they are, pending in
        the inbox for the next start (in their order); those under way finish."""
        self._handing_back = True

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = chat_key(update)
        in_order = contextlib.nullcontext() if key is None else self._locks.hold(key)
        async with in_order, self._working:
            token = _working_place.set(self._working)
            try:
                if self._handing_back:
                    if inspect.iscoroutine(coroutine):
                        coroutine.close()  # never started: nothing of it ran
                    return
                await coroutine
            finally:
                _working_place.reset(token)
                if self._finished is not None:
                    self._finished(update)

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
