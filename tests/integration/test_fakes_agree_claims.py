"""The fake inbox's queue (tests/fakes/plumbing.py) and the SQL one agree, on the fakes,
SQLite and PostgreSQL (the fixtures of test_fakes_agree.py): who holds whom, what each owner
gets, lapses, releases and rollbacks."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.services.ports import UowFactory
from tests.integration.factories import NOW

TTL = timedelta(seconds=10)


def _update(update_id: int, person: int) -> dict[str, Any]:
    return {"update_id": update_id, "callback_query": {"from": {"id": person}, "data": "x"}}


async def _claim(
    uows: UowFactory, owner: str, at: float, limit: int = 100
) -> list[tuple[int, dict[str, Any]]]:
    now = NOW + timedelta(seconds=at)
    async with uows() as uow:
        taken = await uow.inbox.claim(owner, now, now + TTL, limit)
        await uow.commit()
    return taken


async def _ids(uows: UowFactory, owner: str, at: float, limit: int = 100) -> list[int]:
    return [update_id for update_id, _ in await _claim(uows, owner, at, limit)]


async def test_claims_hold_lapse_release_and_roll_back(
    uow_factory: UowFactory,
) -> None:
    async with uow_factory() as uow:
        queued = {6: 2, 1: 1, 4: 0, 3: 1, 5: 3}
        payloads = [_update(u, p) for u, p in queued.items()]
        assert await uow.inbox.record_many(payloads, NOW, queued) == set(queued)
        assert not await uow.inbox.record(6, _update(6, 9), NOW, 9)  # stays in 2's queue
        await uow.commit()
    async with uow_factory() as uow:  # a claim not committed holds nobody
        assert [u for u, _ in await uow.inbox.claim("b", NOW, NOW + TTL, 100)] == [1, 3, 4, 5, 6]
    taken = await _claim(uow_factory, "a", 0, limit=3)
    assert taken == [(1, _update(1, 1)), (3, _update(3, 1)), (4, _update(4, 0))]
    taken[0][1]["callback_query"]["data"] = "changed"  # a copy: nothing stored changes
    assert await _ids(uow_factory, "b", 1) == []
    async with uow_factory() as uow:
        await uow.inbox.mark_done([1, 3, 6], NOW)
        await uow.inbox.release("a", NOW)  # 1 and 2 have nothing pending: free
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.inbox.record(7, _update(7, 1), NOW, 1)
        assert await uow.inbox.record(8, _update(8, 3), NOW, 3)
        await uow.commit()
    assert await _ids(uow_factory, "b", 2) == [7]  # 1 at once; 3 still a's
    assert await _ids(uow_factory, "a", 8) == [4, 5, 8]  # renewed until 18 s
    assert await _ids(uow_factory, "b", 12) == [7]
    assert await _ids(uow_factory, "b", 18) == [4, 5, 7, 8]  # a's lapsed
    assert await _ids(uow_factory, "a", 19) == []  # b holds them now
    async with uow_factory() as uow:
        await uow.inbox.release("b", NOW, everyone=True)
        await uow.inbox.release("a", NOW, everyone=True)
        await uow.commit()
    assert await _ids(uow_factory, "a", 20, limit=2) == [4, 5]
    assert await _ids(uow_factory, "b", 20) == []
    async with uow_factory() as uow:  # an update without a person is in queue 0, like 4
        assert await uow.inbox.record_many([{"update_id": 9}], NOW, {9: 0}) == {9}
        await uow.commit()
    assert await _ids(uow_factory, "b", 21) == []
    assert await _ids(uow_factory, "a", 21) == [4, 5, 7, 8, 9]
