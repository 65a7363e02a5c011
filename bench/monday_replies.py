"""Replies while Monday's circle reports go out (issue 36): the market of
bench/circle_week_speed.py (10,000 circles, 1,000,000 open posts), each circle a group on
the fake Telegram whose one admin has a private chat with the bot, and the bot
(bench/shifted_bot.py, a process of its own) started at 09:05 on a Monday in the circles'
zone, so every circle's weekly report is due at once: for each circle the week's figures,
its picture for an active week (drawn in the painter's process), the report to the admin
and the posts without response. Meanwhile `--people` people each ask /help again and again
at random moments. Telegram's flood limits are on and the bot paces itself to them; the
posts carry no vectors, so meaning is off (a bot with a saved dense index encodes nothing
either).

Timed: /help to its answer, p50 / p95 / max over `--minutes` (target: p95 under 1 s), and
how many circles' admins had their report by then.

    .venv/bin/python -m bench.monday_replies [--posts 1000000] [--circles 10000]
        [--people 50] [--minutes 10] [--database postgresql://...]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench.circle_week_speed import spread
from bench.rebuild_speed import fill
from bench.update_throughput import ROOT, TOKEN, bot_env
from bot.fake_telegram import FakeTelegram, FloodLimits, UserHandle
from storage import Database
from storage.migrate import upgrade_to_head

MONDAY = datetime(2026, 11, 30, 1, 5, tzinfo=UTC)  # 09:05 in Shanghai, the circles' zone
HELP_MARK = "How it works"


async def market(fake: FakeTelegram, url: str, posts: int, circles: int) -> list[UserHandle]:
    """The groups and their admins on the fake Telegram, the posts and circles in the
    database; the admins."""
    admins, ids = [], []
    for n in range(circles):
        admin = fake.user(f"Admin {n}", language_code="en")
        group = fake.group(f"Circle {n}", [admin], supergroup=True)
        group.chat.bot_status = "administrator"  # added long ago: no update now
        fake.state.private_chat(admin.user)  # the admin started the bot
        admins.append(admin)
        ids.append(group.chat.id)
    await upgrade_to_head(url)
    db = Database.from_url(url)
    try:
        started = time.perf_counter()
        await fill(db, posts)
        await spread(db, ids, MONDAY)
        print(
            f"{posts:,} posts written and spread in {time.perf_counter() - started:.0f} s",
            flush=True,
        )
    finally:
        await db.dispose()
    return admins


async def ask_help(
    fake: FakeTelegram, person: UserHandle, until: float, rng: random.Random
) -> list[float]:
    """/help at random moments (10 s apart on average) until `until`; each answer's wait."""
    waits = []
    while True:
        await asyncio.sleep(rng.uniform(0, 20))
        if time.perf_counter() > until:
            return waits
        before = len(person.messages())
        asked = time.perf_counter()
        await person.send("/help")

        def answered(before: int = before) -> bool:
            return any(
                m.from_bot and HELP_MARK in (m.text or "") for m in person.messages()[before:]
            )

        if not await fake.wait_until(answered, 120):
            raise SystemExit(f"{person}: /help not answered in 120 s")
        waits.append(time.perf_counter() - asked)


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(36)
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegram(token=TOKEN, limits=FloodLimits.telegram()) as fake:
            url = args.database or f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
            admins = await market(fake, url, args.posts, args.circles)
            env = bot_env(fake, Path(folder), args.database) | {
                "TELEGRAM_MESSAGES_PER_SECOND": "30",
                "FIND_BY_MEANING": "false",
                "CIRCLE_DIGEST_INTERVAL": "5",
            }
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bench.shifted_bot", "--at", MONDAY.isoformat(),
                env=env, cwd=str(ROOT),
            )  # fmt: skip
            try:
                started = time.perf_counter()
                probe = fake.user("Probe", language_code="en")
                await probe.send("/start")
                if not await fake.wait_until(
                    lambda: any(m.from_bot for m in probe.messages()), 900
                ):
                    raise SystemExit("the bot did not answer /start in 15 minutes")
                print(
                    f"the bot answered its first message {time.perf_counter() - started:.0f} s after its start",
                    flush=True,
                )
                people = [fake.user(f"Person {n}", language_code="en") for n in range(args.people)]
                until = time.perf_counter() + args.minutes * 60
                waits = await asyncio.gather(*(ask_help(fake, p, until, rng) for p in people))
                reported = sum(1 for a in admins if any(m.words[:1] == "📊" for m in a.messages()))
                pictures = sum(1 for a in admins for m in a.messages() if m.photo)
                report(args, waits, reported, pictures)
            finally:
                process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), timeout=120)
                except TimeoutError:
                    process.kill()


def report(
    args: argparse.Namespace, waits: list[list[float]], reported: int, pictures: int
) -> None:
    ms = sorted(x * 1000 for each in waits for x in each)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(
        f"{args.circles:,} circles, {args.posts:,} posts, {args.database or 'SQLite'}: over "
        f"{args.minutes} min from the bot's start, {len(ms)} /help answered in p50 "
        f"{statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms (target p95 < "
        f"1 s); {reported:,} circles' admins had their Monday report by then, {pictures:,} "
        "with a picture",
        flush=True,
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1_000_000)
    parser.add_argument("--circles", type=int, default=10_000)
    parser.add_argument("--people", type=int, default=50)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--database", help="DATABASE_URL (default: a new SQLite file)")
    asyncio.run(main(parser.parse_args()))
