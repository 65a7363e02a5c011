"""Ports for messages in and out: received updates (the inbox), the outbox, reminders,
and the tokens behind buttons."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from bot.domain.models import ActionToken, OutboxMessage, Reminder


class InboxRepository(Protocol):
    async def record(
        self, update_id: int, payload: dict[str, Any], at: datetime, person: int
    ) -> bool:
        """Store a received update in `person`'s queue (`inbox.queue_of`); False when this
        update_id was already recorded."""
        ...

    async def record_many(
        self, payloads: Sequence[dict[str, Any]], at: datetime, people: Mapping[int, int]
    ) -> set[int]:
        """Store a fetched batch (each payload has its `update_id`; `people`: each update's
        queue, by update id); the ids that were new."""
        ...

    async def claim(
        self, owner: str, now: datetime, until: datetime, limit: int
    ) -> list[tuple[int, dict[str, Any]]]:
        """`owner` holds, until `until`, every person it held (a claim past half its hold is
        renewed) and every person with pending updates whom nobody holds (never held, or
        the holder's claim lapsed by `now`);
        returns the pending updates of everyone it holds, oldest first (at most `limit`).
        Two owners never hold one person at once."""
        ...

    async def take_over(self, owner: str) -> None:
        """Every claim of another owner ends: `owner` alone takes updates (the poller)."""
        ...

    async def release(self, owner: str, now: datetime, *, everyone: bool = False) -> None:
        """`owner` lets go of the people it holds with nothing pending (`everyone`: of all,
        when it stops), so that another may take them at once."""
        ...

    async def drafted(self, update_id: int) -> int | None:
        """The post this update drafted, if it did (kept with the update for replays)."""
        ...

    async def note_drafted(self, update_id: int, post_id: int, *, replace: bool = False) -> bool:
        """Keep the draft with the update; False when the update has one already (or is not
        stored): `replace` overwrites that one."""
        ...

    async def mark_done(self, update_ids: Collection[int], at: datetime) -> None: ...
    async def purge_done(self, before: datetime) -> int: ...
    async def pending(
        self, limit: int = 100, after: int | None = None
    ) -> list[tuple[int, dict[str, Any]]]:
        """Recorded but not done updates, oldest first (past `after`, an update id)."""
        ...

    async def count_replays(self, update_ids: Collection[int]) -> dict[int, int]:
        """Count one more replay of each update; how many each has had now."""
        ...


class OutboxRepository(Protocol):
    async def add(self, message: OutboxMessage) -> int: ...
    async def due(self, now: datetime, limit: int) -> list[OutboxMessage]: ...
    async def mark_sent(self, message_id: int, at: datetime, telegram_message_id: int) -> None: ...
    async def mark_failed(
        self, message_id: int, error: str, *, retry_at: datetime | None
    ) -> None: ...

    async def hold(self, message_id: int, until: datetime) -> None:
        """Not before `until` (quiet hours); not an attempt."""
        ...

    async def claim(
        self, message_ids: Collection[int], now: datetime, until: datetime
    ) -> set[int]:
        """Take the ones still due for sending: they are not due for anyone else before
        `until` (unless their outcome is recorded first). Returns the ids taken."""
        ...

    async def purge_finished(self, before: datetime) -> int:
        """Forget messages sent or given up before `before`; returns how many."""
        ...

    async def retry_failed(self, chat_id: int, error: str, since: datetime) -> int:
        """Messages to `chat_id` that failed finally with `error` since then are due again
        (say, once a member started the bot); returns how many."""
        ...


class RemindersRepository(Protocol):
    async def add(self, reminder: Reminder) -> int: ...
    async def update(self, reminder: Reminder) -> None:
        """Writes `due_at`, `attempts`, `sent_at` and `cancelled_at`."""
        ...

    async def due(self, now: datetime, limit: int = 100) -> list[Reminder]:
        """Reminders due by `now`, neither sent nor cancelled, oldest first."""
        ...

    async def pending(
        self,
        *,
        user_id: int | None = None,
        post_id: int | None = None,
        match_id: int | None = None,
        kinds: Collection[str] = (),
    ) -> list[Reminder]:
        """Pending reminders of a user or about a post (at least one of the two), narrowed
        by match and kinds, oldest first."""
        ...

    async def posts_with_pending(
        self, post_ids: Collection[int], kinds: Collection[str]
    ) -> set[int]:
        """Those of `post_ids` with a pending reminder of one of `kinds`: one query for
        many posts."""
        ...

    async def purge_finished(self, before: datetime) -> int:
        """Forget reminders sent, cancelled or expired before `before`; returns how many."""
        ...


class ActionTokensRepository(Protocol):
    async def add(self, token: ActionToken) -> None: ...
    async def get(self, token: str) -> ActionToken | None: ...
    async def mark_used(self, token: str, at: datetime) -> None: ...
    async def purge_expired(self, before: datetime) -> int: ...
