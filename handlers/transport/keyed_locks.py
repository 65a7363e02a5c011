"""One asyncio lock per key (a chat): first come, first served, and forgotten as soon as
nobody holds or waits for it, so a bot that has seen a million chats keeps none of them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._waiting: dict[Hashable, int] = {}

    def __len__(self) -> int:
        """Keys held or waited for right now."""
        return len(self._locks)

    def busy(self, key: Hashable) -> bool:
        return key in self._locks

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._waiting[key] -= 1
            if not self._waiting[key]:
                del self._waiting[key], self._locks[key]
