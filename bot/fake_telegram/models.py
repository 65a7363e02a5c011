"""Plain records of the fake's world: users, chats, messages, callback queries, requests.

They are mutable on purpose: an edit by the bot changes the stored message in place, so a test
holding a message sees its new text and buttons. ``to_api()`` renders the Bot API JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class FakeUser:
    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    language_code: str | None = None
    is_bot: bool = False

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "is_bot": self.is_bot,
            "first_name": self.first_name,
        }
        for key in ("last_name", "username", "language_code"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data


@dataclass
class FakeChat:
    """A private chat (with ``user``) or a group/supergroup with members and the bot's status."""

    id: int
    type: str
    title: str | None = None
    user: FakeUser | None = None
    members: list[int] = field(default_factory=list)
    admins: set[int] = field(default_factory=set)  # besides the creator (the first member)
    bot_status: str = "left"  # private: member|kicked (blocked); groups: left|member|admin...
    migrated_to: int | None = None
    next_message_id: int = 1

    @property
    def is_group(self) -> bool:
        return self.type in ("group", "supergroup")

    def take_message_id(self) -> int:
        self.next_message_id += 1
        return self.next_message_id - 1

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.user is not None:
            data.update(
                {
                    k: v
                    for k, v in self.user.to_api().items()
                    if k in ("first_name", "last_name", "username")
                }
            )
        if self.title is not None:
            data["title"] = self.title
        return data


@dataclass(frozen=True)
class Button:
    """One inline button as the driver shows it."""

    text: str
    callback_data: str | None = None
    url: str | None = None


@dataclass
class StoredMessage:
    chat: FakeChat
    message_id: int
    sender: FakeUser
    date: int
    text: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    html: str | None = None  # the source the bot sent with parse_mode=HTML
    reply_markup: dict[str, Any] | None = None
    reply_to: StoredMessage | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # contact, service fields, ...
    edit_date: int | None = None
    deleted: bool = False

    @property
    def from_bot(self) -> bool:
        return self.sender.is_bot

    @property
    def buttons(self) -> list[list[Button]]:
        """Inline keyboard rows (empty without one)."""
        rows = (self.reply_markup or {}).get("inline_keyboard", [])
        return [
            [Button(b["text"], b.get("callback_data"), b.get("url")) for b in row] for row in rows
        ]

    @property
    def keyboard(self) -> list[list[str]]:
        """Reply-keyboard rows of button texts (empty without one)."""
        rows = (self.reply_markup or {}).get("keyboard", [])
        return [[b if isinstance(b, str) else b["text"] for b in row] for row in rows]

    @property
    def caption(self) -> str | None:
        return self.extra.get("caption")

    @property
    def photo(self) -> str | None:
        """The file_id of the photo's largest size, for a photo message."""
        sizes = self.extra.get("photo")
        return str(sizes[-1]["file_id"]) if sizes else None

    @property
    def words(self) -> str:
        """What a reader reads: the text, or a photo's caption."""
        return self.text if self.text is not None else self.caption or ""

    def button_texts(self) -> list[str]:
        return [b.text for row in self.buttons for b in row]

    def to_api(self, with_reply: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "message_id": self.message_id,
            "from": self.sender.to_api(),
            "chat": self.chat.to_api(),
            "date": self.date,
        }
        if self.text is not None:
            data["text"] = self.text
            if self.entities:
                data["entities"] = self.entities
        if self.reply_markup and "inline_keyboard" in self.reply_markup:
            data["reply_markup"] = self.reply_markup  # Telegram echoes only inline keyboards
        if with_reply and self.reply_to is not None and not self.reply_to.deleted:
            data["reply_to_message"] = self.reply_to.to_api(with_reply=False)
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        data.update(self.extra)
        return data

    def __repr__(self) -> str:
        return (
            f"StoredMessage(chat={self.chat.id}, id={self.message_id}, "
            f"from={self.sender.first_name!r}, text={self.text!r}, "
            f"buttons={self.button_texts()})"
        )


@dataclass
class CallbackQueryRecord:
    id: str
    user: FakeUser
    message: StoredMessage
    data: str
    answer: dict[str, Any] | None = None


@dataclass
class RequestRecord:
    """One HTTP call of the bot: what it asked and what the fake answered."""

    seq: int
    method: str
    params: dict[str, Any]
    status: int
    response: dict[str, Any]
    at: float
    cancelled: bool = False  # the client went away before the answer (e.g. a dropped long poll)

    @property
    def ok(self) -> bool:
        return self.status == 200

    @property
    def description(self) -> str | None:
        return self.response.get("description")

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "method": self.method,
            "params": self.params,
            "status": self.status,
            "response": self.response,
            "at": self.at,
            "cancelled": self.cancelled,
        }
