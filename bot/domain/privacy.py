"""What names one person in stored text and JSON (/forget): their Telegram id and what
identifies them exactly (chat link, @username, phone). Pure functions, shared by storage and
its in-memory fake.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from bot.domain.models import User

MIN_PHONE_DIGITS = 6  # fewer digits are no phone number, and could be any figure


def identifiers(user: User) -> tuple[str, ...]:
    """What identifies a member exactly wherever it is written: the link to their chat
    (their id counts anyway), @username, and phone number as shown and as digits. Never a
    name or a company: "保温杯" may be a display name and is also a product."""
    marks = [f"tg://user?id={user.id}"]
    if user.username:
        marks.append(f"@{user.username}")
    if user.phone:
        national = user.phone.split(" ", 1)[1] if user.phone.startswith("+") else ""
        digits = [re.sub(r"\D", "", number) for number in (user.phone, national)]
        marks += [user.phone, *(d for d in digits if len(d) >= MIN_PHONE_DIGITS)]
    return tuple(dict.fromkeys(marks))


class Mentions:
    """Does a text or a JSON document name this person? A word counts as written (names
    are shown as they are stored): an ASCII word only whole ("Sam" is not in "Samsung",
    nor "Trade" in "trade records"), a Chinese word anywhere."""

    def __init__(self, user_id: int, words: Iterable[str] = ()) -> None:
        self.user_id = user_id
        self.words = tuple(words)
        alternatives = "|".join(re.escape(w) for w in (str(user_id), *self.words))
        self._pattern = re.compile(rf"(?<![0-9A-Za-z_])(?:{alternatives})(?![0-9A-Za-z_])")

    def in_text(self, text: str) -> bool:
        return self._pattern.search(text) is not None

    def in_json(self, value: Any) -> bool:
        """An integer equal to their id anywhere, or a string that names them."""
        if isinstance(value, bool):
            return False
        if isinstance(value, int):
            return value == self.user_id
        if isinstance(value, str):
            return self.in_text(value)
        if isinstance(value, dict):
            return any(self.in_json(k) or self.in_json(v) for k, v in value.items())
        if isinstance(value, list | tuple):
            return any(self.in_json(v) for v in value)
        return False


def replace_id(value: Any, old: int, new: int) -> Any:
    """A JSON document with every integer `old` replaced by `new`."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return new if value == old else value
    if isinstance(value, dict):
        return {k: replace_id(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [replace_id(v, old, new) for v in value]
    return value


# The bot's sentences naming a member, each with whom it could have gone to (None: anyone)
Sentences = dict[str, frozenset[int] | None]


def told(sentences: Sentences, reader: int | None, text: str) -> bool:
    """Does `text`, to or from `reader`, hold one of the bot's sentences naming them?"""
    return any(
        s in text and (readers is None or reader in readers) for s, readers in sentences.items()
    )


def texts_in(value: Any) -> Iterator[str]:
    """Every string in a JSON document."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            yield from texts_in(item)


def sender_of(payload: dict[str, Any]) -> int | None:
    """Who sent a stored update: `from` (`user` in a poll answer or a reaction) of the one
    object it carries besides its id."""
    for key, value in payload.items():
        if key != "update_id" and isinstance(value, dict):
            person = value.get("from") or value.get("user")
            if isinstance(person, dict) and type(person.get("id")) is int:
                return int(person["id"])
    return None


def keyed_by(key: str, user_id: int) -> bool:
    """A user_data key is the user id; a conversation's is a JSON list of chat and user."""
    try:
        value = json.loads(key)
    except ValueError:
        return False
    return value == user_id or (isinstance(value, list) and user_id in value)
