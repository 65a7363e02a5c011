"""Crash-restart (issue 13, test 1): the bot (`python -m bot run`, a subprocess) gets a
scripted burst from many people (private posts, Publish taps on their cards, posts in a
trade circle) and is killed with SIGKILL at random moments, restarted each time. Every
update has exactly one effect: each message one post, each tap one published post, no post
lost or made twice; every outbox message is delivered. A reply may come twice only where a
kill hit an update in flight (handled again at the next start): those are counted. Every
other kill comes within 0.3 s of the restart, while the process replays what the previous
one left unfinished (replayed updates are marked done only once handled).

Sizes are parameters: CRASH_PEOPLE (50), CRASH_KILLS (6: the suite's time; more in a longer
run), CRASH_SEED."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.fake_telegram import FakeTelegram, FloodLimits, StoredMessage, UserHandle
from tests.e2e.helpers import DURABILITY, read_rows, start_bot_process

pytestmark = pytest.mark.slow

PEOPLE = int(os.environ.get("CRASH_PEOPLE", "50"))
KILLS = int(os.environ.get("CRASH_KILLS", "6"))  # 3 in a burst, 3 in a replay
SEED = int(os.environ.get("CRASH_SEED", "13"))
POSTS_EACH, CIRCLE_POSTS_EACH = 4, 2
PUBLISH = re.compile(r"^v1:a:post\.publish:post=(\d+)$")


def _private_post(person: int, k: int) -> str:
    if person % 2:
        return f"Selling LED bulbs {person % 9 + 3}W, MOQ {100 + person * 10 + k} pcs, $0.8 each"
    return f"Looking for LED bulbs {person % 9 + 3}W, {2000 + person * 10 + k} pcs, under $1"


def _circle_post(person: int, k: int) -> str:
    return f"#offer LED strip 5m, MOQ {300 + person * 10 + k} rolls, $3 each"


def _published_ids(message: StoredMessage) -> set[int]:
    """The posts a message's Publish buttons publish (a card has one)."""
    data = (button.callback_data or "" for row in message.buttons for button in row)
    return {int(found[1]) for d in data if (found := PUBLISH.match(d))}


def _publish_buttons(user: UserHandle) -> dict[int, StoredMessage]:
    """The cards in a private chat, by the post their Publish button publishes."""
    cards: dict[int, StoredMessage] = {}
    for message in user.messages():
        for post_id in _published_ids(message):
            cards.setdefault(post_id, message)
    return cards


def _card_counts(user: UserHandle) -> Counter[int]:
    return Counter(post_id for m in user.messages() for post_id in _published_ids(m))


async def test_a_burst_survives_kills(  # on SQLite: PostgreSQL's kills in test_workers_killed
    fake: FakeTelegram, tmp_path: Path, database_url: str
) -> None:
    fake.set_limits(FloodLimits.off())
    fake.privacy_mode = False
    database = database_url
    rng = random.Random(SEED)
    people = [fake.user(f"Trader {n}", language_code="en") for n in range(PEOPLE)]
    circle = fake.group("LED traders", people)
    process = await start_bot_process(fake, tmp_path, database_url, **DURABILITY)
    pressed: set[int] = set()
    kills_done = 0
    try:
        await fake.add_bot_to_group(circle, by=people[0])

        async def write(n: int, person: UserHandle) -> None:
            await asyncio.sleep(rng.uniform(0, 4))
            for k in range(POSTS_EACH):
                await person.send(_private_post(n, k))
                await asyncio.sleep(rng.uniform(0, 0.5))
            for k in range(CIRCLE_POSTS_EACH):
                await person.send_in(circle, _circle_post(n, k))

        async def tap_cards() -> None:
            while True:
                for person in people:
                    for post_id, card in _publish_buttons(person).items():
                        if post_id not in pressed:
                            pressed.add(post_id)
                            await person.press(card, data=f"v1:a:post.publish:post={post_id}")
                await asyncio.sleep(0.05)

        writing = asyncio.gather(*(write(n, p) for n, p in enumerate(people)))
        tapping = asyncio.create_task(tap_cards())
        for kill in range(KILLS):
            during_replay = kill % 2 == 1
            await asyncio.sleep(rng.uniform(0.05, 0.3) if during_replay else rng.uniform(0.3, 2.0))
            process.send_signal(signal.SIGKILL)
            await process.wait()
            kills_done += 1
            process = await start_bot_process(fake, tmp_path, database_url, **DURABILITY)
        await writing

        private_texts = {
            (p.id, _private_post(n, k)) for n, p in enumerate(people) for k in range(POSTS_EACH)
        }

        def settled() -> bool:
            opened = read_rows(database, "SELECT count(*) FROM posts WHERE status = 'open'")
            waiting = read_rows(
                database,
                "SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL",
            )
            expected = PEOPLE * (POSTS_EACH + CIRCLE_POSTS_EACH)
            return opened[0][0] >= expected and waiting[0][0] == 0

        # the drain takes 75-140 s on this 2-core machine under the full suite since every
        # alert reads both members' trust records (issue 33); a stored record per member
        # is the fix that brings it back under 90 s
        await fake.wait_until(settled, timeout=240)
        tapping.cancel()

        rows = read_rows(database, "SELECT user_id, raw_text, status, circle_id FROM posts")
        made = Counter(
            (user_id, text) for user_id, text, _status, circle_id in rows if circle_id is None
        )
        lost = [key for key in private_texts if made[key] == 0]
        doubled = [key for key, count in made.items() if count > 1]
        unpublished = [r for r in rows if r[2] != "open"]
        circle_made = Counter(text for _u, text, _s, circle_id in rows if circle_id is not None)
        circle_expected = {
            _circle_post(n, k).removeprefix("#offer ")
            for n in range(PEOPLE)
            for k in range(CIRCLE_POSTS_EACH)
        }
        circle_lost = [
            t for t in circle_expected if not any(t in made_text for made_text in circle_made)
        ]
        circle_doubled = [t for t, count in circle_made.items() if count > 1]
        undelivered = read_rows(database, "SELECT count(*) FROM outbox WHERE sent_at IS NULL")[0][
            0
        ]
        replies_twice = sum(c - 1 for p in people for c in _card_counts(p).values() if c > 1)
        updates = PEOPLE * (2 * POSTS_EACH + CIRCLE_POSTS_EACH)
        print(
            f"\ncrash burst: {updates} updates from {PEOPLE} people, {kills_done} kills; "
            f"posts lost {len(lost) + len(circle_lost)}, made twice "
            f"{len(doubled) + len(circle_doubled)}, left unpublished {len(unpublished)}, "
            f"outbox undelivered {undelivered}; cards shown twice {replies_twice}"
        )
        assert (lost, doubled, circle_lost, circle_doubled) == ([], [], [], [])
        assert unpublished == [] and undelivered == 0
    finally:
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.wait(), timeout=30)


@pytest.mark.both_databases
async def test_a_graceful_stop_finishes_or_hands_back_a_burst(
    fake: FakeTelegram, tmp_path: Path, database_url: str
) -> None:
    """SIGTERM mid-burst: the process ends within a few seconds, and what it had not
    handled is handled by the next start; each message gets exactly one post."""
    fake.set_limits(FloodLimits.off())
    database = database_url
    people = [fake.user(f"Buyer {n}", language_code="en") for n in range(20)]
    process = await start_bot_process(fake, tmp_path, database_url, **DURABILITY)
    try:
        for n, person in enumerate(people):
            await person.send(_private_post(2 * n, 0))
        await asyncio.sleep(0.3)
        asked = time.monotonic()
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), timeout=30)
        stopped = time.monotonic() - asked
        process = await start_bot_process(fake, tmp_path, database_url, **DURABILITY)
        expected = {(p.id, _private_post(2 * n, 0)) for n, p in enumerate(people)}

        def made() -> Counter[tuple[object, object]]:
            rows = read_rows(database, "SELECT user_id, raw_text FROM posts")
            return Counter((user_id, text) for user_id, text in rows)

        await fake.wait_until(lambda: set(made()) >= expected, timeout=60)
        print(f"\ngraceful stop: {stopped:.1f} s from SIGTERM to exit")
        assert stopped < 10
        assert all(made()[key] == 1 for key in expected)
    finally:
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.wait(), timeout=30)
