"""The real entrypoint (`python -m bot run`) as a subprocess against the fake Telegram."""

from __future__ import annotations

import asyncio
import signal
import socket
import sqlite3
import time
from pathlib import Path

import aiohttp
import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import TOKEN, bot_command, rejected, subprocess_env

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]


async def test_runs_polls_answers_and_stops_cleanly(fake: FakeTelegram, tmp_path: Path) -> None:
    env = subprocess_env(tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url)
    # The DEBUG log goes to a file: a pipe nobody reads fills up and stalls the bot.
    log_path = tmp_path / "bot.log"
    with log_path.open("wb") as log_file:
        process = await bot_command(
            tmp_path, env, "run", stdout=asyncio.subprocess.DEVNULL, stderr=log_file
        )
    try:
        await fake.wait_polling(timeout=30)
        user = fake.user("Sub", language_code="en")
        await user.send("/start")
        (welcome,) = await user.wait_for_messages(1, timeout=15)
        assert "TradeCircle" in welcome.text
    finally:
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.wait(), timeout=30)
    log = log_path.read_text(encoding="utf-8", errors="replace")
    assert process.returncode == 0, log[-2000:]
    assert "TradeCircle is up" in log
    assert TOKEN not in log and TOKEN.split(":")[1] not in log
    assert rejected(fake) == []


async def test_without_a_token_it_opens_the_playground(tmp_path: Path) -> None:
    with socket.socket() as busy:  # its default port is taken here: it still starts
        if _free(8080):
            busy.bind(("127.0.0.1", 8080))
            busy.listen()
        process = await bot_command(tmp_path, subprocess_env(tmp_path), "run")
        try:
            assert process.stdout is not None
            lines = []
            while not any("open http" in line for line in lines):
                line = await asyncio.wait_for(process.stdout.readline(), timeout=60)
                assert line, b"".join(await _rest(process)).decode()[-2000:]
                lines.append(line.decode())
            address = next(line for line in lines if "open http" in line).split()[3]
            assert any("@BotFather" in line for line in lines)
            async with aiohttp.ClientSession() as session:
                async with session.get(f"{address}api/world") as response:
                    world = await response.json()
                async with session.get(address) as response:
                    assert "TradeCircle" in await response.text()
            assert {p["name"] for p in world["people"]} >= {
                "王丽",
                "Anna Becker",
                "陳志明",
                "李强",
            }
            assert (tmp_path / "tradecircle-playground.db").exists()
            assert not (tmp_path / "bot.db").exists()  # never the production database
            # Ctrl+C with a page open (its event stream held open) stops it within 10 s
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"{address}api/events") as stream,
            ):
                assert b"event: change" in await stream.content.readline()
                asked = time.monotonic()
                process.send_signal(signal.SIGINT)
                await asyncio.wait_for(process.communicate(), timeout=30)
                stopped = time.monotonic() - asked
            assert stopped < 10, f"{stopped:.1f} s from Ctrl+C to exit with a page open"
        finally:
            if process.returncode is None:
                process.send_signal(signal.SIGINT)
                await asyncio.wait_for(process.communicate(), timeout=30)
    assert process.returncode == 0


def _free(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) != 0


async def _rest(process: asyncio.subprocess.Process) -> list[bytes]:
    _, stderr = await process.communicate()
    return [stderr]


async def test_webhook_mode_refuses_to_start_without_a_secret(tmp_path: Path) -> None:
    env = subprocess_env(
        tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, WEBHOOK_URL="https://example.invalid/hook"
    )
    process = await bot_command(tmp_path, env, "run", "--webhook")
    _, stderr = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 2
    assert "WEBHOOK_SECRET_TOKEN" in stderr.decode()


async def test_migrate_then_refuse_a_database_from_a_newer_version(tmp_path: Path) -> None:
    env = subprocess_env(tmp_path)
    migrate = await bot_command(tmp_path, env, "migrate")
    out, err = await asyncio.wait_for(migrate.communicate(), timeout=60)
    assert migrate.returncode == 0, err.decode()
    assert "up to date" in out.decode()

    with sqlite3.connect(tmp_path / "bot.db") as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    env.update(TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL="http://127.0.0.1:9/bot")
    run = await bot_command(tmp_path, env, "run")
    _, err = await asyncio.wait_for(run.communicate(), timeout=60)
    assert run.returncode == 3
    assert "Refusing to run" in err.decode()


async def test_webhook_mode_answers_updates_with_the_secret_only(
    fake: FakeTelegram, tmp_path: Path
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = subprocess_env(
        tmp_path,
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        WEBHOOK_URL="https://bot.example.invalid/hooks/tc",
        WEBHOOK_LISTEN="127.0.0.1",
        WEBHOOK_PORT=str(port),
        WEBHOOK_SECRET_TOKEN="s3cret-value",
    )
    log_path = tmp_path / "bot.log"
    with log_path.open("wb") as log_file:  # a file, not a pipe nobody reads (see above)
        process = await bot_command(
            tmp_path, env, "run", "--webhook", stdout=asyncio.subprocess.DEVNULL, stderr=log_file
        )
    user = fake.user("Hook", language_code="en")
    await user.send("/start")  # Telegram would post this update to the webhook
    update = fake.state.updates.pop()
    url = f"http://127.0.0.1:{port}/hooks/tc"
    try:
        assert await fake.wait_until(lambda: bool(fake.requests("setWebhook")), 30)
        async with aiohttp.ClientSession() as http:
            for _ in range(100):  # the server starts right after setWebhook
                try:
                    async with http.post(url, json=update) as refused:
                        assert refused.status == 403  # no secret: not from Telegram
                    break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)
            headers = {"X-Telegram-Bot-Api-Secret-Token": "s3cret-value"}
            # refused and not stored: an id that is no integer (true would read as 1), and
            # an update that does not parse (stored, it would break every later start)
            for bad in ({**update, "update_id": True}, {"update_id": 77, "message": "x"}):
                async with http.post(url, json=bad, headers=headers) as refused:
                    assert refused.status == 400
            async with http.post(url, json=update, headers=headers) as accepted:
                assert accepted.status == 200
        (welcome,) = await user.wait_for_messages(1, timeout=15)
        assert "TradeCircle" in welcome.text
        async with aiohttp.ClientSession() as http:  # Telegram delivers it again: one effect
            async with http.post(url, json=update, headers=headers) as again:
                assert again.status == 200
            async with http.post(url, data=b"{not json", headers=headers) as garbage:
                assert garbage.status == 400
        await asyncio.sleep(1)
        assert len(user.messages()) == 1
        with sqlite3.connect(tmp_path / "bot.db") as connection:
            stored = connection.execute("SELECT update_id FROM inbox").fetchall()
        assert stored == [(update["update_id"],)]
        (hook,) = fake.requests("setWebhook")
        assert hook.params["url"] == "https://bot.example.invalid/hooks/tc"
    finally:
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.wait(), timeout=30)
    log = log_path.read_text(encoding="utf-8", errors="replace")
    assert process.returncode == 0, log[-2000:]
    assert "s3cret-value" not in log
