"""The inbox: a redelivered update is handled once; as the queue, each person's updates go to
one worker at a time, in order, and what a worker left is taken by another."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from bot.domain.models import Lang
from bot.services.delivery import inbox
from bot.services.people.users import TelegramPerson
from bot.services.ports import UowFactory
from bot.services.posting import posts
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import TTL

NEED = "求购 不锈钢保温杯 3000个 单价15元以内 送到上海"
BUYER = TelegramPerson(2002, "Sam", username="sam_buys", language_code="en")


def _update(update_id: int, text: str = "Looking for vacuum flasks, 5k pcs") -> dict[str, Any]:
    return {"update_id": update_id, "message": {"text": text, "from": {"id": BUYER.id}}}


async def _receive(
    uow_factory: UowFactory, clock: FixedClock, update_id: int, person: TelegramPerson | None
) -> tuple[bool, Any]:
    return await inbox.receive(
        uow_factory, clock, update_id, _update(update_id), person, Lang.ZH_HANS
    )


async def test_first_delivery_is_recorded_and_registers_the_sender(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    fresh, user = await _receive(uow_factory, clock, 1, BUYER)
    assert fresh and user is not None
    assert (user.id, user.language, user.username) == (2002, Lang.EN, "sam_buys")
    async with uow_factory() as uow:
        assert await uow.users.get(2002) == user
        assert await uow.inbox.pending() == [(1, _update(1))]


async def test_a_redelivered_update_is_not_handled_again(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    await _receive(uow_factory, clock, 1, BUYER)
    commits = store.commits
    fresh, user = await _receive(uow_factory, clock, 1, BUYER)
    assert not fresh
    assert user is not None and user.id == 2002  # still known, e.g. for the language
    assert store.commits == commits  # nothing new: no write at all


async def test_a_redelivery_still_keeps_a_new_name(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _receive(uow_factory, clock, 1, BUYER)
    renamed = TelegramPerson(2002, "Samuel", username="sam_buys", language_code="en")
    fresh, user = await _receive(uow_factory, clock, 1, renamed)
    assert not fresh
    async with uow_factory() as uow:
        stored = await uow.users.get(2002)
    assert stored is not None and stored.display_name == "Samuel"


async def test_an_update_without_a_sender_is_recorded(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    assert await _receive(uow_factory, clock, 9, None) == (True, None)
    assert await _receive(uow_factory, clock, 9, None) == (False, None)


HOLD = timedelta(seconds=30)
SELLER = TelegramPerson(3003, "Wang", language_code="zh-hans")


async def _take(
    uow_factory: UowFactory, clock: FixedClock, worker: str, taken: set[int] | None = None
) -> list[int]:
    got = await inbox.take(uow_factory, clock, worker, HOLD, taken or set())
    return [int(p["update_id"]) for p in got.payloads]


async def test_unfinished_updates_are_taken_once_in_order(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    for update_id in (12, 10, 11, 13):
        await _receive(uow_factory, clock, update_id, BUYER)
    await inbox.mark_done(uow_factory, clock, [11])  # handled before the crash

    assert await _take(uow_factory, clock, "w1") == [10, 12, 13]
    # taken is not done: a worker stopped or killed before it finished them leaves them
    await inbox.mark_done(uow_factory, clock, [10])
    assert await _take(uow_factory, clock, "w1", {12, 13}) == []  # not handed out twice
    assert await _take(uow_factory, clock, "w1") == [12, 13]
    fresh, _ = await _receive(uow_factory, clock, 10, BUYER)
    assert not fresh


async def test_one_person_is_held_by_one_worker_until_its_hold_lapses(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _receive(uow_factory, clock, 1, BUYER)
    assert await _take(uow_factory, clock, "w1") == [1]
    assert await _take(uow_factory, clock, "w2") == []  # w1 holds the buyer
    async with uow_factory() as uow:  # the seller's update, stored by w2's webhook
        await uow.inbox.record(
            2, {"update_id": 2, "message": {"from": {"id": 3003}}}, clock.now(), 3003
        )
        await uow.commit()
    assert await _take(uow_factory, clock, "w2") == [2]
    await _receive(uow_factory, clock, 3, BUYER)  # the buyer's next, wherever it arrived
    assert await _take(uow_factory, clock, "w2", {2}) == []
    assert await _take(uow_factory, clock, "w1", {1}) == [3]  # after 1, on the same worker
    clock.advance(HOLD)  # w1 died: it no longer renews
    assert await _take(uow_factory, clock, "w2", {2}) == [1, 3]


async def test_people_with_nothing_pending_are_let_go(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _receive(uow_factory, clock, 1, BUYER)
    assert await _take(uow_factory, clock, "w1") == [1]
    await inbox.mark_done(uow_factory, clock, [1])
    await _take(uow_factory, clock, "w1", {1})  # nothing pending for the buyer: let go
    await _receive(uow_factory, clock, 2, BUYER)
    assert await _take(uow_factory, clock, "w2") == [2]


async def test_a_stopping_worker_lets_go_of_everyone(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _receive(uow_factory, clock, 1, BUYER)
    assert await _take(uow_factory, clock, "w1") == [1]
    await inbox.let_go(uow_factory, clock, "w1")  # stopped before it handled 1
    assert await _take(uow_factory, clock, "w2") == [1]


async def test_a_new_poller_takes_over_at_once_what_the_last_one_held(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _receive(uow_factory, clock, 1, BUYER)
    assert await _take(uow_factory, clock, "old poller") == [1]  # then it was killed
    await inbox.take_over(uow_factory, "new poller")  # it holds the polling lease now
    assert await _take(uow_factory, clock, "new poller") == [1]  # no wait for the hold


async def test_an_update_taken_too_often_is_given_up(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """One that kills every worker that takes it is not taken forever."""
    await _receive(uow_factory, clock, 7, BUYER)
    for _ in range(inbox.MAX_TAKES - 1):
        assert await _take(uow_factory, clock, "w1") == [7]  # a new worker each time
    assert await _take(uow_factory, clock, "w1") == []
    async with uow_factory() as uow:
        assert await uow.inbox.pending() == []


async def test_updates_are_taken_batch_by_batch(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    async with uow_factory() as uow:
        for update_id in range(inbox.TAKE_BATCH + 1):
            await uow.inbox.record(update_id, {"update_id": update_id}, clock.now(), 0)
        await uow.commit()
    first = await inbox.take(uow_factory, clock, "w1", HOLD)
    assert not first.complete and len(first.payloads) == inbox.TAKE_BATCH
    await inbox.mark_done(uow_factory, clock, [p["update_id"] for p in first.payloads])
    assert await _take(uow_factory, clock, "w1") == [inbox.TAKE_BATCH]


def test_an_update_joins_its_senders_queue_else_its_chats() -> None:
    message = {"update_id": 5, "message": {"from": {"id": 1001}, "chat": {"id": -100}}}
    press = {"update_id": 6, "callback_query": {"from": {"id": 1001}, "message": {}}}
    member = {"update_id": 7, "my_chat_member": {"chat": {"id": 7}, "from": {"id": 1001}}}
    assert {inbox.queue_of(u) for u in (message, press, member)} == {1001}
    assert inbox.queue_of({"update_id": 8, "channel_post": {"chat": {"id": -1003}}}) == -1003
    assert inbox.queue_of({"update_id": 9}) == 0


async def test_purge_forgets_only_handled_updates_past_keep(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _receive(uow_factory, clock, 1, BUYER)  # handled, old
    await _receive(uow_factory, clock, 2, BUYER)  # never handled, old
    await inbox.mark_done(uow_factory, clock, [1])
    clock.advance(inbox.KEEP - timedelta(hours=1))
    await _receive(uow_factory, clock, 3, BUYER)  # handled, recent
    await inbox.mark_done(uow_factory, clock, [3])
    assert await inbox.purge(uow_factory, clock) == 0  # nothing is past KEEP yet

    clock.advance(timedelta(hours=2))
    assert await inbox.purge(uow_factory, clock) == 1
    assert (await _receive(uow_factory, clock, 1, BUYER))[0]  # forgotten: new again
    assert not (await _receive(uow_factory, clock, 2, BUYER))[0]  # kept for replay
    assert not (await _receive(uow_factory, clock, 3, BUYER))[0]


async def test_an_update_handled_again_gets_its_draft_back(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Killed after the draft was saved and before the update was marked done: handled
    again at start-up, the same message shows the same draft, not a second one."""
    await _receive(uow_factory, clock, 7, BUYER)
    first = await posts.draft(uow_factory, clock, TTL, BUYER.id, NEED, update_id=7)
    again = await posts.draft(uow_factory, clock, TTL, BUYER.id, NEED, update_id=7)
    other = await posts.draft(uow_factory, clock, TTL, BUYER.id, NEED, update_id=None)
    assert again.post.id == first.post.id != other.post.id
    assert (await posts.list_mine(uow_factory, BUYER.id, 0, 10))[1] == 0  # drafts only
    async with uow_factory() as uow:
        assert await uow.inbox.drafted(7) == first.post.id


async def test_done_marks_of_a_moment_are_written_in_one_transaction(
    store: InMemoryStore, clock: FixedClock
) -> None:
    await inbox.store_fetched(store.uow_factory, clock, [_update(n) for n in range(1, 6)])
    marks = inbox.DoneMarks(store.uow_factory, clock, delay=0.01)
    commits = store.commits
    for update_id in (1, 2, 3):
        marks.add(update_id)
    await asyncio.sleep(0.05)
    assert store.commits == commits + 1
    async with store.uow_factory() as uow:
        assert [update_id for update_id, _ in await uow.inbox.pending()] == [4, 5]
    marks.add(4)
    await marks.close()  # a graceful stop writes what waits at once
    async with store.uow_factory() as uow:
        assert [update_id for update_id, _ in await uow.inbox.pending()] == [5]


async def test_the_state_updates_left_is_stored_before_they_are_marked_done(
    store: InMemoryStore, clock: FixedClock
) -> None:
    """A question asked (user data, a flow's step) is stored before the update that asked it
    is marked done: a kill in between must not leave a done update and a lost question."""
    await inbox.store_fetched(store.uow_factory, clock, [_update(1)])
    order: list[str] = []

    async def keep_state() -> None:
        async with store.uow_factory() as uow:
            order.append("state" if await uow.inbox.pending() else "state after the mark")

    marks = inbox.DoneMarks(store.uow_factory, clock, delay=0, keep_state=keep_state)
    marks.add(1)
    await marks.close()
    assert order == ["state"]
    async with store.uow_factory() as uow:
        assert await uow.inbox.pending() == []


async def test_done_marks_interrupted_while_writing_are_kept_for_close(
    store: InMemoryStore, clock: FixedClock
) -> None:
    """Stopping while the writer is in its transaction loses no mark."""
    await inbox.store_fetched(store.uow_factory, clock, [_update(n) for n in (1, 2)])
    entered = asyncio.Event()

    class SlowStart:  # a unit of work that takes a while to begin
        async def __aenter__(self) -> Any:
            entered.set()
            await asyncio.sleep(1)  # cancelled here by close()
            raise AssertionError("close() waits for no transaction")

        async def __aexit__(self, *_exc: object) -> None:
            return None

    marks = inbox.DoneMarks(SlowStart, clock, delay=0)  # type: ignore[arg-type]
    marks.add(1)
    marks.add(2)
    await entered.wait()
    marks._uow_factory = store.uow_factory  # the final write goes through
    await marks.close()
    async with store.uow_factory() as uow:
        assert await uow.inbox.pending() == []


async def test_a_batch_registers_the_senders_it_is_given_with_it(
    store: InMemoryStore, clock: FixedClock
) -> None:
    seller = TelegramPerson(3003, "Wang", language_code="zh-hans")
    commits = store.commits
    fresh, senders, written, _ = await inbox.store_fetched(
        store.uow_factory,
        clock,
        [_update(1), _update(2), _update(3)],
        {1: BUYER, 2: None, 3: seller},
        Lang.EN,
    )
    assert fresh == {1, 2, 3} and store.commits == commits + 1  # one transaction
    assert written == {BUYER.id, seller.id}  # both new
    assert senders[2] is None
    buyer, wang = senders[1], senders[3]
    assert buyer is not None and wang is not None
    assert (buyer.language, wang.language) == (Lang.EN, Lang.ZH_HANS)
    async with store.uow_factory() as uow:
        assert await uow.users.get(BUYER.id) == buyer
    # a redelivered batch registers nobody again: its updates are not new
    assert await inbox.store_fetched(
        store.uow_factory, clock, [_update(1)], {1: BUYER}, Lang.EN
    ) == (set(), {}, set(), {})


async def test_a_batch_registers_a_person_again_only_when_they_changed(
    store: InMemoryStore, clock: FixedClock
) -> None:
    await inbox.store_fetched(store.uow_factory, clock, [_update(1)], {1: BUYER}, Lang.EN)
    renamed = TelegramPerson(BUYER.id, "Samuel", username="sam_buys", language_code="en")
    commits = store.commits
    fresh, senders, written, _ = await inbox.store_fetched(
        store.uow_factory,
        clock,
        [_update(2), _update(3), _update(4)],
        {2: BUYER, 3: BUYER, 4: renamed},
        Lang.EN,
    )
    assert store.commits == commits + 1 and fresh == {2, 3, 4}
    assert [senders[n].display_name for n in (2, 3, 4)] == ["Sam", "Sam", "Samuel"]  # type: ignore[union-attr]
    assert written == {BUYER.id}  # by the rename; the first two changed nothing
