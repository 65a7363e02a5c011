"""Unit of work: commit persists, anything else rolls back."""

from __future__ import annotations

import pytest

from storage import Database
from tests.integration.factories import make_user


async def _user_exists(db: Database, user_id: int) -> bool:
    async with db.uow() as uow:
        return await uow.users.get(user_id) is not None


async def test_commit_persists(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1))
        await uow.commit()
    assert await _user_exists(db, 1)


async def test_leaving_without_commit_rolls_back(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(2))
        assert await uow.users.get(2) is not None  # visible inside the transaction
    assert not await _user_exists(db, 2)


async def test_exception_rolls_back_and_propagates(db: Database) -> None:
    with pytest.raises(RuntimeError, match="boom"):
        async with db.uow() as uow:
            await uow.users.upsert(make_user(3))
            raise RuntimeError("boom")
    assert not await _user_exists(db, 3)


async def test_explicit_rollback_then_more_work(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(4))
        await uow.rollback()
        await uow.users.upsert(make_user(5))
        await uow.commit()
    assert not await _user_exists(db, 4)
    assert await _user_exists(db, 5)


async def test_work_after_commit_is_not_kept_without_another_commit(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(6))
        await uow.commit()
        await uow.users.upsert(make_user(7))
    assert await _user_exists(db, 6)
    assert not await _user_exists(db, 7)


async def test_repositories_only_inside_the_block(db: Database) -> None:
    uow = db.uow()
    with pytest.raises(RuntimeError):
        await uow.commit()
    async with uow:
        await uow.users.upsert(make_user(8))
        await uow.commit()
    # A unit of work can be entered again; it gets a fresh session.
    async with uow:
        assert await uow.users.get(8) is not None


async def test_whose_rows_a_commit_changed_is_told_after_it(db: Database) -> None:
    told: list[set[int]] = []
    db.users_written = lambda ids: told.append(set(ids))
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1))
        await uow.users.upsert(make_user(2))
        assert told == []  # not before the commit
        await uow.commit()
    async with db.uow() as uow:
        await uow.users.set_language(1, make_user(1).language, chosen=True)
        # left without commit: nothing changed, nothing told
    async with db.uow() as uow:
        await uow.users.set_blocked(2, True)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.users.get(1) is not None  # a read tells nothing
        await uow.commit()
    assert told == [{1, 2}, {2}]
