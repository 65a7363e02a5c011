"""Updates per second with 1, 2 and 4 webhook workers (`tradecircle run --webhook --workers N`).

Usage:  python -m bench.workers_throughput [--workers 1,2,4] [--users 50] [--posts 4]
                                           [--rounds 3] [--postgres URL]

The fake Telegram (flood limits off) delivers updates to the webhook as Telegram does, 40 at
a time (Telegram's default `max_connections`). Each round and worker count gets a fresh
PostgreSQL database (several workers need PostgreSQL) and the burst of
`bench.update_throughput` (`users` people each send `posts` plain-words posts at once; every
answer must be a card). One worker is plain webhook mode; more are N processes on the one
port, each taking updates from the inbox. CPU is the whole process tree's. Prints each run and the median per worker count.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import statistics
import sys
import tempfile
from pathlib import Path

from sqlalchemy.engine import make_url

from bench.update_throughput import ROOT, TOKEN, Result, bot_env, burst, cpu_seconds
from bot.fake_telegram import FakeTelegram, FloodLimits
from tests.e2e.helpers import free_ports
from tests.postgres import admin

SECRET = "bench-secret"
CONNECTIONS = 40


def _tree(pid: int) -> list[int]:
    """The process and its descendants (Linux)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            children = (task / "children").read_text().split() if task.exists() else []
            todo += [int(child) for child in children]
    return found


def _tree_cpu(pid: int) -> float:
    total = 0.0
    for member in _tree(pid):
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            total += cpu_seconds(member)
    return total


async def _one(
    fake: FakeTelegram, server: str, folder: Path, workers: int, users: int, posts: int
) -> Result:
    name = f"tc_bench_workers_{secrets.token_hex(4)}"
    await admin(make_url(server), f'CREATE DATABASE "{name}"')
    port = free_ports(workers + 1)
    database = make_url(server).set(database=name).render_as_string(hide_password=False)
    env = bot_env(fake, folder, database)
    env.update(
        WEBHOOK_URL="https://bot.example.invalid/hook",
        WEBHOOK_LISTEN="127.0.0.1",
        WEBHOOK_PORT=str(port),
        WEBHOOK_SECRET_TOKEN=SECRET,
    )
    hooks = len(fake.requests("setWebhook"))  # set once every worker listens
    argv = ["-m", "bot", "run", "--webhook"] + (["--workers", str(workers)] if workers > 1 else [])
    process = await asyncio.create_subprocess_exec(
        sys.executable, *argv, env=env, cwd=str(ROOT),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/hook"
    try:
        if not await fake.wait_until(lambda: len(fake.requests("setWebhook")) > hooks, 180):
            raise SystemExit(f"{workers} worker(s) not listening within 180 s")
        async with fake.delivering(url, SECRET, CONNECTIONS):
            return await burst(
                fake, f"{workers} worker(s)", users, posts, lambda: _tree_cpu(process.pid)
            )
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), timeout=60)
        await admin(make_url(server), f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def main(counts: list[int], users: int, posts: int, rounds: int, server: str) -> int:
    print(f"{users} users x {posts} posts at once, flood limits off, PostgreSQL, webhook")
    results: dict[int, list[Result]] = {n: [] for n in counts}
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegram(token=TOKEN, limits=FloodLimits.off()) as fake:
            for _ in range(rounds):
                for workers in counts:
                    result = await _one(fake, server, Path(folder), workers, users, posts)
                    results[workers].append(result)
                    print(result.line(), flush=True)
    for workers, runs in results.items():
        rate = statistics.median(r.per_second for r in runs)
        print(f"{workers} worker(s): median {rate:.1f} updates/s over {len(runs)} rounds")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="1,2,4")
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--posts", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--postgres",
        default=os.environ.get(
            "TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1/test"
        ),
    )
    options = parser.parse_args()
    counts = [int(n) for n in options.workers.split(",")]
    sys.exit(
        asyncio.run(main(counts, options.users, options.posts, options.rounds, options.postgres))
    )
