"""One poller per token (issue 13): a second `python -m bot run` on the same token and
database waits as a standby instead of fighting Telegram's 409, and takes over when the
first one dies (SIGKILL) and its lease lapses."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import TOKEN, bot_command, subprocess_env

pytestmark = pytest.mark.slow

LEASE_TTL = 3.0  # seconds


async def _run(
    fake: FakeTelegram, tmp_path: Path, log: Path, database_url: str
) -> asyncio.subprocess.Process:
    env = subprocess_env(
        tmp_path,
        DATABASE_URL=database_url,
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        LEASE_TTL=f"{LEASE_TTL}s",
        QUIET_HOURS="false",
    )
    with log.open("ab") as out:
        return await bot_command(tmp_path, env, "run", stdout=out, stderr=out)


@pytest.mark.both_databases
async def test_a_standby_waits_and_takes_over(
    fake: FakeTelegram, tmp_path: Path, database_url: str
) -> None:
    first = await _run(fake, tmp_path, tmp_path / "first.log", database_url)
    await fake.wait_polling(timeout=30)
    second = await _run(fake, tmp_path, tmp_path / "second.log", database_url)
    try:
        merchant = fake.user("Wang", language_code="zh-hans")
        await merchant.send("/start")
        await merchant.wait_for_messages(1, timeout=15)
        # it loads its dictionaries first (several seconds on a slow machine), then waits
        assert await fake.wait_until(
            lambda: "standby" in (tmp_path / "second.log").read_text(), 60
        )
        await asyncio.sleep(LEASE_TTL)  # long enough for a second poller to have tried
        assert [r for r in fake.requests("getUpdates") if r.status == 409] == []

        first.send_signal(signal.SIGKILL)
        await first.wait()
        killed = time.monotonic()
        await merchant.send("/help")
        await merchant.wait_for_messages(1, timeout=30)
        took_over = time.monotonic() - killed
        print(f"\nfailover: the standby answered {took_over:.1f} s after the SIGKILL")
        assert took_over < 10
        assert [r for r in fake.requests("getUpdates") if r.status == 409] == []
    finally:
        for process in (first, second):
            if process.returncode is None:
                process.send_signal(signal.SIGINT)
                await asyncio.wait_for(process.wait(), timeout=30)
