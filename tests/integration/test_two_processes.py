"""Two processes on one database (a failover's overlap, webhook workers side by side): an
outbox message is claimed by one of them only, and a due reminder is handled by one sweep
only (issue 14)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.domain.models import OutboxMessage, Reminder
from bot.services.delivery import outbox
from storage import Database
from tests.fakes import FixedClock
from tests.integration.factories import NOW, make_post, make_user


def _postgresql_only(db: Database) -> None:
    if db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite runs write transactions one at a time: there is nothing to skip")


async def _drain(database: Database, clock: FixedClock) -> list[int]:
    """What one dispatcher would send: read what is due, claim it, until nothing is left."""
    taken: list[int] = []
    while due := await outbox.due(database.uow, clock, 5, quiet_hours=False):
        taken += await outbox.claim(database.uow, clock, [m.id for m in due if m.id])
        await asyncio.sleep(0.001)  # the other dispatcher's turn, even on a loaded machine
    return taken


async def test_two_dispatchers_claim_each_message_once(db: Database, second: Database) -> None:
    clock = FixedClock(NOW)
    async with db.uow() as uow:
        for n in range(120):
            await uow.outbox.add(OutboxMessage(None, chat_id=100 + n % 7, text=f"alert {n}"))
        await uow.commit()
    for database in (db, second):  # both connected before the race starts
        async with database.uow() as uow:
            await uow.outbox.due(clock.now(), 1)
    one, other = await asyncio.gather(_drain(db, clock), _drain(second, clock))
    assert sorted(one + other) == sorted(set(one + other)) and len(one + other) == 120
    assert one and other  # both took part: the test did race them

    clock.advance(outbox.CLAIM + timedelta(seconds=1))  # a dispatcher died mid-send
    async with db.uow() as uow:
        assert len(await uow.outbox.due(clock.now(), 200)) == 120  # due again, none lost


async def test_a_due_reminder_is_skipped_by_a_second_sweep_until_the_first_commits(
    db: Database, second: Database
) -> None:
    _postgresql_only(db)
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1))
        for n in range(3):
            await uow.reminders.add(Reminder(None, "deal.outcome", 1, NOW, {"deal": n}))
        await uow.commit()
    async with db.uow() as first, second.uow() as other:
        assert len(await first.reminders.due(NOW)) == 3
        assert await other.reminders.due(NOW) == []  # locked by the first sweep


async def test_an_expiring_post_is_swept_by_one_process_only(
    db: Database, second: Database
) -> None:
    _postgresql_only(db)
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1))
        for _ in range(2):
            await uow.posts.add(make_post(1, expires_at=NOW - timedelta(minutes=1)))
        await uow.commit()
    async with db.uow() as first, second.uow() as other:
        assert len(await first.posts.list_due_to_expire(NOW, 10)) == 2
        assert await other.posts.list_due_to_expire(NOW, 10) == []  # being swept
