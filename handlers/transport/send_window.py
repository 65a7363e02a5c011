"""Telegram's overall limit, about 30 calls a second, as a sliding window shared by replies
and background sending.

Telegram counts a call when it arrives, which is somewhere between our sending it and its
answer coming back. So a call counts from the moment it is let through, and stays in the
window until a second after its answer: however the calls bunch up on the way (16
connections, a busy loop), Telegram never sees more in a second than the window let
through. A reply waits only while the whole window is used. Background sending keeps
`reserve` calls of every second free for replies, and waits while any reply waits: a
burst of alerts draining at the limit would otherwise leave an answer to meet Telegram's
429, or to queue behind the alerts (bench/interactive_latency.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Callable

UNDER_WAY_POLL = 0.01  # seconds: how often to look again when calls under way fill it,
# or background sending lets replies go first


class SendWindow:
    def __init__(
        self,
        count: int = 30,
        seconds: float = 1.0,
        reserve: int = 6,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.count, self.seconds, self.reserve, self.clock = count, seconds, reserve, clock
        self._answered: deque[float] = deque()  # when each call's answer came, oldest first
        self._under_way = 0
        self._replies_waiting = 0

    def wait_for(self, *, background: bool) -> float:
        """Seconds until a call of this kind may go (0: now)."""
        now = self.clock()
        while self._answered and self._answered[0] <= now - self.seconds:
            self._answered.popleft()
        allowed = self.count - self.reserve if background else self.count
        used = self._under_way + len(self._answered)
        if background and self._replies_waiting:
            return UNDER_WAY_POLL  # replies first
        if used < allowed:
            return 0.0
        leaving = used - allowed + 1  # calls that must leave the window first
        if leaving > len(self._answered):
            return UNDER_WAY_POLL  # calls still under way fill it
        return self._answered[leaving - 1] + self.seconds - now

    async def room(self, *, background: bool) -> None:
        """Wait until a call of this kind may go (nothing is held: look again before it)."""
        if (wait := self.wait_for(background=background)) <= 0:
            return
        self._replies_waiting += not background
        try:
            # time, not an event, frees room: the oldest call leaves the window
            while wait > 0:
                await asyncio.sleep(wait)
                wait = self.wait_for(background=background)
        finally:
            self._replies_waiting -= not background

    @contextlib.asynccontextmanager
    async def slot(self, *, background: bool) -> AsyncIterator[None]:
        """Wait for room, then hold a place in the window for the call made inside."""
        await self.room(background=background)
        self._under_way += 1
        try:
            yield
        finally:
            self._under_way -= 1
            self._answered.append(self.clock())
