"""Shared end-to-end helpers: the running bot, what merchants do and what they receive.

Every e2e test module imports its helpers from here (never from another test module or
from conftest.py, which holds only fixtures). bench/alert_latency.py uses them too.
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

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
from bot.services.ports import Clock

TOKEN = "4242:TEST-token-never-logged"

# Test users type far faster than people; a roomier private-chat window keeps the suite quick.
# test_outbox.py runs the bot under Telegram's own strict limits.
FAST_USERS = FloodLimits(private_chat=Window(20, 3.0))

# An offer and a need that match each other (same product, MOQ below the quantity, price
# within the budget).
OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "求购 不锈钢保温杯 3000个 单价15元以内 送到上海"

# Tests run at any hour of the day (no quiet hours), and their people tap far faster than
# people do: the per-person rate limit is roomier (test_flood.py runs the real one).
TEST_SETTINGS: dict[str, Any] = {
    "quiet_hours": False,
    # the outbox paces a private chat to the fake's FAST_USERS window, not Telegram's 1.5 s
    "telegram_private_chat_interval": 0.2,
    "reminder_tick": timedelta(seconds=0.5),
    "rate_limit_burst": 200,
    "rate_limit_per_second": 50.0,
}


class RunningBot:
    """Starts and stops our Application against the fake; `restart()` keeps the database."""

    def __init__(
        self, fake: FakeTelegram, database_url: str, clock: Clock | None = None, **overrides: Any
    ) -> None:
        self.fake = fake
        self.clock = clock  # the system clock unless a test moves time (MovableClock)
        self.settings = Settings(
            telegram_bot_token=TOKEN,
            telegram_api_base_url=fake.base_url,
            database_url=database_url,
            **({"outbox_interval": 0.2, "sweep_interval": 0.5} | TEST_SETTINGS | overrides),
        )
        self.app: Any = None

    async def start(self) -> None:
        await prepare_database(self.settings)
        self.app = build_application(self.settings, clock=self.clock)
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


def rejected(fake: FakeTelegram) -> list[RequestRecord]:
    """Requests Telegram would have refused as malformed (400): must stay empty."""
    return [r for r in fake.requests() if r.status == 400]


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


def button_data(message: StoredMessage, index: int) -> str:
    """The callback data of the message's `index`-th inline button, counted across rows."""
    rows = (message.reply_markup or {})["inline_keyboard"]
    data = [b["callback_data"] for row in rows for b in row]
    return data[index]


async def press_publish(
    fake: FakeTelegram, user: UserHandle, card: StoredMessage
) -> StoredMessage:
    """Tap the card's first button (Publish) and wait for the card to show it published."""
    query = await user.press(card, data=button_data(card, 0))
    await user.wait_answer(query)
    return await latest(
        user,
        fake,
        lambda m: (
            m.message_id == card.message_id and "✅" in (m.text or "") and m.edit_date is not None
        ),
    )


async def post_and_publish(fake: FakeTelegram, user: UserHandle, text: str) -> StoredMessage:
    """Send a post in plain words and publish its card; returns the published card."""
    await user.send(text)
    (card,) = await user.wait_for_messages(1)
    assert card.reply_markup is not None, card.text
    return await press_publish(fake, user, card)


async def started(fake: FakeTelegram, name: str, lang: str) -> UserHandle:
    """A person who pressed Start (the bot may write to them first)."""
    user = fake.user(name, language_code=lang)
    await user.send("/start")
    await user.wait_for_messages(1)
    return user


def is_alert(message: StoredMessage) -> bool:
    return "🔔" in message.words  # a text, or a photo's caption


async def alerts(
    fake: FakeTelegram,
    user: UserHandle,
    count: int = 1,
    timeout: float = 10,  # noqa: ASYNC109 - waits only as long as it must; a busy 2-core CI
) -> list[StoredMessage]:
    """Wait until `user` has at least `count` match alerts; returns all of them."""
    assert await fake.wait_until(
        lambda: sum(is_alert(m) for m in user.messages()) >= count, timeout
    ), [m.text for m in user.messages()]
    return [m for m in user.messages() if is_alert(m)]


def as_stored(database_url: str, moment: datetime) -> object:
    """A time as a query compares it with stored ones (SQLite keeps UTC text)."""
    if database_url.startswith("sqlite"):
        return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
    return moment


def from_stored(value: object) -> datetime:
    """A stored time read back (`read_rows`), aware, on either database."""
    if isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value)).replace(tzinfo=UTC)


def read_rows(database_url: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    """Rows of a query on the bot's database (SQLite or PostgreSQL), through a synchronous
    driver: for checks made outside the bot, between its steps."""
    url = database_url.replace("+aiosqlite", "").replace("+asyncpg", "+psycopg")
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql), params)]
    finally:
        engine.dispose()


async def bot_command(
    cwd: Path,
    env: dict[str, str],
    *args: str,
    stdout: Any = asyncio.subprocess.PIPE,
    stderr: Any = asyncio.subprocess.PIPE,
) -> asyncio.subprocess.Process:
    """`python -m bot <args>` as a subprocess in `cwd` with `env`."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=cwd, env=env, stdout=stdout, stderr=stderr
    )


def subprocess_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment for `bot_command`: no inherited token or database, a SQLite file in
    `tmp_path` unless `extra` names another, DEBUG logs."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DATABASE_"))}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'bot.db'}", LOG_LEVEL="DEBUG")
    env.update(extra)
    return env


WEBHOOK_URL = "https://bot.example.invalid/hooks/tc"  # its path is the one workers serve


def webhook_env(
    fake: FakeTelegram, tmp_path: Path, database_url: str, port: int, secret: str, **extra: str
) -> dict[str, str]:
    """`bot_command`'s environment for webhook mode on 127.0.0.1:`port`, told by the fake."""
    return subprocess_env(
        tmp_path,
        DATABASE_URL=database_url,
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        WEBHOOK_URL=WEBHOOK_URL,
        WEBHOOK_LISTEN="127.0.0.1",
        WEBHOOK_PORT=str(port),
        WEBHOOK_SECRET_TOKEN=secret,
        **extra,
    )


# What a kill must not lose is tested without finding posts by meaning: each restart would
# load the encoder again for nothing the test looks at (tests/e2e/test_search_by_meaning.py)
DURABILITY = {"FIND_BY_MEANING": "false"}


async def start_bot_process(
    fake: FakeTelegram, tmp_path: Path, database_url: str, **settings: str
) -> asyncio.subprocess.Process:
    """`python -m bot run` polling the fake, with quick sweeps, on `database_url`; returns
    once it polls."""
    env = subprocess_env(
        tmp_path,
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        DATABASE_URL=database_url,
        SWEEP_INTERVAL="0.5",
        REMINDER_TICK="0.5s",
        OUTBOX_INTERVAL="0.2",
        TELEGRAM_PRIVATE_CHAT_INTERVAL=str(TEST_SETTINGS["telegram_private_chat_interval"]),
        QUIET_HOURS="false",
        **settings,
    )
    process = await bot_command(
        tmp_path, env, "run", stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    await fake.wait_polling(timeout=30)
    return process


def free_ports(count: int) -> int:
    """A port p with p .. p + count - 1 all free on 127.0.0.1 (a router and its workers),
    below the range the kernel hands out to outgoing connections: a port from that range,
    free when probed, can be taken by a connection to PostgreSQL or the fake before the
    worker binds it (the likely cause of a CI run whose workers started 15 times: a worker
    that cannot bind dies after start-up and is started again)."""
    lowest_ephemeral = _ephemeral_ports()[0]
    for _ in range(50):
        first = random.randrange(10_000, max(10_001, lowest_ephemeral - count))
        try:
            for port in range(first, first + count):
                with socket.socket() as check:
                    check.bind(("127.0.0.1", port))
        except (OSError, OverflowError):
            continue
        return first
    raise RuntimeError("no free ports in a row")


def _ephemeral_ports() -> tuple[int, int]:
    """The kernel's range for outgoing connections (Linux's default when unreadable)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999
