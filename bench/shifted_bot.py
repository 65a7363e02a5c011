"""The bot as `python -m bot run` runs it (long polling; its settings from the environment),
with its clock started at a given moment and running at real speed from there: for benches
that need an hour of the week, such as a circle's Monday 09:00 (bench/monday_replies.py).

    python -m bench.shifted_bot --at 2026-11-30T01:05:00+00:00
"""

from __future__ import annotations

import argparse
import asyncio
from datetime import UTC, datetime

from bot.config import Settings
from bot.logging_setup import configure_logging


class ShiftedClock:
    """The real clock, moved to start at `at`."""

    def __init__(self, at: datetime) -> None:
        self.offset = at - datetime.now(UTC)

    def now(self) -> datetime:
        return datetime.now(UTC) + self.offset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", required=True, type=datetime.fromisoformat)
    at = parser.parse_args().at
    from bot.app import build_application, prepare_database, wait_for_lease, warm_up
    from bot.services.delivery import leases
    from handlers.transport.stopping import STOP_DEADLINE

    settings = Settings()
    configure_logging(settings.log_level, [settings.token() or ""])
    asyncio.run(prepare_database(settings))
    holder = leases.new_holder()
    warm_up()
    index = asyncio.run(wait_for_lease(settings, holder))
    app = build_application(
        settings,
        clock=ShiftedClock(at),
        lease_holder=holder,
        index=index,
        stop_deadline=STOP_DEADLINE,
    )
    app.run_polling(drop_pending_updates=False)


if __name__ == "__main__":
    main()
