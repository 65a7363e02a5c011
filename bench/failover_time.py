"""Failover with many open posts: from a SIGKILL of the active bot to the standby's first
answer (issue 14: 1,000,000 open posts in PostgreSQL, under 10 s).

    python -m bench.failover_time [--posts 1000000] [--url postgresql+asyncpg://...]
                                  [--lease-ttl 6]

The database is made anew and filled as for bench/startup_time.py (not timed). The fake
Telegram starts; the first bot (`python -m bot run`) starts and answers /start; a second one
starts on the same token and database and waits as a standby, building its matching index
meanwhile (its log says when). Then the first is killed with SIGKILL and the person sends
/help at once. Timed: the kill to the standby's answer, which is about LEASE_TTL (the lease
must lapse) plus a catch-up. The standby's peak memory is shown too.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy.engine import make_url

from bench.startup_time import DEFAULT_URL, filled_database, peak_mb
from bench.update_throughput import ROOT, TOKEN, bot_env
from bot.fake_telegram import FakeTelegram, FloodLimits, UserHandle

READY = "standby: matching index built"


async def _answered(fake: FakeTelegram, person: UserHandle, text: str, seconds: float) -> bool:
    before = sum(1 for m in person.messages() if m.from_bot)
    await person.send(text)
    return await fake.wait_until(
        lambda: sum(1 for m in person.messages() if m.from_bot) > before, seconds
    )


async def measure(url: str, posts: int, lease_ttl: float, folder: Path) -> None:
    await filled_database(url, posts)
    async with FakeTelegram(token=TOKEN, limits=FloodLimits.off()) as fake:
        env = bot_env(fake, folder, url) | {"LOG_LEVEL": "INFO", "LEASE_TTL": f"{lease_ttl}s"}
        person = fake.user("Customer", language_code="en")
        logs = [folder / "active.log", folder / "standby.log"]
        processes = []
        try:
            for log in logs:
                with log.open("w") as stderr:
                    processes.append(
                        await asyncio.create_subprocess_exec(
                            sys.executable,
                            "-m",
                            "bot",
                            "run",
                            env=env,
                            cwd=str(ROOT),
                            stderr=stderr,
                        )
                    )
                if log is logs[0] and not await _answered(fake, person, "/start", 300):
                    raise SystemExit("the first bot did not answer within 300 s")
            if not await fake.wait_until(lambda: READY in logs[1].read_text(), 300):
                raise SystemExit("the standby did not build its index within 300 s")
            active, standby = processes
            active.send_signal(signal.SIGKILL)
            await active.wait()
            killed = time.perf_counter()
            if not await _answered(fake, person, "/help", 120):
                raise SystemExit("the standby did not answer within 120 s of the kill")
            seconds = time.perf_counter() - killed
            peak = peak_mb(standby.pid)
        finally:
            for process in processes:
                if process.returncode is None:
                    process.terminate()
                    await asyncio.wait_for(process.wait(), timeout=60)
    for line in logs[1].read_text().splitlines():
        if "matching index" in line or "up as" in line or "standby" in line:
            print("  standby log:", line)
    print(
        f"{posts:,} open posts, {make_url(url).get_backend_name()}, LEASE_TTL {lease_ttl:g} s: "
        f"the standby answered {seconds:.1f} s after the SIGKILL (target < 10 s), "
        f"its peak memory {peak:.0f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1_000_000)
    parser.add_argument("--url", default=DEFAULT_URL, help="a PostgreSQL URL (made anew)")
    parser.add_argument("--lease-ttl", type=float, default=6.0, help="seconds (the default)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(measure(options.url, options.posts, options.lease_ttl, Path(folder)))


if __name__ == "__main__":
    main()
