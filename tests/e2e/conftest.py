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
from sqlalchemy.engine import make_url

from bot.fake_telegram import FakeTelegram
from storage.migrate import upgrade_to_head
from tests.e2e.helpers import FAST_USERS, TOKEN, RunningBot
from tests.postgres import new_database, reachable


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
    with new_database("tc_e2e_template") as url:
        asyncio.run(upgrade_to_head(url))
        yield make_url(url).database or ""


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database for a bot process to migrate (several workers need
    PostgreSQL); skipped when unreachable."""
    problem = reachable()
    if problem:
        pytest.skip(problem)
    with new_database("tc_workers") as url:
        yield url


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every end-to-end test runs on SQLite; those marked `both_databases` (where storage
    behaves differently: the inbox, claims and locks, leases, state across a restart) on
    PostgreSQL too. The SQL of the others is run on PostgreSQL by the repository tests."""
    if "database_url" not in metafunc.fixturenames:
        return
    engines: list[Any] = ["sqlite"]
    if metafunc.definition.get_closest_marker("both_databases"):
        engines.append(pytest.param("postgresql", marks=pytest.mark.postgres))
    metafunc.parametrize("database_url", engines, indirect=True)


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The bot's database: a new SQLite file, or a new PostgreSQL database already migrated."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tradecircle.db'}"
        return
    template: str = request.getfixturevalue("postgres_template")
    with new_database("tc_e2e", template) as url:
        yield url


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
