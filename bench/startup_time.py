"""Start-up with many open posts: from `python -m bot run` to its first answer, and the
process's peak memory (issue 14: 1,000,000 open posts in PostgreSQL, under 30 s, under 1 GB).

    python -m bench.startup_time [--posts 1000000] [--url postgresql+asyncpg://...]

The PostgreSQL database named by --url (default tc_startup on 127.0.0.1) is made anew and
filled with bench/match_corpus.py's posts, each with the index entry the app stores when it
indexes a post (bench.rebuild_speed.fill; not timed); `--url sqlite` uses a temporary file.
Then the fake Telegram starts, the bot starts as a subprocess (`python -m bot run`), and a
person sends /start at once. Timed: spawn to the welcome. Memory: the process's peak
resident size (VmHWM). The bot's log lines about the index (progress included) are shown.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

import asyncpg
from sqlalchemy.engine import make_url

from bench.rebuild_speed import fill_timed
from bench.update_throughput import ROOT, TOKEN, bot_env
from bot.fake_telegram import FakeTelegram, FloodLimits
from storage import Database
from storage.migrate import upgrade_to_head

DEFAULT_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/tc_startup"


async def fresh_postgres(url: str) -> None:
    parsed = make_url(url)
    admin = parsed.set(drivername="postgresql", database="postgres")
    connection = await asyncpg.connect(admin.render_as_string(hide_password=False))
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{parsed.database}"')
    finally:
        await connection.close()


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def filled_database(url: str, posts: int) -> None:
    """A new database at `url` (PostgreSQL made anew), migrated, with `posts` open posts."""
    if url.startswith("postgresql"):
        await fresh_postgres(url)
    await upgrade_to_head(url)
    database = Database.from_url(url)
    try:
        await fill_timed(database, posts)
    finally:
        await database.dispose()


async def measure(url: str, posts: int, folder: Path) -> None:
    await filled_database(url, posts)
    log = folder / "bot.log"
    async with FakeTelegram(token=TOKEN, limits=FloodLimits.off()) as fake:
        env = bot_env(fake, folder, url) | {"LOG_LEVEL": "INFO"}
        person = fake.user("First customer", language_code="en")
        with log.open("w") as stderr:
            started = time.perf_counter()
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", env=env, cwd=str(ROOT), stderr=stderr
            )
            try:
                await person.send("/start")
                if not await fake.wait_until(
                    lambda: any(m.from_bot for m in person.messages()), 300
                ):
                    raise SystemExit("no answer within 300 s")
                seconds = time.perf_counter() - started
                peak = peak_mb(process.pid)
            finally:
                process.terminate()
                await asyncio.wait_for(process.wait(), timeout=60)
    for line in log.read_text().splitlines():
        if "matching index" in line or "up as" in line:
            print("  log:", line)
    print(
        f"{posts:,} open posts, {make_url(url).get_backend_name()}: first answer "
        f"{seconds:.1f} s after start (target < 30 s), peak memory {peak:.0f} MB (< 1 GB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1_000_000)
    parser.add_argument("--url", default=DEFAULT_URL, help="PostgreSQL URL, or 'sqlite'")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = options.url
        if url == "sqlite":
            url = f"sqlite+aiosqlite:///{Path(folder) / 'startup.db'}"
        asyncio.run(measure(url, options.posts, Path(folder)))


if __name__ == "__main__":
    main()
