"""Test-side handles: act as Telegram users and read what the bot sent them.

``UserHandle`` and ``GroupHandle`` wrap the HTTP-free actions of ``simulate`` and wait on the
shared state, so a test reads like a conversation::

    alice = fake.user("Alice", language_code="zh-hans", username="alice")
    await alice.send("/start")
    [welcome] = await alice.wait_for_messages(count=1, timeout=5)
    query = await alice.press(welcome, "发布")
    answer = await alice.wait_answer(query)

Messages returned are the live stored objects: after the bot edits one, it shows the new text
and buttons.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from bot.fake_telegram import simulate
from bot.fake_telegram.models import (
    Button,
    CallbackQueryRecord,
    FakeChat,
    FakeUser,
    StoredMessage,
)
from bot.fake_telegram.state import FakeState

# a 1x1 PNG: what a test's user photographs
PHOTO = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


class NoReplyError(TimeoutError):
    """The bot did not send what a test waited for; the message says what did happen."""


def _explain(state: FakeState, wanted: str, got: list[StoredMessage]) -> str:
    errors = [f"{r.method} -> {r.status} {r.description}" for r in state.errors()[-5:]]
    return (
        f"timed out waiting for {wanted}; got {len(got)}: {[m.text for m in got]}; "
        f"bot polled {state.poll_count} times; last errors: {errors or 'none'}"
    )


class _Inbox:
    """Bot messages in one chat, with a read cursor."""

    def __init__(self, state: FakeState, chat_id: Callable[[], int | None]) -> None:
        self._state, self._chat_id, self._seen = state, chat_id, 0

    def _bot_messages(self) -> list[StoredMessage]:
        chat_id = self._chat_id()
        if chat_id is None:
            return []
        return [m for m in self._state.messages.get(chat_id, []) if m.from_bot]

    def all(self) -> list[StoredMessage]:
        return [m for m in self._bot_messages() if not m.deleted]

    async def wait(self, count: int, within: float) -> list[StoredMessage]:
        def fresh() -> list[StoredMessage]:
            return [m for m in self._bot_messages()[self._seen :] if not m.deleted]

        arrived = await self._state.wait_for(lambda: len(fresh()) >= count, within)
        got = fresh()
        if not arrived:
            raise NoReplyError(_explain(self._state, f"{count} message(s)", got))
        self._seen = len(self._bot_messages())
        return got


def find_button(message: StoredMessage, label: str | None, data: str | None) -> Button:
    """By exact text, else by callback_data prefix (``data`` forces the prefix match)."""
    buttons = [b for row in message.buttons for b in row]
    if data is None and label is not None:
        exact = [b for b in buttons if b.text == label]
        if exact:
            return exact[0]
        data = label
    by_data = [b for b in buttons if b.callback_data and data and b.callback_data.startswith(data)]
    if not by_data:
        raise simulate.SimulationError(
            f"no button {label or data!r} in {[(b.text, b.callback_data) for b in buttons]}"
        )
    return by_data[0]


class UserHandle:
    """One Telegram user, talking to the bot privately and in groups."""

    def __init__(self, state: FakeState, user: FakeUser) -> None:
        self.state, self.user = state, user
        self.inbox = _Inbox(state, lambda: user.id if user.id in state.chats else None)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def chat(self) -> FakeChat:
        return self.state.private_chat(self.user)

    async def send(self, text: str, reply_to: StoredMessage | None = None) -> StoredMessage:
        """Write to the bot privately (``/start payload`` is how a deep link arrives)."""
        return simulate.user_message(self.state, self.user, text=text, reply_to=reply_to)

    async def reply(self, to: StoredMessage, text: str) -> StoredMessage:
        return await self.send(text, reply_to=to)

    async def send_photo(self, caption: str | None = None, data: bytes = PHOTO) -> StoredMessage:
        """Send the bot a photo privately, with a caption or none."""
        return simulate.user_photo(self.state, self.user, data, caption, content_type="image/png")

    async def send_photo_in(
        self, group: GroupHandle, caption: str | None = None, data: bytes = PHOTO
    ) -> StoredMessage:
        return simulate.user_photo(
            self.state, self.user, data, caption, group.chat, content_type="image/png"
        )

    async def share_contact(self, phone_number: str) -> StoredMessage:
        contact = {
            "phone_number": phone_number,
            "first_name": self.user.first_name,
            "user_id": self.user.id,
        }
        if self.user.last_name:
            contact["last_name"] = self.user.last_name
        return simulate.user_message(self.state, self.user, extra={"contact": contact})

    async def forward(self, message: StoredMessage, *, hidden: bool = False) -> StoredMessage:
        """Forward someone's message to the bot privately. With `hidden`, its author hides
        their account in forwards (Telegram then gives only a name)."""
        author = message.sender
        origin: dict[str, Any] = {"type": "user", "date": message.date}
        if hidden:
            name = " ".join(p for p in (author.first_name, author.last_name) if p)
            origin.update(type="hidden_user", sender_user_name=name)
        else:
            origin["sender_user"] = author.to_api()
        extra = {"forward_origin": origin}
        return simulate.user_message(self.state, self.user, text=message.text, extra=extra)

    async def edit(self, message: StoredMessage, text: str) -> StoredMessage:
        return simulate.edit_user_message(self.state, message, text)

    async def send_in(self, group: GroupHandle, text: str) -> StoredMessage:
        return simulate.user_message(self.state, self.user, group.chat, text=text)

    async def reply_in(self, group: GroupHandle, to: StoredMessage, text: str) -> StoredMessage:
        return simulate.user_message(self.state, self.user, group.chat, text=text, reply_to=to)

    async def wait_for_messages(
        self,
        count: int = 1,
        timeout: float = 5,  # noqa: ASYNC109 - documented driver API
    ) -> list[StoredMessage]:
        """Bot messages in the private chat since the last read; ``NoReplyError`` if too few."""
        return await self.inbox.wait(count, timeout)

    def messages(self) -> list[StoredMessage]:
        """Every bot message in the private chat that is not deleted."""
        return self.inbox.all()

    def reply_keyboard(self) -> list[list[str]]:
        """The reply keyboard the bot last showed in the private chat ([] if removed/none)."""
        for message in reversed(self.inbox.all()):
            markup = message.reply_markup or {}
            if "keyboard" in markup:
                return message.keyboard
            if "remove_keyboard" in markup:
                return []
        return []

    async def press(
        self, message: StoredMessage, label: str | None = None, *, data: str | None = None
    ) -> CallbackQueryRecord:
        return simulate.press_button(
            self.state, self.user, message, find_button(message, label, data)
        )

    async def wait_answer(
        self,
        query: CallbackQueryRecord,
        timeout: float = 5,  # noqa: ASYNC109 - documented driver API
    ) -> dict[str, Any]:
        """The bot's answerCallbackQuery for ``query`` (text, show_alert, url, cache_time)."""
        if not await self.state.wait_for(lambda: query.answer is not None, timeout):
            raise NoReplyError(_explain(self.state, f"an answer to {query.data!r}", []))
        assert query.answer is not None
        return query.answer

    def block_bot(self) -> None:
        simulate.block(self.state, self.user)

    def unblock_bot(self) -> None:
        simulate.unblock(self.state, self.user)

    def chat_actions(self) -> list[str]:
        return [action for chat_id, action in self.state.chat_actions if chat_id == self.id]

    def __repr__(self) -> str:
        return f"UserHandle({self.user.first_name!r}, id={self.id})"


class GroupHandle:
    """A group; follows the chat to its new id after a supergroup migration."""

    def __init__(self, state: FakeState, chat: FakeChat) -> None:
        self.state, self.chat = state, chat
        self.inbox = _Inbox(state, lambda: self.chat.id)

    @property
    def id(self) -> int:
        return self.chat.id

    def messages(self) -> list[StoredMessage]:
        """Everything visible in the group, from users and the bot, oldest first."""
        return [m for m in self.state.messages.get(self.chat.id, []) if not m.deleted]

    def bot_messages(self) -> list[StoredMessage]:
        return self.inbox.all()

    async def wait_for_messages(
        self,
        count: int = 1,
        timeout: float = 5,  # noqa: ASYNC109 - documented driver API
    ) -> list[StoredMessage]:
        return await self.inbox.wait(count, timeout)

    def __repr__(self) -> str:
        return f"GroupHandle({self.chat.title!r}, id={self.id})"
