"""Ports for running the bot: the clock, leases on one-at-a-time jobs, PTB persistence."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol


class Clock(Protocol):
    def now(self) -> datetime: ...


class LeasesRepository(Protocol):
    """Named leases: which process may do a one-at-a-time job (poll Telegram) until when."""

    async def take(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        """Hold `name` until `until` if it is free, lapsed or already ours; True if held."""
        ...

    async def release(self, name: str, holder: str, now: datetime) -> None: ...


class PersistenceRepository(Protocol):
    """Key/value rows behind PTB persistence (conversations, user_data)."""

    async def load(self, namespace: str) -> dict[str, Any]: ...
    async def save(self, namespace: str, key: str, value: Any | None) -> None: ...
