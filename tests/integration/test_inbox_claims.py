"""The inbox as the workers' queue on SQLite and PostgreSQL: a worker (owner) takes every
person with pending updates whom nobody holds and gets their updates in update_id order;
nobody else gets them until its claim lapses or it lets go; two workers claiming at once on
PostgreSQL never both hold one person."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from storage import Database
from storage.tables import ClaimRow
from tests.integration.factories import NOW

TTL = timedelta(seconds=10)
# (update id, person): recorded out of order, person 0 is the queue of updates without one
QUEUED = ((5, 11), (3, 12), (9, 11), (4, 0), (7, 13), (8, 12))
ROUNDS = 20  # of two owners racing for the same people


def _update(update_id: int, person: int) -> dict[str, Any]:
    return {
        "update_id": update_id,
        "message": {"from": {"id": person}, "text": f"第{update_id}条"},
    }


async def _record(db: Database, *queued: tuple[int, int]) -> None:
    async with db.uow() as uow:
        payloads = [_update(update_id, person) for update_id, person in queued]
        await uow.inbox.record_many(payloads, NOW, dict(queued))
        await uow.commit()


async def _claim(db: Database, owner: str, at: float = 0, limit: int = 100) -> list[int]:
    """The update ids `owner` gets `at` seconds past NOW, holding them for TTL."""
    now = NOW + timedelta(seconds=at)
    async with db.uow() as uow:
        taken = await uow.inbox.claim(owner, now, now + TTL, limit)
        await uow.commit()
    assert all(payload == _update(u, payload["message"]["from"]["id"]) for u, payload in taken)
    return [update_id for update_id, _ in taken]


async def _done(db: Database, *update_ids: int) -> None:
    async with db.uow() as uow:
        await uow.inbox.mark_done(update_ids, NOW)
        await uow.commit()


async def _release(db: Database, owner: str, *, everyone: bool = False) -> None:
    async with db.uow() as uow:
        await uow.inbox.release(owner, NOW, everyone=everyone)
        await uow.commit()


async def _holders(db: Database) -> dict[int, str]:
    async with db.uow() as uow:
        rows = await uow.session.execute(select(ClaimRow.person_id, ClaimRow.owner))
        return {person: owner for person, owner in rows.all()}


async def test_one_owner_takes_every_pending_update_in_order(db: Database) -> None:
    await _record(db, *QUEUED)
    assert await _claim(db, "a", limit=2) == [3, 4]  # every person taken, the oldest returned
    assert await _holders(db) == dict.fromkeys((0, 11, 12, 13), "a")
    assert await _claim(db, "a", at=1) == [3, 4, 5, 7, 8, 9]
    assert await _claim(db, "b", at=2) == []  # held by a
    await _record(db, (10, 14), (2, 11))  # a newcomer, and one more (older) for a's person
    assert await _claim(db, "b", at=3) == [10]
    assert await _claim(db, "a", at=3) == [2, 3, 4, 5, 7, 8, 9]
    assert await _holders(db) == {**dict.fromkeys((0, 11, 12, 13), "a"), 14: "b"}


async def test_a_lapsed_claim_is_taken_and_a_renewed_one_kept(db: Database) -> None:
    await _record(db, *QUEUED)
    everything = [3, 4, 5, 7, 8, 9]
    assert await _claim(db, "a") == everything  # held until 10 s
    assert await _claim(db, "b", at=5) == []
    assert await _claim(db, "a", at=8) == everything  # renewed until 18 s
    assert await _claim(db, "b", at=12) == []  # it would have lapsed at 10 s
    assert await _claim(db, "b", at=18) == everything  # lapsed: until <= now
    assert await _claim(db, "a", at=19) == []  # b's now; a's lapse lost it everyone
    assert await _holders(db) == dict.fromkeys((0, 11, 12, 13), "b")


async def test_done_updates_are_not_returned(db: Database) -> None:
    await _record(db, *QUEUED)
    await _done(db, 3, 5, 7)
    assert await _claim(db, "a") == [4, 8, 9]  # 13 has nothing pending: not taken
    assert await _holders(db) == dict.fromkeys((0, 11, 12), "a")
    await _done(db, 4, 8)
    assert await _claim(db, "a", at=1) == [9]
    assert await _holders(db) == dict.fromkeys((0, 11, 12), "a")  # held until let go


async def test_release_frees_people_with_nothing_pending_or_everyone(db: Database) -> None:
    await _record(db, *QUEUED)
    assert await _claim(db, "a") == [3, 4, 5, 7, 8, 9]
    await _done(db, 3, 8, 4)  # 12 and 0 have nothing pending now
    await _release(db, "b", everyone=True)  # b holds nobody: nothing changes
    await _release(db, "a")
    assert await _holders(db) == dict.fromkeys((11, 13), "a")
    await _record(db, (20, 12), (21, 11), (22, 0))
    assert await _claim(db, "b", at=1) == [20, 22]  # at once, not when a's claim lapses
    assert await _claim(db, "a", at=1) == [5, 7, 9, 21]
    await _release(db, "a", everyone=True)  # a stops: its updates stay pending
    assert await _holders(db) == dict.fromkeys((0, 12), "b")
    assert await _claim(db, "b", at=2) == [5, 7, 9, 20, 21, 22]
    assert await _holders(db) == dict.fromkeys((0, 11, 12, 13), "b")


async def test_claims_are_rolled_back_with_their_unit_of_work(db: Database) -> None:
    await _record(db, *QUEUED)
    async with db.uow() as uow:
        assert len(await uow.inbox.claim("a", NOW, NOW + TTL, 100)) == 6
    assert await _holders(db) == {}
    assert await _claim(db, "b") == [3, 4, 5, 7, 8, 9]


async def test_two_owners_claiming_at_once_never_hold_one_person(
    db: Database, second: Database
) -> None:
    if db.engine.dialect.name != "postgresql":
        pytest.skip("one SQLite connection per process: claims never overlap there")
    people = (101, 102, 103, 104, 105)
    for round_ in range(ROUNDS):
        update_ids = range(100 * round_, 100 * round_ + 15)
        await _record(db, *((u, people[u % len(people)]) for u in update_ids))
        # every claim of the last round has lapsed: both race for everyone
        at = round_ * 2 * TTL.total_seconds()
        a, b = await asyncio.gather(_claim(db, "a", at), _claim(second, "b", at))
        a_people = {people[u % len(people)] for u in a}
        b_people = {people[u % len(people)] for u in b}
        assert not a_people & b_people, f"round {round_}: both hold {a_people & b_people}"
        assert a_people | b_people == set(people)
        assert sorted(a + b) == list(update_ids) and a == sorted(a) and b == sorted(b)
        holders = await _holders(db)
        assert {p for p, owner in holders.items() if owner == "a"} == a_people
        await _done(db, *update_ids)


async def test_the_new_poller_takes_over_every_claim_at_once(db: Database) -> None:
    await _record(db, *QUEUED)
    assert await _claim(db, "old poller") == [3, 4, 5, 7, 8, 9]
    async with db.uow() as uow:
        await uow.inbox.take_over("new poller")
        await uow.commit()
    assert await _claim(db, "new poller", at=1) == [3, 4, 5, 7, 8, 9]  # not at TTL
    assert await _claim(db, "old poller", at=2) == []
