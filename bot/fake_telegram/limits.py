"""Flood control like Telegram's: per-bot, per-private-chat and per-group send limits.

Telegram documents about 30 messages per second overall, about one per second in one chat
(short bursts tolerated) and 20 per minute in one group. Each limit here is a sliding window
of ``count`` sends per ``seconds``; a send that would exceed one is refused with the whole
seconds until the oldest send in that window expires (Telegram's ``retry_after``).
Only sending methods are counted; edits, deletes and reads are not (documented gap).
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

SENDING_METHODS = frozenset(
    {
        "sendMessage",
        "forwardMessage",
        "forwardMessages",
        "copyMessage",
        "copyMessages",
        "sendPhoto",
        "sendAudio",
        "sendDocument",
        "sendVideo",
        "sendAnimation",
        "sendVoice",
        "sendVideoNote",
        "sendPaidMedia",
        "sendMediaGroup",
        "sendLocation",
        "sendVenue",
        "sendContact",
        "sendPoll",
        "sendChecklist",
        "sendDice",
        "sendSticker",
        "sendInvoice",
        "sendGame",
    }
)


@dataclass(frozen=True)
class Window:
    """At most ``count`` sends in any ``seconds``-long window."""

    count: int
    seconds: float


@dataclass(frozen=True)
class FloodLimits:
    """Limits in force; ``None`` disables one limit, ``enabled=False`` disables all."""

    overall: Window | None = Window(30, 1.0)
    # 1/s with a burst of 3: Telegram lets short bursts through before answering 429
    private_chat: Window | None = Window(3, 3.0)
    group_chat: Window | None = Window(20, 60.0)
    enabled: bool = True

    @classmethod
    def telegram(cls) -> FloodLimits:
        return cls()

    @classmethod
    def strict(cls, per_chat_per_second: int = 1) -> FloodLimits:
        """Exactly ``per_chat_per_second`` per chat, no burst; groups as Telegram."""
        return cls(private_chat=Window(per_chat_per_second, 1.0))

    @classmethod
    def off(cls) -> FloodLimits:
        return cls(enabled=False)


@dataclass
class FloodLimiter:
    """Counts sends and decides; ``clock`` is injectable so tests need not sleep."""

    limits: FloodLimits = field(default_factory=FloodLimits)
    clock: Callable[[], float] = time.monotonic
    _sent: dict[object, deque[float]] = field(default_factory=dict)

    def check(self, method: str, chat_id: int, chat_type: str) -> int | None:
        """Record a send and return ``None``, or return ``retry_after`` seconds (not recorded)."""
        if not self.limits.enabled or method not in SENDING_METHODS:
            return None
        now = self.clock()
        windows: list[tuple[object, Window]] = []
        if self.limits.overall is not None:
            windows.append(("overall", self.limits.overall))
        per_chat = self.limits.private_chat if chat_type == "private" else self.limits.group_chat
        if per_chat is not None:
            windows.append((chat_id, per_chat))
        waits = [self._wait(key, window, now) for key, window in windows]
        longest = max(waits, default=0.0)
        if longest > 0:
            return max(1, math.ceil(longest))
        for key, _window in windows:
            self._sent.setdefault(key, deque()).append(now)
        return None

    def _wait(self, key: object, window: Window, now: float) -> float:
        sent = self._sent.setdefault(key, deque())
        while sent and sent[0] <= now - window.seconds:
            sent.popleft()
        if len(sent) < window.count:
            return 0.0
        return sent[0] + window.seconds - now

    def reset(self, limits: FloodLimits | None = None) -> None:
        """Forget past sends, optionally switching to new limits."""
        self._sent.clear()
        if limits is not None:
            self.limits = limits
