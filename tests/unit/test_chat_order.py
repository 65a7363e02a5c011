"""Updates of one chat are handled in order; different chats at the same time."""

from __future__ import annotations

import asyncio

from telegram import Update

from handlers.transport.chat_order import ChatOrderedProcessor, chat_key, waiting_aside


def _message(update_id: int, chat_id: int) -> Update:
    return Update.de_json(
        {
            "update_id": update_id,
            "message": {
                "message_id": update_id,
                "date": 0,
                "chat": {"id": chat_id, "type": "private"},
                "from": {"id": chat_id, "is_bot": False, "first_name": "A"},
                "text": f"post {update_id}",
            },
        },
        None,
    )


async def test_one_chat_in_order_and_two_chats_at_once() -> None:
    processor = ChatOrderedProcessor()
    events: list[tuple[str, int, int]] = []

    async def handle(update: Update, pause: float) -> None:
        chat = chat_key(update)
        assert chat is not None
        events.append(("start", chat, update.update_id))
        await asyncio.sleep(pause)
        events.append(("end", chat, update.update_id))

    # chat 1's first update is slow: its second must wait for it, chat 2 must not
    work = [(_message(1, 1), 0.05), (_message(2, 1), 0.0), (_message(3, 2), 0.0)]
    await asyncio.gather(
        *(processor.process_update(update, handle(update, pause)) for update, pause in work)
    )
    chat_1 = [e for e in events if e[1] == 1]
    assert chat_1 == [("start", 1, 1), ("end", 1, 1), ("start", 1, 2), ("end", 1, 2)]
    assert events.index(("end", 2, 3)) < events.index(("end", 1, 1))  # not held up by chat 1
    assert len(processor._locks) == 0  # nothing kept for chats with nothing waiting


async def test_a_failing_update_does_not_block_its_chat() -> None:
    processor = ChatOrderedProcessor()
    done: list[int] = []

    async def fail() -> None:
        raise RuntimeError("boom")

    async def succeed() -> None:
        done.append(2)

    results = await asyncio.gather(
        processor.process_update(_message(1, 7), fail()),
        processor.process_update(_message(2, 7), succeed()),
        return_exceptions=True,
    )
    assert isinstance(results[0], RuntimeError) and done == [2]


def test_updates_without_a_chat_use_their_sender_or_nothing() -> None:
    poll = Update.de_json({"update_id": 9, "poll": None}, None)
    assert chat_key(poll) is None
    assert chat_key(object()) is None


async def test_an_update_that_only_waits_lends_its_working_place() -> None:
    """With one working place, a reply sitting out a 429 (waiting_aside) lets another
    chat's update run meanwhile, and goes on after it."""
    processor = ChatOrderedProcessor(working=1)
    events: list[str] = []

    async def waits_out_a_429() -> None:
        events.append("reply asked")
        async with waiting_aside():
            await asyncio.sleep(0.1)
        events.append("reply sent")

    async def quick() -> None:
        events.append("other chat handled")

    first = asyncio.create_task(processor.process_update(_message(1, 1), waits_out_a_429()))
    await asyncio.sleep(0.01)
    await asyncio.wait_for(processor.process_update(_message(2, 2), quick()), timeout=0.05)
    await first
    assert events == ["reply asked", "other chat handled", "reply sent"]


async def test_a_stop_hands_back_what_has_not_begun() -> None:
    """Stopping: the update under way finishes, the ones waiting are not started (they stay
    pending in the inbox for the next start), and each is still reported finished."""
    finished: list[int] = []
    processor = ChatOrderedProcessor(
        working=1, finished=lambda update: finished.append(update.update_id)
    )
    started: list[int] = []
    under_way = asyncio.Event()

    async def handle(update_id: int) -> None:
        started.append(update_id)
        under_way.set()
        await asyncio.sleep(0.05)

    work = [_message(1, 1), _message(2, 1), _message(3, 2)]
    tasks = [asyncio.create_task(processor.process_update(u, handle(u.update_id))) for u in work]
    await under_way.wait()
    processor.hand_back()
    await asyncio.gather(*tasks)
    assert started == [1]
    assert sorted(finished) == [1, 2, 3]
