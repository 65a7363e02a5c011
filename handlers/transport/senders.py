"""Senders read with their batch: the transaction that stores a fetched batch also registers
its senders (`inbox.store_fetched`), and `load_user` takes that copy instead of reading
each sender in a transaction of its own, which cost about a tenth of an update's CPU
(docs/performance.md, "Update path speed").

A copy is used only if nothing changed that person since it was read: an earlier update
may change them (/language, /forget) before this one's turn. This process's units of work
report, after each commit, whose rows they changed (`storage.unit_of_work.Database.
users_written`), and a count of those commits per person is kept while anything of theirs is
being stored or waits. A copy records the count it was read at (before the batch, plus one
when the batch itself changed them); when the count has moved, the update reads them in its
turn, as before. Counting commits rather than reads keeps PostgreSQL's concurrent
transactions safe: a change committed while the batch was stored moves the count past what
the copy allows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from telegram import Update

from bot.domain.models import Conversation, User
from bot.services.people.users import TelegramPerson


class Senders:
    def __init__(self) -> None:
        self._counted: dict[int, int] = {}  # update id: the person it is counted for
        self._watched: Counter[int] = Counter()  # person id: reasons to count their changes
        self._changes: Counter[int] = Counter()  # person id: commits that changed them
        self._before: dict[int, int] = {}  # person id: their count before this batch
        # update id: (its sender as read with its batch, who that is, the count it allows)
        self._copies: dict[int, tuple[User | None, int | None, int]] = {}
        self._conversations: dict[int, Conversation] = {}  # update id: its sender's, read then

    def wrote(self, person_ids: Iterable[int]) -> None:
        """A commit changed these people's rows (called by the units of work)."""
        for person_id in person_ids:
            if person_id in self._watched:
                self._changes[person_id] += 1

    def to_read(self, updates: Iterable[Update]) -> dict[int, TelegramPerson | None]:
        """Of a fetched batch, the senders to read with it, by update id; their changes are
        counted from now until `stored`."""
        chosen: dict[int, TelegramPerson | None] = {}
        for update in updates:
            person = chosen[update.update_id] = person_of(update)
            if person is not None and person.id not in self._before:
                self._watch(person.id)
                self._before[person.id] = self._changes[person.id]
        return chosen

    def stored(
        self,
        updates: Iterable[Update],
        copies: dict[int, User | None],
        written: set[int],
        conversations: dict[int, Conversation] | None = None,
    ) -> None:
        """The batch is stored: these of its updates wait for their turn, `copies` are
        their senders as read with them, `written` the people the batch itself changed,
        `conversations` (by person) the ones their senders were in then."""
        self._queued(updates)
        for update_id, user in copies.items():
            person_id = None if user is None else user.id
            if person_id is not None and conversations and person_id in conversations:
                self._conversations[update_id] = conversations[person_id]
            allowed = 0
            if person_id is not None:
                allowed = self._before.get(person_id, -1) + (person_id in written)
            self._copies[update_id] = (user, person_id, allowed)
        self.abandon()

    def abandon(self) -> None:
        """The batch is stored or failed: stop counting for it."""
        for person_id in self._before:
            self._unwatch(person_id)
        self._before.clear()

    def _queued(self, updates: Iterable[Update]) -> None:
        """These updates wait for their turn: their senders' changes are counted till then."""
        for update in updates:
            person = person_of(update)
            if person is not None:
                self._counted[update.update_id] = person.id
                self._watch(person.id)

    def copy_of(self, update_id: int) -> tuple[bool, User | None, Conversation | None]:
        """(True, the sender as read with the batch, the conversation they were in) once,
        if nothing changed them since (their conversation included); else (False, None,
        None): read them now."""
        conversation = self._conversations.pop(update_id, None)
        if update_id not in self._copies:
            return False, None, None
        user, person_id, allowed = self._copies.pop(update_id)
        if person_id is not None and self._changes[person_id] != allowed:
            return False, None, None
        return True, user, conversation

    def finished(self, update: object) -> None:
        """Its handling is over, whichever way it ended."""
        if not isinstance(update, Update):
            return
        self._copies.pop(update.update_id, None)
        self._conversations.pop(update.update_id, None)
        person_id = self._counted.pop(update.update_id, None)
        if person_id is not None:
            self._unwatch(person_id)

    def _watch(self, person_id: int) -> None:
        self._watched[person_id] += 1

    def _unwatch(self, person_id: int) -> None:
        self._watched[person_id] -= 1
        if self._watched[person_id] <= 0:
            del self._watched[person_id]
            self._changes.pop(person_id, None)


def person_of(update: Update) -> TelegramPerson | None:
    tg = update.effective_user
    if tg is None or tg.is_bot:
        return None
    return TelegramPerson(
        id=tg.id,
        first_name=tg.first_name,
        last_name=tg.last_name,
        username=tg.username,
        language_code=tg.language_code,
        blocked_bot=_blocked_bot(update),
    )


def _blocked_bot(update: Update) -> bool | None:
    """A private chat's member update says whether they blocked (or restarted) the bot;
    one about a group says nothing of it; anything else means they are using the bot.
    Updates can arrive late, so a stale one must not undo what the outbox learnt from a 403."""
    change = update.my_chat_member
    if change is None:
        return False
    if change.chat.type != "private":
        return None
    return change.new_chat_member.status == "kicked"
