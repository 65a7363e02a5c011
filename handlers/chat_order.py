"""Updates of different chats are handled at the same time; each chat's in the order they came.

PTB's own concurrent processor would let a merchant's second message overtake the first (or
their Publish tap overtake the post it publishes); handling everything one by one makes the
whole bot wait on every database write and every reply. So each update takes its chat's
lock (its sender's, when it has no chat) before its handlers run: asyncio locks are
first come, first served, and PTB starts the tasks in the order it fetched the updates.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from handlers.keyed_locks import KeyedLocks

MAX_CONCURRENT_UPDATES = 64


def chat_key(update: object) -> int | None:
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    return update.effective_user.id if update.effective_user is not None else None


class ChatOrderedProcessor(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = MAX_CONCURRENT_UPDATES) -> None:
        super().__init__(max_concurrent_updates)
        self._locks = KeyedLocks()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = chat_key(update)
        if key is None:
            await coroutine
            return
        async with self._locks.hold(key):
            await coroutine

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
