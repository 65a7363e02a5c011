"""Senders read with their batch are used while no commit changed them since."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from telegram import Update

from bot.domain.models import Conversation, Lang, Topic, User
from handlers.transport.senders import Senders


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


def _user(user_id: int) -> User:
    return User(id=user_id, language=Lang.EN, created_at=datetime(2026, 12, 3, tzinfo=UTC))


def _stored(senders: Senders, batch: list[Update], written: set[int] | None = None) -> None:
    copies = {
        u.update_id: (_user(u.effective_user.id) if u.effective_user else None) for u in batch
    }
    senders.stored(batch, copies, written or set())


def test_every_update_of_a_batch_has_its_sender_read_with_it() -> None:
    senders = Senders()
    chosen = senders.to_read([_update(1, 7), _update(2, 7), _update(3, None)])
    assert chosen.keys() == {1, 2, 3} and chosen[3] is None
    assert chosen[1] is not None and chosen[1].id == 7


def test_a_copy_is_used_while_nothing_changed_them() -> None:
    senders = Senders()
    batch = [_update(1, 7), _update(2, 7)]
    senders.to_read(batch)
    senders.wrote({7})  # the batch's own commit registered them: that is its copy
    _stored(senders, batch, written={7})
    read, user, _ = senders.copy_of(1)
    assert read and user is not None and user.id == 7
    senders.finished(batch[0])
    assert senders.copy_of(2)[0]


def test_a_commit_that_changed_them_sends_the_next_update_to_read_them_again() -> None:
    senders = Senders()
    batch = [_update(1, 7), _update(2, 7), _update(3, 8)]
    senders.to_read(batch)
    _stored(senders, batch)
    assert senders.copy_of(1)[0]
    senders.wrote({7})  # update 1 was /forget, say
    senders.finished(batch[0])
    assert senders.copy_of(2) == (False, None, None)
    assert senders.copy_of(3)[0]  # someone else's copy stands


def test_a_change_committed_while_the_batch_was_stored_is_seen() -> None:
    """Another transaction changed them after the batch read them (PostgreSQL runs them
    side by side): their count moved past what the batch's own write allows."""
    senders = Senders()
    batch = [_update(1, 7)]
    senders.to_read(batch)
    senders.wrote({7})  # the other transaction
    senders.wrote({7})  # the batch's own commit
    _stored(senders, batch, written={7})
    assert senders.copy_of(1) == (False, None, None)


def test_an_earlier_batchs_updates_see_a_later_batch_change_them() -> None:
    senders = Senders()
    first = [_update(1, 7)]
    senders.to_read(first)
    _stored(senders, first)
    second = [_update(2, 7)]
    senders.to_read(second)
    senders.wrote({7})  # the second batch registered a new name
    _stored(senders, second, written={7})
    assert senders.copy_of(1) == (False, None, None)  # read before the change
    assert senders.copy_of(2)[0]


def test_a_copy_is_given_once_and_counts_end_with_the_updates() -> None:
    senders = Senders()
    batch = [_update(1, 7), _update(2, None)]
    senders.to_read(batch)
    _stored(senders, batch)
    assert senders.copy_of(2) == (True, None, None)
    assert senders.copy_of(2) == (False, None, None)
    for update in batch:
        senders.finished(update)
        senders.finished(update)  # told twice: nothing goes below zero
    senders.wrote({7})  # nothing of theirs waits: not counted
    assert not senders._watched and not senders._changes


def test_a_failed_store_stops_counting_for_its_batch() -> None:
    senders = Senders()
    senders.to_read([_update(1, 7)])
    senders.abandon()
    senders.wrote({7})
    assert not senders._watched and not senders._changes


def test_the_conversation_read_with_the_batch_holds_until_a_commit_changes_it() -> None:
    """/offer then its first answer in one batch: the answer must not see "no conversation"
    from before /offer began one (units of work report conversation writes as the person's)."""
    senders = Senders()
    batch = [_update(1, 7), _update(2, 7), _update(3, 8)]
    senders.to_read(batch)
    asked = Conversation.begin(8, Topic.NEED, "price", datetime(2026, 12, 3, tzinfo=UTC))
    copies = {u.update_id: _user(u.effective_user.id) for u in batch if u.effective_user}
    senders.stored(batch, copies, set(), {8: asked})
    assert senders.copy_of(3) == (True, _user(8), asked)
    assert senders.copy_of(1) == (True, _user(7), None)  # /offer: not in one yet
    senders.wrote({7})  # /offer began their conversation
    senders.finished(batch[0])
    assert senders.copy_of(2) == (False, None, None)  # the answer reads it again
