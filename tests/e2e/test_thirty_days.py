"""Issue 35's audit: a simulated month of 20 merchants in three languages, privately and in
two circles (`tests/e2e/thirty_days.py`), and every message the bot sent checked against
the record (`tests/e2e/audit_checks.py`). The full-size run: `bench/thirty_days.py`."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from bot.fake_telegram import FakeTelegram
from bot.playground.clock import MovableClock
from tests.e2e import audit_checks
from tests.e2e.helpers import RunningBot
from tests.e2e.thirty_days import BOT_PACE, Month

pytestmark = pytest.mark.slow
MERCHANTS, DAYS = 20, int(os.environ.get("AUDIT_DAYS", "30"))  # fewer days: a quick try


async def test_a_month_of_trade_says_only_what_is_true(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot], database_url: str
) -> None:
    clock = MovableClock()
    fake.privacy_mode = False
    bot = make_bot(clock=clock, **BOT_PACE)
    await bot.start()
    month = Month(fake, clock, MERCHANTS)
    await month.run(DAYS)
    found = {name: check(fake, database_url, month) for name, check in audit_checks.ALL.items()}
    happened = audit_checks.activity(database_url)
    assert all(happened.values()), happened  # every kind of thing the checks read happened
    assert {name: problems[:5] for name, problems in found.items() if problems} == {}
