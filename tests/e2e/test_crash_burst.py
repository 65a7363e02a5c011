"""A burst of posts while the bot is killed (SIGKILL) twice and restarted (issue 13): every
post is answered; none is lost between Telegram and the inbox."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from bot.fake_telegram import FakeTelegram, FloodLimits, UserHandle
from tests.e2e.test_reminders_killed import _start

PEOPLE = 30
KILLS = 2


def _cards(user: UserHandle) -> int:
    """The bot's answers to a post: a card with its Publish button."""
    return sum(1 for m in user.messages() if m.buttons and "Publish" in str(m.reply_markup))


async def test_a_burst_survives_two_kills(fake: FakeTelegram, tmp_path: Path) -> None:
    fake.set_limits(FloodLimits.off())
    process = await _start(fake, tmp_path)
    people = [fake.user(f"Buyer {n}", language_code="en") for n in range(PEOPLE)]
    try:
        for n, person in enumerate(people):
            await person.send(f"Looking for LED bulbs {n + 5}W, {100 + n} pcs, under $1")
        for _kill in range(KILLS):
            await asyncio.sleep(0.4)  # mid-burst
            process.send_signal(signal.SIGKILL)
            await process.wait()
            process = await _start(fake, tmp_path)
        answered = await fake.wait_until(lambda: all(_cards(p) >= 1 for p in people), 60)
        lost = [p.user.first_name for p in people if _cards(p) == 0]
        duplicated = sum(max(0, _cards(p) - 1) for p in people)
        print(
            f"\ncrash burst: {PEOPLE} posts, {KILLS} kills, lost {len(lost)}, "
            f"answered twice {duplicated}"
        )
        assert answered and lost == []
    finally:
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.wait(), timeout=30)
