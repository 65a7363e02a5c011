"""Fake outbox, action tokens, inbox, leases, index changes, persistence and conversations
repositories."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.domain.matching.types import IndexChange, IndexEntry
from bot.domain.models import (
    ActionToken,
    Conversation,
    OutboxMessage,
)
from tests.fakes.base import (
    InboxRecord,
    IntegrityError,
    OutboxRecord,
    _json,
    _Repository,
    _utc,
    _utc_or_none,
)


class FakeOutboxRepository(_Repository):
    async def add(self, message: OutboxMessage) -> int:
        tables = self._write
        stored = dataclasses.replace(
            copy.deepcopy(message),
            id=tables.next_id("outbox"),
            buttons=[[(str(a), str(b)) for a, b in row] for row in _json(message.buttons)],
            created_at=_utc(message.created_at or self._now()),
            not_before=_utc_or_none(message.not_before),
        )
        tables.outbox[stored.id] = OutboxRecord(stored)  # type: ignore[index]
        message.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def due(self, now: datetime, limit: int) -> list[OutboxMessage]:
        """Unsent, not permanently failed messages whose `not_before` is unset or reached,
        oldest first (by id)."""
        due = [
            r.message
            for _id, r in sorted(self._read.outbox.items())
            if r.sent_at is None
            and r.failed_at is None
            and (r.message.not_before is None or r.message.not_before <= now)
        ]
        return copy.deepcopy(due[:limit])

    async def mark_sent(self, message_id: int, at: datetime, telegram_message_id: int) -> None:
        record = self._write.outbox.get(message_id)
        if record is not None:
            record.sent_at, record.telegram_message_id = _utc(at), telegram_message_id
            record.message.attempts += 1

    async def mark_failed(
        self,
        message_id: int,
        error: str,
        *,
        retry_at: datetime | None,
        at: datetime | None = None,
    ) -> None:
        """Count a failed attempt. With `retry_at` the message stays pending and becomes due
        again then; without it the failure is final (`failed_at` = `at`, default now)."""
        record = self._write.outbox.get(message_id)
        if record is None:
            return
        record.message.attempts += 1
        record.last_error = error[:2000]
        if retry_at is None:
            record.failed_at = _utc(at or self._now())
        else:
            record.message.not_before = _utc(retry_at)

    async def purge_finished(self, before: datetime) -> int:
        outbox = self._write.outbox
        gone = [
            key
            for key, r in outbox.items()
            if any(at is not None and at < before for at in (r.sent_at, r.failed_at))
        ]
        for key in gone:
            del outbox[key]
        return len(gone)

    async def retry_failed(self, chat_id: int, error: str, since: datetime) -> int:
        count = 0
        for record in self._write.outbox.values():
            failed = record.failed_at
            if (
                record.message.chat_id == chat_id
                and failed is not None
                and failed >= since
                and record.last_error == error
                and record.sent_at is None
            ):
                record.failed_at, record.message.not_before = None, None
                count += 1
        return count

    async def hold(self, message_id: int, until: datetime) -> None:
        record = self._write.outbox.get(message_id)
        if record is not None:
            record.message.not_before = _utc(until)

    async def claim(
        self, message_ids: Collection[int], now: datetime, until: datetime
    ) -> set[int]:
        taken = set()
        for message_id in message_ids:
            record = self._write.outbox.get(message_id)
            if (
                record is not None
                and record.sent_at is None
                and record.failed_at is None
                and (record.message.not_before is None or record.message.not_before <= now)
            ):
                record.message.not_before = _utc(until)
                taken.add(message_id)
        return taken


class FakeActionTokensRepository(_Repository):
    async def add(self, token: ActionToken) -> None:
        tables = self._write
        if token.token in tables.action_tokens:
            raise IntegrityError("UNIQUE constraint failed: action_tokens.token")
        tables.action_tokens[token.token] = dataclasses.replace(
            token,
            payload=_json(token.payload),
            expires_at=_utc(token.expires_at),
            used_at=_utc_or_none(token.used_at),
        )

    async def get(self, token: str) -> ActionToken | None:
        """The token, used or expired ones included (the caller decides); None if unknown."""
        return copy.deepcopy(self._read.action_tokens.get(token))

    async def mark_used(self, token: str, at: datetime) -> None:
        """Record the first use only: a second press keeps the original `used_at`."""
        stored = self._write.action_tokens.get(token)
        if stored is not None and stored.used_at is None:
            stored.used_at = _utc(at)

    async def purge_expired(self, before: datetime) -> int:
        """Forget tokens that expired before `before`; returns how many."""
        tokens = self._write.action_tokens
        gone = [key for key, t in tokens.items() if t.expires_at < before]
        for key in gone:
            del tokens[key]
        return len(gone)


class FakeInboxRepository(_Repository):
    async def record(
        self, update_id: int, payload: dict[str, Any], at: datetime, person: int
    ) -> bool:
        """Store a received update in `person`'s queue; False when this update_id was already
        recorded."""
        tables = self._write
        if update_id in tables.inbox:
            return False
        tables.inbox[update_id] = InboxRecord(update_id, _json(payload), _utc(at), person=person)
        return True

    async def record_many(
        self, payloads: Sequence[dict[str, Any]], at: datetime, people: Mapping[int, int]
    ) -> set[int]:
        fresh = set()
        for payload in payloads:
            update_id = int(payload["update_id"])
            if await self.record(update_id, payload, at, people[update_id]):
                fresh.add(update_id)
        return fresh

    async def claim(
        self, owner: str, now: datetime, until: datetime, limit: int
    ) -> list[tuple[int, dict[str, Any]]]:
        """`owner` holds, until `until`, the people it held and those with pending updates
        whom nobody holds (their claim lapsed by `now`); their pending updates, oldest first
        (at most `limit`)."""
        tables, now = self._read, _utc(now)
        pending = {r.person for r in tables.inbox.values() if r.done_at is None}
        free = {p for p in pending if p not in tables.claims or tables.claims[p][1] <= now}
        renew = now + (_utc(until) - now) / 2  # past half their hold
        mine = {p for p, (holder, _) in tables.claims.items() if holder == owner}
        stale = {p for p in mine if tables.claims[p][1] < renew}
        self._write.claims.update(dict.fromkeys(free | stale, (owner, _utc(until))))
        held = mine | free
        updates = sorted(
            k for k, r in tables.inbox.items() if r.done_at is None and r.person in held
        )
        return [(k, copy.deepcopy(tables.inbox[k].payload)) for k in updates[:limit]]

    async def take_over(self, owner: str) -> None:
        """Every other owner's claims end (the one process that polls takes them all)."""
        for person, (holder, _until) in list(self._read.claims.items()):
            if holder != owner:
                del self._write.claims[person]

    async def release(self, owner: str, now: datetime, *, everyone: bool = False) -> None:
        """`owner` lets go of the people it holds with nothing pending (`everyone`: of all)."""
        tables = self._read
        pending = {r.person for r in tables.inbox.values() if r.done_at is None}
        mine = [p for p, (holder, _) in tables.claims.items() if holder == owner]
        gone = [p for p in mine if everyone or p not in pending]
        for person in gone:
            del self._write.claims[person]

    async def drafted(self, update_id: int) -> int | None:
        record = self._read.inbox.get(update_id)
        return record.post_id if record is not None else None

    async def note_drafted(self, update_id: int, post_id: int, *, replace: bool = False) -> bool:
        record = self._write.inbox.get(update_id)
        if record is None or (record.post_id is not None and not replace):
            return False
        record.post_id = post_id
        return True

    async def mark_done(self, update_ids: Collection[int], at: datetime) -> None:
        for update_id in update_ids:
            record = self._write.inbox.get(update_id)
            if record is not None and record.done_at is None:
                record.done_at = _utc(at)

    async def purge_done(self, before: datetime) -> int:
        """Forget handled updates received before `before`; returns how many."""
        inbox = self._write.inbox
        gone = [k for k, r in inbox.items() if r.done_at is not None and r.received_at < before]
        for key in gone:
            del inbox[key]
        return len(gone)

    async def pending(
        self, limit: int = 100, after: int | None = None
    ) -> list[tuple[int, dict[str, Any]]]:
        """Recorded but not done updates, in update_id order: what to replay after a crash."""
        pending = sorted(
            k
            for k, r in self._read.inbox.items()
            if r.done_at is None and (after is None or k > after)
        )
        return [(k, copy.deepcopy(self._read.inbox[k].payload)) for k in pending[:limit]]

    async def count_replays(self, update_ids: Collection[int]) -> dict[int, int]:
        counts = {}
        for update_id in update_ids:
            record = self._write.inbox.get(update_id)
            if record is not None:
                record.replays += 1
                counts[update_id] = record.replays
        return counts


class FakeLeasesRepository(_Repository):
    async def take(self, name: str, holder: str, now: datetime, until: datetime) -> bool:
        held = self._read.leases.get(name)
        if held is not None and held[0] != holder and held[1] > _utc(now):
            return False
        self._write.leases[name] = (holder, _utc(until))
        return True

    async def release(self, name: str, holder: str, now: datetime) -> None:
        held = self._write.leases.get(name)
        if held is not None and held[0] == holder:
            self._write.leases[name] = (holder, _utc(now))


class FakeIndexChangesRepository(_Repository):
    async def record(
        self,
        kind: str,
        origin: str,
        at: datetime,
        *,
        post_id: int | None = None,
        user_id: int | None = None,
    ) -> int:
        tables = self._write
        revision = tables.next_id("index_changes")
        tables.index_changes[revision] = (kind, origin, post_id, user_id, _utc(at))
        return revision

    async def latest(self) -> int:
        return self._read.last_ids.get("index_changes", 0)

    async def since(self, revision: int, now: datetime, limit: int) -> list[IndexChange]:
        tables = self._read
        changes = []
        for number in sorted(r for r in tables.index_changes if r > revision)[:limit]:
            kind, origin, post_id, user_id, _ = tables.index_changes[number]
            record = tables.posts.get(post_id) if post_id is not None else None
            entry = None
            if kind == "post" and record is not None and record.post.is_live(_utc(now)):
                post = record.post
                entry = IndexEntry(
                    record.id,
                    post.user_id,
                    post.kind.value,
                    record.index_terms,
                    record.index_labels,
                    record.index_numbers,
                    post.circle_id,
                    record.index_vocabulary,
                )
            changes.append(IndexChange(number, kind, origin, post_id, user_id, entry))
        return changes

    async def purge(self, before: datetime) -> int:
        changes = self._write.index_changes
        gone = [r for r, change in changes.items() if change[4] < _utc(before)]
        for revision in gone:
            del changes[revision]
        return len(gone)


class FakePersistenceRepository(_Repository):
    async def load(self, namespace: str) -> dict[str, Any]:
        rows = self._read.persistence.items()
        return {key: copy.deepcopy(value) for (space, key), value in rows if space == namespace}

    async def load_one(self, namespace: str, key: str) -> Any | None:
        return copy.deepcopy(self._read.persistence.get((namespace, key)))

    async def save(self, namespace: str, key: str, value: Any | None) -> None:
        """Store `value` (anything JSON can hold) under (namespace, key); None deletes."""
        rows = self._write.persistence
        if value is None:
            rows.pop((namespace, key), None)
        else:
            rows[(namespace, key)] = _json(value)


class FakeConversations(_Repository):
    """Each person's one conversation, as storage/repositories/conversations.py keeps it."""

    async def get(self, user_id: int) -> Conversation | None:
        return copy.deepcopy(self._read.conversations.get(user_id))

    async def get_many(self, user_ids: Collection[int]) -> dict[int, Conversation]:
        found = self._read.conversations
        return {u: copy.deepcopy(found[u]) for u in user_ids if u in found}

    async def put(self, conversation: Conversation) -> None:
        """Store it in place of any other of the same person."""
        self._write.conversations[conversation.user_id] = dataclasses.replace(
            conversation,
            expires_at=_utc(conversation.expires_at),
            data=_json(conversation.data),
        )

    async def end(self, user_id: int) -> Conversation | None:
        """Remove the person's conversation; the removed one, if any."""
        if user_id not in self._read.conversations:
            return None
        return self._write.conversations.pop(user_id)

    async def over(self, now: datetime, limit: int) -> list[Conversation]:
        """Conversations past their deadline, oldest deadline first."""
        over = sorted(
            (c for c in self._read.conversations.values() if c.expires_at <= _utc(now)),
            key=lambda c: (c.expires_at, c.user_id),
        )
        return copy.deepcopy(over[:limit])


# -- matches and contact requests ----------------------------------------------------------
