"""The fake's world, free of HTTP: users, chats, messages, the update queue, the request log.

Everything that happens (a user's message, a bot call) mutates this one object and then
``notify()``; waiters (long polls, a test waiting for the bot's reply) re-check their condition.
A plain asyncio.Condition is not used because notifying it needs its lock, and several
notifiers here are synchronous (e.g. ``user.block_bot()``); the generation-event below gives the
same wait/notify_all semantics without a lock. ``snapshot()`` is the inspectable JSON view.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import Callable
from typing import Any

from bot.fake_telegram.errors import bad_request, conflict
from bot.fake_telegram.files import PhotoStore
from bot.fake_telegram.models import (
    CallbackQueryRecord,
    FakeChat,
    FakeUser,
    RequestRecord,
    StoredMessage,
)

# Telegram leaves these out unless allowed_updates names them
NOT_DEFAULT_UPDATES = frozenset({"chat_member", "message_reaction", "message_reaction_count"})


class FakeState:
    """All state of one fake bot account, inspectable by tests and a future playground."""

    def __init__(
        self,
        token: str,
        bot_username: str = "tradecircle_test_bot",
        bot_name: str = "TradeCircle Test",
    ) -> None:
        self.token = token
        self.bot = FakeUser(int(token.split(":", 1)[0]), bot_name, bot_username, is_bot=True)
        self.users: dict[int, FakeUser] = {}
        self.chats: dict[int, FakeChat] = {}
        self.messages: dict[int, list[StoredMessage]] = {}
        self.photos = PhotoStore()  # every photo sent, by file_id
        self.privacy_mode = True
        self.updates: list[dict[str, Any]] = []
        self.allowed_updates: list[str] | None = None
        self.webhook: dict[str, Any] | None = None
        self.commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.bot_texts: dict[tuple[str, str], str] = {}  # (description|short_description, lang)
        # what stamps a message's date (the playground's movable clock, so dates agree with the
        # bot's own "now"); the request log keeps real time
        self.clock: Callable[[], float] = time.time
        self.callback_queries: dict[str, CallbackQueryRecord] = {}
        self.chat_actions: list[tuple[int, str]] = []
        self.requests: list[RequestRecord] = []
        self.poll_count = 0
        self.version = 0  # counts changes, so a watcher (the playground page) knows it is behind
        self.closing = False
        self.logged_out = False
        self._update_ids = itertools.count(1)
        self._user_ids = itertools.count(100_000_001)
        self._group_ids = itertools.count(4_000_000_001)
        self._query_ids = itertools.count(7_000_000_001)
        self._poll_generation = 0
        self._changed = asyncio.Event()

    # -- waiting ------------------------------------------------------------------------
    def notify(self) -> None:
        """Wake every waiter so it re-checks its condition."""
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(
        self, predicate: Callable[[], bool], within: float, recheck: float | None = None
    ) -> bool:
        """Wait until ``predicate()`` holds; False after ``within`` seconds.

        ``recheck`` also re-evaluates every so many seconds, for predicates on things outside
        this state (the bot's database, a list its error handler fills) that never notify.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while not predicate():
            remaining = deadline - loop.time()
            if remaining <= 0 or self.closing:
                return predicate()
            nap = remaining if recheck is None else min(remaining, recheck)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), nap)
        return True

    # -- registry -----------------------------------------------------------------------
    def add_user(
        self,
        first_name: str,
        username: str | None = None,
        language_code: str | None = None,
        last_name: str | None = None,
    ) -> FakeUser:
        user = FakeUser(next(self._user_ids), first_name, username, last_name, language_code)
        self.users[user.id] = user
        return user

    def private_chat(self, user: FakeUser) -> FakeChat:
        """The user's chat with the bot, created on first use (the user 'started' the bot)."""
        chat = self.chats.get(user.id)
        if chat is None:
            chat = FakeChat(user.id, "private", user=user, bot_status="member")
            self.chats[chat.id] = chat
            self.messages[chat.id] = []
        return chat

    def add_group(self, title: str, members: list[FakeUser], supergroup: bool = False) -> FakeChat:
        number = next(self._group_ids)
        chat_id = -(1_000_000_000_000 + number) if supergroup else -number
        chat = FakeChat(
            chat_id,
            "supergroup" if supergroup else "group",
            title=title,
            members=[m.id for m in members],
        )
        self.chats[chat_id] = chat
        self.messages[chat_id] = []
        return chat

    def find_chat(self, chat_id: int | str) -> FakeChat:
        """Look up by id or @username; 400 like Telegram when unknown or migrated."""
        chat: FakeChat | None = None
        if isinstance(chat_id, int):
            chat = self.chats.get(chat_id)
        elif chat_id.startswith("@"):
            chat = next(
                (
                    c
                    for c in self.chats.values()
                    if c.user is not None
                    and (c.user.username or "").lower() == chat_id[1:].lower()
                ),
                None,
            )
        if chat is None:
            raise bad_request("chat not found")
        if chat.migrated_to is not None:
            raise bad_request(
                "group chat was upgraded to a supergroup chat",
                {"migrate_to_chat_id": chat.migrated_to},
            )
        return chat

    def find_user(self, user_id: int) -> FakeUser | None:
        return self.bot if user_id == self.bot.id else self.users.get(user_id)

    # -- messages -----------------------------------------------------------------------
    def now(self) -> int:
        """A message's date, as Telegram stamps it: seconds since the epoch."""
        return int(self.clock())

    def store_message(self, chat: FakeChat, sender: FakeUser, **fields: Any) -> StoredMessage:
        message = StoredMessage(chat, chat.take_message_id(), sender, self.now(), **fields)
        self.messages.setdefault(chat.id, []).append(message)
        self.notify()
        return message

    def find_message(self, chat_id: int, message_id: int) -> StoredMessage | None:
        for message in self.messages.get(chat_id, []):
            if message.message_id == message_id and not message.deleted:
                return message
        return None

    def new_query_id(self) -> str:
        return str(next(self._query_ids))

    # -- updates ------------------------------------------------------------------------
    def _allowed(self, kind: str) -> bool:
        if self.allowed_updates is None:
            return kind not in NOT_DEFAULT_UPDATES
        return kind in self.allowed_updates

    def push_update(self, kind: str, payload: dict[str, Any]) -> dict[str, Any] | None:
        """Queue an update unless the bot's allowed_updates exclude its kind."""
        if not self._allowed(kind):
            return None
        update = {"update_id": next(self._update_ids), kind: payload}
        self.updates.append(update)
        self.notify()
        return update

    def set_allowed_updates(self, allowed: list[str] | None) -> None:
        # an empty list means "the default set", as in Telegram
        self.allowed_updates = allowed or None
        self.updates = [u for u in self.updates if self._allowed(_kind(u))]

    def confirm(self, offset: int) -> None:
        if offset < 0:
            self.updates = self.updates[offset:]
        else:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]

    async def get_updates(
        self, offset: int | None, limit: int, poll_seconds: float, allowed: list[str] | None
    ) -> list[dict[str, Any]]:
        """Long poll: answer at once when updates are queued, else wait ``poll_seconds``."""
        if self.webhook is not None:
            raise _webhook_conflict()
        if allowed is not None:
            self.set_allowed_updates(allowed)
        if offset is not None:
            self.confirm(offset)
        self.poll_count += 1
        self._poll_generation += 1
        mine = self._poll_generation
        self.notify()  # an older long poll now gets its 409, and wait_polling() wakes

        def done() -> bool:
            return bool(self.updates) or mine != self._poll_generation or self.webhook is not None

        await self.wait_for(done, max(poll_seconds, 0))
        if mine != self._poll_generation:
            raise conflict(
                "terminated by other getUpdates request; make sure that only one "
                "bot instance is running"
            )
        if self.webhook is not None:
            raise _webhook_conflict()
        return self.updates[: max(1, min(limit, 100))]

    # -- request log --------------------------------------------------------------------
    def record(
        self, method: str, params: dict[str, Any], status: int, response: dict[str, Any]
    ) -> RequestRecord:
        entry = RequestRecord(
            len(self.requests) + 1, method, params, status, response, time.time()
        )
        self.requests.append(entry)
        self.notify()
        return entry

    def errors(self) -> list[RequestRecord]:
        """Failed calls the bot would have seen (dropped long polls excluded)."""
        return [r for r in self.requests if r.status >= 400 and not r.cancelled]

    def snapshot(self) -> dict[str, Any]:
        """A JSON-serialisable view of everything, for assertions and a playground UI."""
        return {
            "bot": self.bot.to_api(),
            "privacy_mode": self.privacy_mode,
            "users": [u.to_api() for u in self.users.values()],
            "chats": [
                {
                    **c.to_api(),
                    "bot_status": c.bot_status,
                    "members": c.members,
                    "migrated_to": c.migrated_to,
                }
                for c in self.chats.values()
            ],
            "messages": {
                str(cid): [m.to_api() for m in msgs if not m.deleted]
                for cid, msgs in self.messages.items()
            },
            "pending_updates": self.updates,
            "allowed_updates": self.allowed_updates,
            "webhook": self.webhook,
            "commands": [
                {"scope": s, "language_code": lang, "commands": cmds}
                for (s, lang), cmds in self.commands.items()
            ],
            "bot_texts": [
                {"kind": k, "language_code": lang, "text": t}
                for (k, lang), t in self.bot_texts.items()
            ],
            "requests": [r.to_json() for r in self.requests],
        }


def _kind(update: dict[str, Any]) -> str:
    return next(key for key in update if key != "update_id")


def _webhook_conflict() -> Exception:
    return conflict(
        "can't use getUpdates method while webhook is active; use deleteWebhook to "
        "delete the webhook first"
    )
