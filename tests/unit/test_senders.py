"""Senders read with their batch only while nothing earlier of theirs is unfinished."""

from __future__ import annotations

from typing import Any

from telegram import Update

from handlers.senders import Senders


def _update(update_id: int, sender: int | None) -> Update:
    message: dict[str, Any] = {
        "message_id": update_id,
        "date": 0,
        "chat": {"id": sender or -100, "type": "private" if sender else "channel"},
        "text": "hello",
    }
    if sender is not None:
        message["from"] = {"id": sender, "is_bot": False, "first_name": "A"}
    return Update.de_json({"update_id": update_id, "message": message}, None)


def test_a_persons_first_update_in_a_batch_is_read_with_it() -> None:
    senders = Senders()
    batch = [_update(1, 7), _update(2, 7), _update(3, 8), _update(4, None)]
    chosen = senders.to_read(batch)
    assert sorted(chosen) == [1, 3, 4]  # 7's second update reads them in its turn
    assert chosen[4] is None


def test_nothing_is_read_with_a_batch_while_an_earlier_update_is_unfinished() -> None:
    senders = Senders()
    first = _update(1, 7)
    senders.queued([first], {})
    assert senders.to_read([_update(2, 7), _update(3, 8)]).keys() == {3}
    senders.finished(first)
    assert senders.to_read([_update(4, 7)]).keys() == {4}


def test_a_copy_is_given_once() -> None:
    senders = Senders()
    update = _update(1, None)
    senders.queued([update], {1: None})
    assert senders.copy_of(1) == (True, None)
    assert senders.copy_of(1) == (False, None)
    senders.finished(update)
    senders.finished(update)  # told twice: nothing goes below zero
    assert senders.to_read([_update(2, 7)]).keys() == {2}
