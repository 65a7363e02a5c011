"""/forget in SQL, on SQLite and PostgreSQL: afterwards no table holds the member's id or
words but the tombstone, and other people's messages and stored updates that only share a
word with their name are as they were (tests/unit/services/test_privacy.py and
test_privacy_exact.py run the same on the fakes)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from bot.services.after_effects import Table
from bot.services.privacy import forgetting
from bot.services.privacy.forgetting import STAND_IN_FLOOR
from storage import Database
from storage.tables import ClaimRow, InboxRow, OutboxRow, metadata
from tests.fakes import FixedClock
from tests.unit.services import test_privacy_exact as exact
from tests.unit.services.test_privacy import NAME, USERNAME, WRITTEN, A, rich, traces
from tests.unit.services.world import new_index

WORDS = (NAME, USERNAME, "7700 900461", "7700900461", *WRITTEN)


async def _scan(db: Database) -> list[str]:
    found = []
    async with db.engine.connect() as connection:
        for table in metadata.sorted_tables:
            for row in await connection.execute(select(table)):
                found += [f"{table.name}{hit}" for hit in traces(tuple(row), WORDS)]
    return found


async def test_nothing_is_left_but_a_tombstone(db: Database) -> None:
    clock, index = FixedClock(), new_index()
    await rich(db.uow, clock, index)
    async with db.uow() as uow:  # a worker holds their queue
        until = clock.now() + timedelta(seconds=5)
        assert await uow.inbox.claim("worker", clock.now(), until, 10)
        await uow.commit()
    assert len(await _scan(db)) > 20

    assert await forgetting.forget(db.uow, clock, Table(index), A)
    assert await _scan(db) == ["users[0]"]  # the id of the tombstone
    async with db.uow() as uow:
        tombstone = await uow.users.get(A)
        claims = dict(
            (await uow.session.execute(select(ClaimRow.person_id, ClaimRow.owner))).all()
        )
        queue = await uow.session.scalar(select(InboxRow.person_id).where(InboxRow.update_id == 1))
    assert tombstone is not None and tombstone.deleted_at == clock.now()
    # their queue, and the worker's hold on it, are the stand-in's now
    assert queue is not None and queue < -STAND_IN_FLOOR and claims[queue] == "worker"
    assert (tombstone.display_name, tombstone.username, tombstone.phone) == ("", None, None)


def _reader(db: Database) -> exact.Read:
    async def read() -> tuple[exact.Outbox, exact.Inbox]:
        async with db.engine.connect() as connection:
            sent = await connection.execute(
                select(OutboxRow.id, OutboxRow.chat_id, OutboxRow.text)
            )
            outbox = {i: (chat, text) for i, chat, text in sent}
            received = await connection.execute(
                select(InboxRow.update_id, InboxRow.payload, InboxRow.done_at)
            )
            inbox = {u: (payload, done is not None) for u, payload, done in received}
        return outbox, inbox

    return read


@exact.NAMES
async def test_a_name_that_is_a_product_leaves_others_messages(
    db: Database, name: str, company: str | None
) -> None:
    await exact.a_name_that_is_a_product(db.uow, _reader(db), name, company, False)


@exact.NAMES
async def test_a_name_that_is_a_product_leaves_others_stored_updates(
    db: Database, name: str, company: str | None
) -> None:
    await exact.a_name_that_is_a_product(db.uow, _reader(db), name, company, True)


async def test_their_contact_details_in_a_partners_card_still_go(db: Database) -> None:
    await exact.their_details_in_a_card(db.uow, _reader(db))


async def test_the_bots_sentences_naming_them_go_only_to_their_partners(db: Database) -> None:
    await exact.the_bots_sentences_naming_them(db.uow, _reader(db))
