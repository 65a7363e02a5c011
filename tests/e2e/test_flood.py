"""One person flooding the bot (30 messages a second) is held back with at most one notice
a minute, and nobody else is slowed: the others' replies stay within 2x of the quiet figure
measured in the same run (issue 13, test 3)."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable

import pytest

from bot.fake_telegram import FakeTelegram, FloodLimits, UserHandle
from bot.services.delivery.rate_limits import BURST, RATE
from tests.e2e.helpers import RunningBot

pytestmark = pytest.mark.slow

OTHERS = 20
ROUNDS = 3  # messages each of the others sends, one after the other
FLOOD_PER_SECOND = 30
SLOW_DOWN = "faster than I can follow"


async def _chat(fake: FakeTelegram, person: UserHandle, n: int) -> float:
    """Seconds from a post to the bot's card."""
    before = len(person.messages())
    start = time.perf_counter()
    await person.send(f"Looking for LED bulbs {n + 3}W, {100 + n} pcs, under $1")
    assert await fake.wait_until(lambda: len(person.messages()) > before, timeout=20)
    return time.perf_counter() - start


async def _everyone_chats(fake: FakeTelegram, people: list[UserHandle]) -> list[float]:
    async def rounds(person: UserHandle, first: int) -> list[float]:
        return [await _chat(fake, person, first + r) for r in range(ROUNDS)]

    spans = await asyncio.gather(*(rounds(p, i * ROUNDS) for i, p in enumerate(people)))
    return [span for person_spans in spans for span in person_spans]


async def test_a_flooder_is_held_back_and_nobody_else_is_slowed(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.set_limits(FloodLimits.off())
    await make_bot(rate_limit_burst=BURST, rate_limit_per_second=RATE).start()
    others = [fake.user(f"Merchant {n}", language_code="en") for n in range(OTHERS)]
    flooder = fake.user("Flooder", language_code="en")
    await _everyone_chats(fake, others)  # warm-up: everyone known, whatever is lazy loaded

    quiet = statistics.median(await _everyone_chats(fake, others))

    flooding = True

    async def flood() -> int:
        sent = 0
        while flooding:
            await flooder.send(f"spam {sent}")
            sent += 1
            await asyncio.sleep(1 / FLOOD_PER_SECOND)
        return sent

    flood_task = asyncio.create_task(flood())
    await asyncio.sleep(1.0)  # the flood is under way
    busy = statistics.median(await _everyone_chats(fake, others))
    flooding = False
    sent = await flood_task
    await asyncio.sleep(1.0)

    notices = [m for m in flooder.messages() if SLOW_DOWN in (m.text or "")]
    answered = len(flooder.messages()) - len(notices)
    print(
        f"\nflood: quiet median {quiet * 1000:.0f} ms, during the flood {busy * 1000:.0f} ms; "
        f"flooder sent {sent}, answered {answered}, notices {len(notices)}"
    )
    assert busy <= 2 * quiet
    assert len(notices) == 1  # the run lasts less than a minute
    assert answered < sent / 2  # held back: the burst, then about one a second
