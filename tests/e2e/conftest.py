"""End-to-end fixtures: the real Application, polling a local fake Telegram over loopback.

Only fixtures live here; the helpers tests call are in tests/e2e/helpers.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.fake_telegram import FakeTelegram
from storage.migrate import upgrade_to_head
from tests.e2e.helpers import FAST_USERS, TOKEN, RunningBot
from tests.postgres import admin, new_name, reachable, server_url


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(token=TOKEN, limits=FAST_USERS) as telegram:
        yield telegram


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[str]:
    """A migrated PostgreSQL database each test's copies (CREATE DATABASE ... TEMPLATE)."""
    problem = reachable()
    if problem:
        pytest.skip(problem)
    server, name = server_url(), new_name("tc_e2e_template")
    asyncio.run(admin(server, f'CREATE DATABASE "{name}"'))
    try:
        asyncio.run(
            upgrade_to_head(server.set(database=name).render_as_string(hide_password=False))
        )
        yield name
    finally:
        asyncio.run(admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The bot's database: a new SQLite file, or a new PostgreSQL database already migrated."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tradecircle.db'}"
        return
    template: str = request.getfixturevalue("postgres_template")
    server, name = server_url(), new_name("tc_e2e")
    asyncio.run(admin(server, f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
async def make_bot(
    fake: FakeTelegram, database_url: str
) -> AsyncIterator[Callable[..., RunningBot]]:
    bots: list[RunningBot] = []

    def make(**overrides: Any) -> RunningBot:
        bot = RunningBot(fake, database_url, **overrides)
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
