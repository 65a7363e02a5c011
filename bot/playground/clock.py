"""The bot's clock in the playground: real time plus an offset the page can move forward,
so expiry notices and reminders can be seen without waiting. Production has no such clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class MovableClock:
    def __init__(self) -> None:
        self.offset = timedelta()

    def now(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def advance(self, by: timedelta) -> None:
        if by <= timedelta():
            raise ValueError("the clock only moves forward")
        self.offset += by
