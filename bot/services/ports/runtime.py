"""Ports for running the bot: the clock, leases on one-at-a-time jobs, PTB persistence, and
each person's conversation."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any, Protocol

from bot.domain.models import Conversation


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

    async def load_one(self, namespace: str, key: str) -> Any | None:
        """One key's value; None when there is none."""
        ...

    async def save(self, namespace: str, key: str, value: Any | None) -> None: ...


class ConversationsRepository(Protocol):
    """The one conversation each person may be in (`bot.domain.models.conversations`)."""

    async def get(self, user_id: int) -> Conversation | None: ...

    async def get_many(self, user_ids: Collection[int]) -> dict[int, Conversation]:
        """Those of these people who are in a conversation (one query, for a batch)."""
        ...

    async def put(self, conversation: Conversation) -> None:
        """Store it in place of any other of the same person."""
        ...

    async def end(self, user_id: int) -> Conversation | None:
        """Remove the person's conversation; the removed one, if any."""
        ...

    async def over(self, now: datetime, limit: int) -> list[Conversation]:
        """Conversations past their deadline, oldest deadline first."""
        ...
