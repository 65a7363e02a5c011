"""Interactive replies while a burst of alerts drains, Telegram's flood limits on (issue 14).

    python -m bench.interactive_latency [--people 200] [--database URL]

The fake Telegram keeps Telegram's limits (about 30 messages a second overall, 1 a second
per chat with short bursts). Half the people offer vacuum flasks and publish; then the
other half ask for them and publish (each waits until its card shows it published), so
every need matches offers and alerts to both sides pile up in the outbox, which the limits
let out at about 30 a second. While it drains, everyone sends /help at a random moment
within 10 s. Timed: /help to its answer (p50, p95,
max; the target is a p95 under 1 s). Also printed: the alerts delivered while /help was
being asked, and how long publishing took.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.update_throughput import ROOT, TOKEN, bot_env
from bot.fake_telegram import FakeTelegram, FloodLimits, UserHandle
from bot.fake_telegram.models import StoredMessage

PUBLISH = "v1:a:post.publish:"
HELP_MARK = "How it works"


def _publish_button(person: UserHandle) -> tuple[StoredMessage, str] | None:
    """The latest card in the person's chat and its Publish button's data."""
    for message in reversed(person.messages()):
        for row in message.buttons if message.from_bot else []:
            for button in row:
                if button.callback_data and button.callback_data.startswith(PUBLISH):
                    return message, button.callback_data
    return None


async def _post_and_publish(fake: FakeTelegram, person: UserHandle, text: str) -> None:
    await person.send(text)
    if not await fake.wait_until(lambda: _publish_button(person) is not None, 120):
        raise SystemExit(f"{person}: no card")
    found = _publish_button(person)
    assert found is not None
    card, data = found
    await person.press(card, data=data)

    def published() -> bool:  # the card shows it: /help is asked while alerts drain, not
        # while the bot still works through the presses
        return any(
            m.message_id == card.message_id and m.edit_date is not None and "✅" in (m.text or "")
            for m in person.messages()
        )

    if not await fake.wait_until(published, 120):
        raise SystemExit(f"{person}: not published")


def _alerts(people: list[UserHandle]) -> int:
    return sum(
        1 for p in people for m in p.messages() if m.from_bot and (m.text or "").startswith("🔔")
    )


async def _ask_help(fake: FakeTelegram, person: UserHandle, delay: float) -> float:
    await asyncio.sleep(delay)
    before = len(person.messages())
    asked = time.perf_counter()
    await person.send("/help")

    def answered() -> bool:
        return any(m.from_bot and HELP_MARK in (m.text or "") for m in person.messages()[before:])

    if not await fake.wait_until(answered, 120):
        raise SystemExit(f"{person}: /help not answered")
    return time.perf_counter() - asked


async def main(people: int, database: str | None) -> None:
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegram(token=TOKEN, limits=FloodLimits.telegram()) as fake:
            # Telegram's limits are on: the bot paces itself to them, as it does by default
            env = bot_env(fake, Path(folder), database) | {"TELEGRAM_MESSAGES_PER_SECOND": "30"}
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", env=env, cwd=str(ROOT)
            )
            try:
                probe = fake.user("Probe", language_code="en")
                await probe.send("/start")
                await fake.wait_until(lambda: any(m.from_bot for m in probe.messages()), 120)
                sellers = [
                    fake.user(f"Seller {n}", language_code="en") for n in range(people // 2)
                ]
                buyers = [fake.user(f"Buyer {n}", language_code="en") for n in range(people // 2)]
                started = time.perf_counter()
                await asyncio.gather(
                    *(
                        _post_and_publish(
                            fake,
                            p,
                            f"Selling vacuum flasks 500ml, MOQ {1000 + n} pcs, $1.6 each, from Yiwu",
                        )
                        for n, p in enumerate(sellers)
                    )
                )
                await asyncio.gather(
                    *(
                        _post_and_publish(
                            fake, p, f"Looking for vacuum flasks, {5000 + n} pcs, under $2"
                        )
                        for n, p in enumerate(buyers)
                    )
                )
                published = time.perf_counter() - started
                everyone = sellers + buyers
                alerts_before = _alerts(everyone)
                latencies = await asyncio.gather(
                    *(_ask_help(fake, p, rng.uniform(0, 10)) for p in everyone)
                )
                alerts_during = _alerts(everyone) - alerts_before
            finally:
                process.terminate()
                await asyncio.wait_for(process.wait(), timeout=60)
    ms = sorted(x * 1000 for x in latencies)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(
        f"{people} people, Telegram's flood limits on, {database or 'SQLite'}: "
        f"{people} posts published in {published:.1f} s; /help while alerts drain: "
        f"p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms "
        f"(target p95 < 1 s); {alerts_during} alerts delivered meanwhile"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--database", help="DATABASE_URL for the bot (default: a new SQLite)")
    options = parser.parse_args()
    asyncio.run(main(options.people, options.database))
