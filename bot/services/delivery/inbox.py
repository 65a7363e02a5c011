"""The inbox: every received update is recorded by `update_id`, so a redelivered update is
handled once, and it is the queue workers take updates from, each person's in order
(`take`); what a worker did not finish is taken again by another, or after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection
from datetime import timedelta
from typing import Any, NamedTuple

from bot.domain.models import Conversation, Lang, User
from bot.services.people import users
from bot.services.people.users import TelegramPerson
from bot.services.ports import Clock, UowFactory

log = logging.getLogger(__name__)


async def receive(
    uow_factory: UowFactory,
    clock: Clock,
    update_id: int,
    payload: dict[str, Any] | None,
    person: TelegramPerson | None,
    default: Lang,
) -> tuple[bool, User | None]:
    """Record an update and register its sender, in one transaction. The flag is False for
    a duplicate that must not be handled again. No `payload`: the update was stored already
    by this process to be handled (fetched or replayed), so it is not a redelivery. An
    update that leaves its sender forgotten (/forget) keeps only its id."""
    now = clock.now()
    async with uow_factory() as uow:
        claimed = payload is None
        fresh = payload is not None and await uow.inbox.record(
            update_id, payload, now, queue_of(payload)
        )
        user, changed = (
            await users.register(uow, person, now, default, new=fresh or claimed)
            if person
            else (None, False)
        )
        if user is not None and user.deleted_at is not None:
            await uow.erasure.blank_update(update_id)
            changed = True
        if fresh or changed:
            await uow.commit()
        return fresh, user


class StoredBatch(NamedTuple):
    fresh: set[int]  # ids of the updates not stored before
    senders: dict[int, User | None]  # update id: its sender as registered with the batch
    written: set[int]  # ids of the people whose rows this batch changed
    conversations: dict[int, Conversation]  # person id: the one they are in, read with it


async def store_fetched(
    uow_factory: UowFactory,
    clock: Clock,
    payloads: list[dict[str, Any]],
    senders: dict[int, TelegramPerson | None] | None = None,
    default: Lang = Lang.EN,
) -> StoredBatch:
    """A batch fetched from Telegram, stored in one transaction before its offset is
    confirmed (the next getUpdates does that). Updates already stored were fetched before a
    crash: they are handled from the inbox, not again.

    `senders` names, by update id, the senders to register now, as `receive` would when
    the update's turn comes (None: it has no sender; a person is registered again only
    when an update of theirs says something new of them); returned is each new update's
    sender as registered, to be used instead of reading it again."""
    now = clock.now()
    senders = senders or {}
    registered: dict[int, User | None] = {}
    registered_as: dict[int, TelegramPerson] = {}  # person id: as last registered
    written: set[int] = set()
    async with uow_factory() as uow:
        people = {int(p["update_id"]): queue_of(p) for p in payloads}
        fresh = await uow.inbox.record_many(payloads, now, people)
        ids = {p.id for u, p in senders.items() if p is not None and u in fresh}
        known = await uow.users.get_many(ids)  # one query for the batch
        conversations = await uow.conversations.get_many(ids)
        for update_id in sorted(fresh & senders.keys()):
            person = senders[update_id]
            if person is None:
                registered[update_id] = None
                continue
            if registered_as.get(person.id) != person:
                user, changed = await users.register(uow, person, now, default, known=known)
                registered_as[person.id], known[person.id] = person, user
                if changed:
                    written.add(person.id)
            user = known[person.id]
            if user.deleted_at is not None:
                await uow.erasure.blank_update(update_id)
            registered[update_id] = user
        await uow.commit()
        return StoredBatch(fresh, registered, written, conversations)


KEEP = timedelta(days=3)  # Telegram redelivers within hours; ids may restart after a week


async def purge(uow_factory: UowFactory, clock: Clock) -> int:
    """Housekeeping: handled updates past KEEP."""
    async with uow_factory() as uow:
        removed = await uow.inbox.purge_done(clock.now() - KEEP)
        await uow.commit()
        return removed


TAKE_BATCH = 200  # updates taken from the queue at once
MAX_TAKES = 6  # an update taken this often (five times after the first) is given up


class Taken(NamedTuple):
    payloads: list[dict[str, Any]]  # to handle now, oldest first
    pending: set[int]  # every pending update of the people held (handled or not)
    complete: bool  # `pending` is all of them (not cut at the batch size)


async def take(
    uow_factory: UowFactory,
    clock: Clock,
    owner: str,
    hold_for: timedelta,
    taken: Collection[int] = (),
    limit: int = TAKE_BATCH,
    *,
    let_go: bool = True,
) -> Taken:
    """The inbox is the queue: hold every person with pending updates whom no other worker
    holds (and keep those already held, for `hold_for`), and return their updates not
    `taken` yet, oldest first. A person's updates go to one worker at a time, so they are
    handled in order; a worker that dies lets go when its hold lapses, and another takes
    what it left. Each take counts: one taken MAX_TAKES times (it kills every worker that
    tries) is given up, marked done and logged. People with nothing pending are let go
    (unless `let_go` is False: the take right after a store leaves that to the next tick)."""
    now = clock.now()
    async with uow_factory() as uow:
        pending = await uow.inbox.claim(owner, now, now + hold_for, limit)
        new = [(update_id, payload) for update_id, payload in pending if update_id not in taken]
        takes = await uow.inbox.count_replays([update_id for update_id, _ in new])
        given_up = [update_id for update_id, _ in new if takes[update_id] >= MAX_TAKES]
        await uow.inbox.mark_done(given_up, now)
        if let_go:
            await uow.inbox.release(owner, now)
        await uow.commit()
    if given_up:
        log.error("updates %s given up after %d takes", given_up, MAX_TAKES)
    payloads = [payload for update_id, payload in new if update_id not in given_up]
    return Taken(payloads, {update_id for update_id, _ in pending}, len(pending) < limit)


async def take_over(uow_factory: UowFactory, owner: str) -> None:
    """This process polls Telegram now (it holds the lease), and in polling mode only the
    poller takes updates: whatever a previous poller held (it died, or this one took its
    lease) is this one's at once, not when those claims lapse."""
    async with uow_factory() as uow:
        await uow.inbox.take_over(owner)
        await uow.commit()


async def let_go(uow_factory: UowFactory, clock: Clock, owner: str) -> None:
    """The worker stops: the people it holds are free for others at once (what it did not
    finish stays pending)."""
    async with uow_factory() as uow:
        await uow.inbox.release(owner, clock.now(), everyone=True)
        await uow.commit()


def queue_of(payload: dict[str, Any]) -> int:
    """Whose queue an update joins: its sender's (their Telegram id), else its chat's, else
    the one shared queue (0)."""
    for key, value in payload.items():
        if key == "update_id" or not isinstance(value, dict):
            continue
        person = value.get("from") or value.get("user")
        if isinstance(person, dict) and isinstance(person.get("id"), int):
            return int(person["id"])
        chat = value.get("chat") or (value.get("message") or {}).get("chat")
        if isinstance(chat, dict) and isinstance(chat.get("id"), int):
            return int(chat["id"])
    return 0


async def mark_done(uow_factory: UowFactory, clock: Clock, update_ids: Collection[int]) -> None:
    async with uow_factory() as uow:
        await uow.inbox.mark_done(update_ids, clock.now())
        await uow.commit()


DONE_MARK_DELAY = 0.05  # seconds


class DoneMarks:
    """The "done" marks of handled updates, written together: one transaction for all the
    updates finished within DONE_MARK_DELAY, not one each. A process killed in that moment
    handles those updates again at its next start, which shows a card or an answer twice
    and changes nothing (a draft is found again by its update, buttons act by their
    rules). `close()` writes what is left at a graceful stop.

    `keep_state` runs before each batch of marks: it stores the chat state those updates
    left (a question asked, a flow's step), which would otherwise wait for its own flush, so
    a process killed in between would lose it with the update already marked done."""

    def __init__(
        self,
        uow_factory: UowFactory,
        clock: Clock,
        delay: float = DONE_MARK_DELAY,
        keep_state: Callable[[], Awaitable[None]] | None = None,
    ):
        self._uow_factory = uow_factory
        self._clock = clock
        self._delay = delay
        self._keep_state = keep_state
        self._pending: list[int] = []
        self._writer: asyncio.Task[None] | None = None

    def add(self, update_id: int) -> None:
        self._pending.append(update_id)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_soon(), name="inbox-done-marks")

    async def _write_soon(self) -> None:
        while self._pending:
            await asyncio.sleep(self._delay)
            await self._write()

    async def _write(self) -> None:
        update_ids, self._pending = self._pending, []
        if not update_ids:
            return
        try:
            if self._keep_state is not None:
                await self._keep_state()
            await mark_done(self._uow_factory, self._clock, update_ids)
        except BaseException as error:  # kept for the next try (writing twice is harmless)
            self._pending[:0] = update_ids
            if not isinstance(error, Exception):
                raise  # cancelled: `close()` writes them
            log.exception("could not mark %d updates done; trying again", len(update_ids))

    async def close(self) -> None:
        writer = self._writer
        if writer is not None and not writer.done():
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        await self._write()
