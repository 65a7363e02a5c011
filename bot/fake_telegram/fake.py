"""``FakeTelegram``: state + Bot API + loopback server + test driver in one object.

async with FakeTelegram(token="123:ABC") as fake:
    app = ApplicationBuilder().token(fake.token).base_url(fake.base_url).build()
    ...
    await fake.wait_polling()
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bot.fake_telegram import simulate
from bot.fake_telegram.driver import GroupHandle, UserHandle
from bot.fake_telegram.faults import FaultInjector, FaultPlan
from bot.fake_telegram.limits import FloodLimiter, FloodLimits
from bot.fake_telegram.methods import BotApi
from bot.fake_telegram.models import RequestRecord
from bot.fake_telegram.server import FakeServer
from bot.fake_telegram.spec import BotApiSpec, default_spec
from bot.fake_telegram.state import FakeState
from bot.fake_telegram.webhook import WebhookDelivery


class FakeTelegram:
    """A strict local Telegram Bot API for one bot token."""

    def __init__(
        self,
        token: str = "123:ABC",
        *,
        bot_username: str = "tradecircle_test_bot",
        bot_name: str = "TradeCircle Test",
        limits: FloodLimits | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        spec: BotApiSpec | None = None,
    ) -> None:
        self.token = token
        self.state = FakeState(token, bot_username, bot_name)
        self.limiter = FloodLimiter(limits or FloodLimits())
        self.api = BotApi(self.state, spec or default_spec(), self.limiter)
        self.faults = FaultInjector()
        self.server = FakeServer(self.api, host, port, self.faults)

    # -- lifecycle ----------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        """Pass to ``ApplicationBuilder().base_url(...)``; PTB appends ``{token}/{method}``."""
        return self.server.base_url

    async def start(self) -> str:
        self.state.closing = False
        return await self.server.start()

    def delivering(self, url: str, secret: str, connections: int = 1) -> WebhookDelivery:
        """Post queued updates to a webhook server, as Telegram does (``async with``)."""
        return WebhookDelivery(self.state, url, secret, connections)

    async def stop(self) -> None:
        """Answer pending long polls at once, then close the server."""
        self.state.closing = True
        self.state.notify()
        await self.server.stop()

    async def __aenter__(self) -> FakeTelegram:
        await self.start()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.stop()

    async def wait_polling(self, timeout: float = 5) -> None:  # noqa: ASYNC109
        """Return once the bot has called getUpdates at least once."""
        if not await self.state.wait_for(lambda: self.state.poll_count > 0, timeout):
            raise TimeoutError(f"the bot did not call getUpdates within {timeout}s")

    async def wait_until(
        self,
        predicate: Callable[[], bool],
        timeout: float = 5,  # noqa: ASYNC109 - documented driver API
    ) -> bool:
        """Wait for any condition, re-checked on every change and every 20 ms."""
        return await self.state.wait_for(predicate, timeout, recheck=0.02)

    # -- world --------------------------------------------------------------------------
    def user(
        self,
        first_name: str,
        *,
        username: str | None = None,
        language_code: str | None = None,
        last_name: str | None = None,
    ) -> UserHandle:
        user = self.state.add_user(first_name, username, language_code, last_name)
        return UserHandle(self.state, user)

    def group(
        self, title: str, members: Iterable[UserHandle] = (), supergroup: bool = False
    ) -> GroupHandle:
        chat = self.state.add_group(title, [m.user for m in members], supergroup)
        return GroupHandle(self.state, chat)

    async def add_bot_to_group(
        self, group: GroupHandle, by: UserHandle, admin: bool = False
    ) -> None:
        simulate.add_bot(self.state, group.chat, by.user, admin)

    async def remove_bot_from_group(self, group: GroupHandle, by: UserHandle) -> None:
        simulate.remove_bot(self.state, group.chat, by.user)

    async def set_bot_admin(self, group: GroupHandle, by: UserHandle, admin: bool = True) -> None:
        simulate.set_bot_admin(self.state, group.chat, by.user, admin)

    def set_admin(self, group: GroupHandle, user: UserHandle, admin: bool = True) -> None:
        """Promote a member to admin (or demote them); getChatMember says so at once."""
        if admin:
            group.chat.admins.add(user.id)
        else:
            group.chat.admins.discard(user.id)

    async def join_group(self, group: GroupHandle, user: UserHandle) -> None:
        simulate.join_group(self.state, group.chat, user.user)

    async def migrate_group(self, group: GroupHandle, by: UserHandle) -> GroupHandle:
        """Upgrade to a supergroup; ``group`` now points at the new chat (new id)."""
        group.chat = simulate.migrate_to_supergroup(self.state, group.chat, by.user)
        group.inbox = type(group.inbox)(self.state, lambda: group.chat.id)
        return group

    @property
    def privacy_mode(self) -> bool:
        return self.state.privacy_mode

    @privacy_mode.setter
    def privacy_mode(self, enabled: bool) -> None:
        self.state.privacy_mode = enabled

    def set_limits(self, limits: FloodLimits) -> None:
        """Switch flood limits (e.g. ``FloodLimits.strict()`` or ``FloodLimits.off()``)."""
        self.limiter.reset(limits)

    def inject_faults(self, plan: FaultPlan) -> FaultInjector:
        """Answer calls with faults from now on (see faults.py); ``fake.faults`` keeps what
        was injected and the calls that came too early after a 429."""
        self.faults.use(plan)
        return self.faults

    # -- inspection ---------------------------------------------------------------------
    def requests(self, method: str | None = None) -> list[RequestRecord]:
        return [r for r in self.state.requests if method is None or r.method == method]

    def errors(self) -> list[RequestRecord]:
        """Calls answered with an error (dropped long polls excluded)."""
        return self.state.errors()

    def commands(
        self, scope: dict[str, Any] | None = None, language_code: str = ""
    ) -> list[dict[str, Any]]:
        key = self.api.scope_key({"scope": scope, "language_code": language_code})
        return self.state.commands.get(key, [])

    def bot_text(self, kind: str, language_code: str = "") -> str:
        """Stored ``description`` / ``short_description`` / ``name`` for a language."""
        return self.state.bot_texts.get((kind, language_code), "")

    def snapshot(self) -> dict[str, Any]:
        return self.state.snapshot()
