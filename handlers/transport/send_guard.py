"""Every call the bot makes to Telegram but getUpdates passes here (PTB's rate-limiter hook).

- One call at a time per chat, so a 429 for a chat is known before its next call leaves.
- After a 429 nothing goes to that chat until its retry_after has run out. The call waits
  and tries again, at most `retries` times; a caller passing `rate_limit_args=NO_WAIT` gets the
  RetryAfter at once instead (the outbox: it has other chats to serve meanwhile).
- A 5xx, a connection refused or dropped, a pool or connect time-out: tried again after
  0.5, 1, 2, 4 s. A connection dropped after the request went out may have delivered it, so
  that retry can send a message twice; losing a reply would be worse. If the retry is refused
  because the first call took effect (an edit "not modified", a callback already answered),
  the call is done.
- A read time-out is not retried: the message may have arrived (the caller records it).
- 20/min per group; about 30 calls/s overall (`SendWindow`), of which background sending
  (`NO_WAIT`) leaves a few to replies; background sending also gets a RetryAfter at once
  when the group's minute is used up or the chat is paused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut
from telegram.ext import BaseRateLimiter

from handlers.transport.chat_order import waiting_aside
from handlers.transport.keyed_locks import KeyedLocks
from handlers.transport.send_window import SendWindow
from handlers.transport.telegram_http import NOT_SENT

log = logging.getLogger(__name__)

Result = bool | dict[str, Any] | list[dict[str, Any]]
Callback = Callable[..., Coroutine[Any, Any, Result]]
Chat = int | str

BACKOFF = (0.5, 1.0, 2.0, 4.0)  # seconds before each retry of a call that failed in transit
REPLY_FIRST = 1  # seconds a background message waits for a reply to its chat
MARGIN = 0.1  # seconds past retry_after, for the clocks of two machines
# a refusal that says an earlier attempt of the same call already took effect
NOT_MODIFIED = "message is not modified"  # an edit to what the message already shows
ALREADY_DONE = (NOT_MODIFIED, "query is too old")


# What a caller that must not wait passes as `rate_limit_args` (PTB drops a falsy value)
NO_WAIT = "no-wait"


class SendGuard(BaseRateLimiter[str]):
    def __init__(
        self,
        retries: int = 3,
        backoff: tuple[float, ...] = BACKOFF,
        clock: Callable[[], float] = time.monotonic,
        per_second: int = 30,
        group_per_minute: int = 20,
    ) -> None:
        """`per_second`: messages Telegram lets the bot send in all (about 30);
        `group_per_minute`: in one group (20)."""
        self.retries, self.backoff, self.clock = retries, backoff, clock
        self._group_per_minute = group_per_minute
        self._overall = SendWindow(count=per_second, reserve=max(1, per_second // 5), clock=clock)
        self._groups: dict[Chat, AsyncLimiter] = {}
        self._chats = KeyedLocks()  # one call at a time per chat
        self._retry_until: dict[Chat, float] = {}
        # replies (calls that wait) under way per chat: background sending steps aside for
        # them, or a person getting a stream of alerts could wait for ever for an answer
        self._replies: dict[Chat, int] = {}
        # a reply got a 429: Telegram's overall limit may be what it hit, so background
        # sending anywhere waits as long as the reply does
        self._background_waits_until = 0.0

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    def paused_for(self, chat: Chat) -> float:
        """Seconds until a 429 stops forbidding calls to this chat (0: none is in force)."""
        return max(0.0, self._retry_until.get(chat, 0.0) - self.clock())

    async def process_request(
        self,
        callback: Callback,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: str | None,
    ) -> Result:
        retries = 0 if rate_limit_args == NO_WAIT else self.retries
        call = (callback, args, kwargs, endpoint)
        chat = _chat_of(data)
        if retries == 0 and _is_send(endpoint):
            # background sending waits for room before the chat's turn, not in it: a reply
            # to that chat must not queue behind it
            await self._overall.room(background=True)
        return await self._in_turn(call, chat, retries)

    async def _in_turn(
        self, call: tuple[Callback, Any, dict[str, Any], str], chat: Chat | None, retries: int
    ) -> Result:
        if chat is None:
            return await self._attempts(*call, None, retries)
        with self._counted_as_reply(chat, retries > 0):
            async with self._one_at_a_time(chat):
                return await self._attempts(*call, chat, retries)

    @contextlib.contextmanager
    def _counted_as_reply(self, chat: Chat, reply: bool) -> Iterator[None]:
        """While a reply to `chat` is under way, background sending to it steps aside."""
        if not reply:
            yield
            return
        self._replies[chat] = self._replies.get(chat, 0) + 1
        try:
            yield
        finally:
            self._replies[chat] -= 1
            if not self._replies[chat]:
                del self._replies[chat]

    async def _attempts(
        self,
        callback: Callback,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        chat: Chat | None,
        retries: int,
    ) -> Result:
        failures = 0
        maybe_done = False  # an earlier attempt may have taken effect
        background = retries == 0  # the outbox, or a reply that had better not wait
        sends = _is_send(endpoint)
        while True:
            if chat is not None and (wait := self.paused_for(chat)) > 0:
                if background:
                    raise RetryAfter(math.ceil(wait))
                async with waiting_aside():  # others' updates go on meanwhile
                    await asyncio.sleep(wait)
            if background and sends and chat is not None and not self._group_has_room(chat):
                # ours, not Telegram's (the chat is not paused): when the next one is free
                raise RetryAfter(math.ceil(60 / self._group_per_minute))
            if background and chat is not None and self._replies.get(chat):
                raise RetryAfter(REPLY_FIRST)  # ours too: a reply to this chat goes first
            if background and (wait := self._background_waits_until - self.clock()) > 0:
                raise RetryAfter(math.ceil(wait))
            if background and sends and self._overall.wait_for(background=True) > 0:
                raise RetryAfter(1)  # ours: the room went while this waited for its turn
            try:
                async with self._limits(chat, background, sends):
                    return await callback(*args, **kwargs)
            except RetryAfter as exc:
                after = exc.retry_after
                wait = float(after if isinstance(after, int | float) else after.total_seconds())
                if chat is not None:
                    self._retry_until[chat] = self.clock() + wait + MARGIN
                if not background:
                    self._background_waits_until = max(
                        self._background_waits_until, self.clock() + wait + MARGIN
                    )
                if retries <= 0:
                    raise
                retries -= 1
                log.info("%s: 429, trying again in %.0f s", endpoint, wait)
                if chat is None:
                    async with waiting_aside():
                        await asyncio.sleep(wait + MARGIN)
            except BadRequest as exc:
                if maybe_done and any(text in exc.message.lower() for text in ALREADY_DONE):
                    return True
                raise
            except NetworkError as exc:
                if not _in_transit(exc) or failures >= len(self.backoff):
                    raise
                maybe_done = maybe_done or not isinstance(exc.__cause__, NOT_SENT)
                log.warning(
                    "%s failed (%s); trying again in %.1f s",
                    endpoint,
                    exc.message,
                    self.backoff[failures],
                )
                await asyncio.sleep(self.backoff[failures])
                failures += 1

    @contextlib.asynccontextmanager
    async def _one_at_a_time(self, chat: Chat) -> AsyncIterator[None]:
        try:
            async with self._chats.hold(chat):
                yield
        finally:
            if not self._chats.busy(chat) and self.paused_for(chat) == 0:
                self._retry_until.pop(chat, None)  # nothing left to remember of this chat

    def _group_has_room(self, chat: Chat) -> bool:
        """A background call does not wait for a group's minute: it gets a RetryAfter at
        once instead of holding up whatever waits behind it."""
        return not _is_group(chat) or self._group_limiter(chat).has_capacity()

    def _group_limiter(self, chat: Chat) -> AsyncLimiter:
        return self._groups.setdefault(chat, AsyncLimiter(self._group_per_minute, 60))

    @contextlib.asynccontextmanager
    async def _limits(
        self, chat: Chat | None, background: bool, sends: bool
    ) -> AsyncIterator[None]:
        """For a call that sends a message: a group's minute, and a place in Telegram's
        ~30/s overall (background sending waited for room before its turn)."""
        if not sends:  # edits, answers to button presses: Telegram counts messages sent
            yield
            return
        async with contextlib.AsyncExitStack() as stack:
            if chat is not None and _is_group(chat):
                await stack.enter_async_context(self._group_limiter(chat))
            await stack.enter_async_context(self._overall.slot(background=background))
            yield


def _is_send(endpoint: str) -> bool:
    """A call that sends a message: what Telegram's flood limits count."""
    return endpoint.startswith(("send", "forward", "copy")) and endpoint != "sendChatAction"


def _is_group(chat: Chat) -> bool:
    return isinstance(chat, str) or chat < 0


def _chat_of(data: dict[str, Any]) -> Chat | None:
    chat = data.get("chat_id")
    if chat is None:
        return None
    with contextlib.suppress(TypeError, ValueError):
        return int(chat)
    return str(chat)


def _in_transit(exc: NetworkError) -> bool:
    """A 5xx or a connection failure (PTB raises a bare NetworkError for both), or a time-out
    before the request went out; not a read time-out, nor a refusal (BadRequest)."""
    if isinstance(exc, TimedOut):
        return isinstance(exc.__cause__, NOT_SENT)
    return type(exc) is NetworkError
