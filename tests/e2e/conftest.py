"""End-to-end fixtures: the real Application, polling a local fake Telegram over loopback.

Only fixtures live here; the helpers tests call are in tests/e2e/helpers.py.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import FAST_USERS, TOKEN, RunningBot


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(token=TOKEN, limits=FAST_USERS) as telegram:
        yield telegram


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
