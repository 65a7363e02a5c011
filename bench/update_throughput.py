"""Updates per second and reply latency: our bot beside a bare PTB echo bot, one run.

Usage:  python -m bench.update_throughput [--users 50] [--posts 4] [--database URL]
                                          [--rounds 5]

Starts the fake Telegram (flood limits off) in this process, then, one after the other,
a bare python-telegram-bot echo bot (bench/echo_bot.py) and TradeCircle (`python -m bot run`,
durable inbox on, a fresh SQLite file unless --database names another) as subprocesses
polling it. Each gets the same burst: `users` people each send `posts` plain-words posts at
once. A reply is the bot's next message in that person's chat: a card with its buttons for
us, the echo for the echo bot (anything else, an apology say, stops the run). Prints
updates per second (first send to last reply), reply p50 / p95 / max in ms and the ratio
to the echo bot for each of `rounds` rounds (this shared machine's pace drifts by half from
one minute to the next, so each round measures both bots), the median ratio, and the
median of the rounds' reply p95 beside the echo bot's. Exit
status 1 when the median is under a quarter (the issue's floor).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.fake_telegram import FakeTelegram, FloodLimits, UserHandle  # noqa: E402
from bot.fake_telegram.models import StoredMessage  # noqa: E402

TOKEN = "4242:BENCH-token"
POSTS = [
    "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
    "求购 不锈钢保温杯 3000个 单价15元以内 送到上海",
    "Looking for LED bulbs 9W, 2000 pcs, under $1",
    "Selling cotton T-shirts, MOQ 500 pcs, $2.5 each, from Guangzhou",
    "求購 保溫杯 5000隻 10元以內",
    "供应 镀锌螺丝 M6 起订10000个 0.05元/个 宁波",
]


@dataclass
class Result:
    name: str
    updates: int
    seconds: float
    latencies: list[float]
    cpu_seconds: float  # the bot process's CPU time during the burst

    @property
    def per_second(self) -> float:
        return self.updates / self.seconds

    @property
    def p95_ms(self) -> float:
        ms = sorted(x * 1000 for x in self.latencies)
        return ms[min(len(ms) - 1, int(len(ms) * 0.95))]

    def line(self) -> str:
        ms = sorted(x * 1000 for x in self.latencies)
        p95 = self.p95_ms
        return (
            f"{self.name:<12} {self.updates:>5} updates in {self.seconds:6.2f} s = "
            f"{self.per_second:7.1f}/s   reply p50 {statistics.median(ms):6.0f} ms  "
            f"p95 {p95:6.0f} ms  max {ms[-1]:6.0f} ms   "
            f"CPU {self.cpu_seconds / self.updates * 1000:5.1f} ms/update"
        )


def bot_env(fake: FakeTelegram, folder: Path, database: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DATABASE_"))}
    env.update(
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        DATABASE_URL=database or f"sqlite:///{folder / 'bench.db'}",
        QUIET_HOURS="false",
        # the fake's flood limits are off: no pacing to Telegram's 30 a second either
        TELEGRAM_MESSAGES_PER_SECOND="1000",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    return env


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def right(message: StoredMessage) -> bool:
    """The echo bot's echo, or our card with its buttons."""
    return message.text in POSTS or bool(message.buttons)


async def burst(
    fake: FakeTelegram, name: str, users: int, posts: int, cpu: Callable[[], float]
) -> Result:
    """`users` people each send `posts` posts at once; measured until all are answered.
    `cpu` gives the bot's CPU seconds so far."""
    people = [fake.user(f"{name} {n}", language_code="en") for n in range(users)]
    sent: dict[tuple[int, int], float] = {}
    answered: dict[tuple[int, int], float] = {}

    def observe() -> bool:
        now = time.perf_counter()
        for person in people:
            replies = sum(1 for m in person.messages() if m.from_bot)
            for n in range(min(replies, posts)):
                answered.setdefault((person.id, n), now)
        return len(answered) == users * posts

    async def write(person: UserHandle, first: int) -> None:
        for n in range(posts):
            sent[(person.id, n)] = time.perf_counter()
            await person.send(POSTS[(first + n) % len(POSTS)])

    start, cpu_before = time.perf_counter(), cpu()
    await asyncio.gather(*(write(p, i) for i, p in enumerate(people)))
    if not await fake.wait_until(observe, timeout=300):
        raise SystemExit(f"{name}: only {len(answered)} of {users * posts} answered")
    seconds = max(answered.values()) - start
    wrong = [m.text for p in people for m in p.messages() if m.from_bot and not right(m)]
    if wrong:  # an apology is quick too: only real answers count
        raise SystemExit(f"{name}: {len(wrong)} wrong answers, e.g. {wrong[0]!r}")
    latencies = [answered[k] - sent[k] for k in sent]
    return Result(name, users * posts, seconds, latencies, cpu() - cpu_before)


async def _run_one(
    fake: FakeTelegram, name: str, argv: list[str], env: dict[str, str], users: int, posts: int
) -> Result:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *argv,
        env=env,
        cwd=str(ROOT),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        # Ready when it answers: the fake's poll count still remembers the bot run before.
        probe = fake.user(f"{name} probe", language_code="en")
        await probe.send("/start")
        if not await fake.wait_until(lambda: any(m.from_bot for m in probe.messages()), 120):
            raise SystemExit(f"{name} did not answer within 120 s")
        return await burst(fake, name, users, posts, lambda: cpu_seconds(process.pid))
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), timeout=30)


async def main(users: int, posts: int, database: str | None, rounds: int) -> int:
    print(f"{users} users x {posts} posts at once, flood limits off, {database or 'SQLite'}")
    ratios, p95s = [], []
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegram(token=TOKEN, limits=FloodLimits.off()) as fake:
            env = bot_env(fake, Path(folder), database)
            for _ in range(rounds):  # side by side each round: the machine's pace drifts
                echo = await _run_one(
                    fake, "echo bot", ["-m", "bench.echo_bot"], env, users, posts
                )
                ours = await _run_one(fake, "TradeCircle", ["-m", "bot", "run"], env, users, posts)
                ratios.append(ours.per_second / echo.per_second)
                p95s.append((ours.p95_ms, echo.p95_ms))
                print(echo.line())
                print(ours.line())
                print(f"  TradeCircle / echo bot: {ratios[-1]:.2f}")
    ratio = statistics.median(ratios)
    print(f"median of {rounds} rounds: {ratio:.2f} (target >= 0.50, floor 0.25)")
    ours_p95 = statistics.median(p for p, _ in p95s)
    echo_p95 = statistics.median(e for _, e in p95s)
    over = sum(1 for p, _ in p95s if p >= 1000)
    print(
        f"reply p95, median of {rounds} rounds: {ours_p95:.0f} ms (target < 1000 ms; "
        f"{over} round(s) over), the echo bot's {echo_p95:.0f} ms"
    )
    return 0 if ratio >= 0.25 else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--posts", type=int, default=4)
    parser.add_argument("--database", help="DATABASE_URL for our bot (default: a new SQLite)")
    parser.add_argument("--rounds", type=int, default=5, help="echo bot, then ours, N times")
    options = parser.parse_args()
    sys.exit(asyncio.run(main(options.users, options.posts, options.database, options.rounds)))
