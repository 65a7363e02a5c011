"""End-to-end fixtures: the real Application, polling a local fake Telegram over loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.app import build_application, prepare_database
from bot.config import Settings
from bot.fake_telegram import (
    FakeTelegram,
    FloodLimits,
    RequestRecord,
    StoredMessage,
    UserHandle,
    Window,
)

TOKEN = "4242:TEST-token-never-logged"


class RunningBot:
    """Starts and stops our Application against the fake; `restart()` keeps the database."""

    def __init__(self, fake: FakeTelegram, database: Path, **overrides: Any) -> None:
        self.fake = fake
        self.settings = Settings(
            telegram_bot_token=TOKEN,
            telegram_api_base_url=fake.base_url,
            database_url=f"sqlite:///{database}",
            outbox_interval=0.2,
            sweep_interval=0.5,
            **overrides,
        )
        self.app: Any = None

    async def start(self) -> None:
        await prepare_database(self.settings)
        self.app = build_application(self.settings)
        await self.app.initialize()
        if self.app.post_init:
            await self.app.post_init(self.app)
        await self.app.updater.start_polling(poll_interval=0, timeout=1)
        await self.app.start()
        await self.fake.wait_polling()

    async def stop(self) -> None:
        if self.app is None:
            return
        app, self.app = self.app, None
        if app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()
        if app.post_shutdown:
            await app.post_shutdown(app)

    async def restart(self) -> None:
        await self.stop()
        await self.start()


# Test users type far faster than people; a roomier private-chat window keeps the suite quick.
# test_flood.py runs the bot under Telegram's own limits.
FAST_USERS = FloodLimits(private_chat=Window(20, 3.0))


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(token=TOKEN, limits=FAST_USERS) as telegram:
        yield telegram


def rejected(fake: FakeTelegram) -> list[RequestRecord]:
    """Requests Telegram would have refused as malformed (400): must stay empty."""
    return [r for r in fake.requests() if r.status == 400]


@pytest.fixture
async def make_bot(fake: FakeTelegram, tmp_path: Path) -> AsyncIterator[Callable[..., RunningBot]]:
    bots: list[RunningBot] = []

    def make(**overrides: Any) -> RunningBot:
        bot = RunningBot(fake, tmp_path / "tradecircle.db", **overrides)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        await bot.stop()


@pytest.fixture
async def bot(make_bot: Callable[..., RunningBot]) -> RunningBot:
    running = make_bot(post_ttl=timedelta(days=30))
    await running.start()
    return running


async def latest(
    user: UserHandle,
    fake: FakeTelegram,
    predicate: Callable[[StoredMessage], bool],
    timeout: float = 5,  # noqa: ASYNC109
) -> StoredMessage:
    """The newest bot message to `user` satisfying `predicate` (e.g. after an edit)."""

    def found() -> bool:
        return any(predicate(m) for m in user.messages())

    assert await fake.wait_until(found, timeout), [m.text for m in user.messages()]
    return [m for m in user.messages() if predicate(m)][-1]
