"""The 30-day audit at full size (issue 35): the market of tests/e2e/thirty_days.py with more
merchants, every message checked (tests/e2e/audit_checks.py), on SQLite.

    .venv/bin/python -m bench.thirty_days [--merchants 60] [--days 30]

Prints what the month held, each check's findings and the time taken; exit status 1 when a
check found anything. The CI-size run is tests/e2e/test_thirty_days.py (20 merchants).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.fake_telegram import FakeTelegram  # noqa: E402
from bot.playground.clock import MovableClock  # noqa: E402
from tests.e2e import audit_checks  # noqa: E402
from tests.e2e.helpers import FAST_USERS, TOKEN, RunningBot  # noqa: E402
from tests.e2e.thirty_days import BOT_PACE, Month  # noqa: E402


async def month(merchants: int, days: int, folder: Path) -> dict[str, list[str]]:
    database = f"sqlite:///{folder / 'tradecircle.db'}"
    clock = MovableClock()
    async with FakeTelegram(token=TOKEN, limits=FAST_USERS) as fake:
        fake.privacy_mode = False
        bot = RunningBot(fake, database, clock=clock, **BOT_PACE)
        await bot.start()
        try:
            market = Month(fake, clock, merchants, markets=None)  # everyone presses 📊
            await market.run(days)
            print("the month held:", audit_checks.activity(database))
            return {
                name: check(fake, database, market) for name, check in audit_checks.ALL.items()
            }
        finally:
            await bot.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--merchants", type=int, default=60)
    parser.add_argument("--days", type=int, default=30)
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        found = asyncio.run(month(args.merchants, args.days, Path(folder)))
    print(f"{args.merchants} merchants, {args.days} days: {time.perf_counter() - started:.0f} s")
    print("| check | findings | first |")
    print("|---|---|---|")
    for name, problems in found.items():
        print(f"| {name} | {len(problems)} | {problems[0][:100] if problems else ''} |")
    return 1 if any(found.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
