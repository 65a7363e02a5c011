"""Senders read with their batch: the transaction that stores a fetched batch also registers
its senders (`inbox.store_fetched`), and `load_user` takes that copy instead of reading
each sender in a transaction of its own, which cost about a tenth of an update's CPU
(docs/RELIABILITY.md, "Update path speed").

A copy is taken only of a person with nothing earlier still queued or being handled in
this process, and only for their first update in the batch: an earlier update may change
them (/language, /forget) before this one's turn, and then their update reads them when
its turn comes, as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from telegram import Update

from bot.domain.models import User
from bot.services.users import TelegramPerson


class Senders:
    def __init__(self) -> None:
        self._unfinished: Counter[int] = Counter()  # person id: their updates not done yet
        self._counted: dict[int, int] = {}  # update id: the person it is counted for
        self._copies: dict[int, User | None] = {}  # update id: its sender, read with it

    def to_read(self, updates: Iterable[Update]) -> dict[int, TelegramPerson | None]:
        """Of a fetched batch, the updates whose senders can be read with it."""
        chosen: dict[int, TelegramPerson | None] = {}
        seen: set[int] = set()
        for update in updates:
            person = person_of(update)
            if person is None:
                chosen[update.update_id] = None
            elif not self._unfinished[person.id] and person.id not in seen:
                chosen[update.update_id] = person
            if person is not None:
                seen.add(person.id)
        return chosen

    def queued(self, updates: Iterable[Update], copies: dict[int, User | None]) -> None:
        """These updates wait for their turn; `copies` are the senders read with them."""
        for update in updates:
            person = person_of(update)
            if person is not None:
                self._unfinished[person.id] += 1
                self._counted[update.update_id] = person.id
        self._copies.update(copies)

    def copy_of(self, update_id: int) -> tuple[bool, User | None]:
        """(True, the sender as read with the batch) once, or (False, None): read it now."""
        if update_id not in self._copies:
            return False, None
        return True, self._copies.pop(update_id)

    def finished(self, update: object) -> None:
        """Its handling is over, whichever way it ended."""
        if not isinstance(update, Update):
            return
        self._copies.pop(update.update_id, None)
        person_id = self._counted.pop(update.update_id, None)
        if person_id is not None:
            self._unfinished[person_id] -= 1
            if not self._unfinished[person_id]:
                del self._unfinished[person_id]


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
