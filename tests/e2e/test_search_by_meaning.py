"""A buyer finds a Chinese seller in his own words (issue 34): /search with words no post
holds finds the offer by meaning once the bot has made its vector, a second or two after
it opened, where it stands out from a market of other goods; words close to nothing still
find nothing; after a restart, at once, from the saved dense index."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from bot.fake_telegram import FakeTelegram, UserHandle
from tests.e2e.helpers import RunningBot, post_and_publish, rejected
from tests.unit.services.test_meaning import CUPS, MARKET


async def _search(user: UserHandle, words: str) -> str:
    await user.send(f"/search {words}")
    (results,) = await user.wait_for_messages(1)
    return results.text or ""


@pytest.mark.slow  # a market of 23 posts, each written and published as a member would
async def test_insulated_water_bottles_find_the_vacuum_cups(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    sellers = [fake.user(f"Seller {n}", language_code="zh-hans") for n in range(6)]
    await post_and_publish(fake, sellers[0], CUPS)
    for n, text in enumerate(MARKET):
        await post_and_publish(fake, sellers[1 + n % 5], text)
    index = bot.app.bot_data.matching  # the vectors are made by a job that runs every second
    assert await fake.wait_until(lambda: not index.unencoded, 30)
    buyer = fake.user("Jan", language_code="en")
    found = await _search(buyer, "insulated water bottles")
    assert "保温杯" in found and "1." in found and "2." not in found, found
    assert "No open posts" in await _search(buyer, "xyz qwerty")
    assert rejected(fake) == []


@pytest.mark.slow  # two starts of the bot, the encoder loaded in each
async def test_a_restart_finds_by_meaning_at_once_from_the_saved_index(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot], tmp_path: Path
) -> None:
    """The bot saves its dense index when it stops; started again, it loads it: every
    post's vector is there before the first update, none encoded again."""
    bot = make_bot(post_ttl=timedelta(days=30), meaning_index_dir=tmp_path / "vectors")
    await bot.start()
    seller = fake.user("Seller", language_code="zh-hans")
    await post_and_publish(fake, seller, CUPS)
    for text in MARKET:
        await post_and_publish(fake, seller, text)
    index = bot.app.bot_data.matching
    assert await fake.wait_until(lambda: not index.unencoded, 10)
    await bot.restart()
    again = bot.app.bot_data.matching
    assert again is not index and not again.unencoded and len(again.dense) == len(MARKET) + 1
    buyer = fake.user("Jan", language_code="en")
    assert "保温杯" in await _search(buyer, "insulated water bottles")
    assert rejected(fake) == []
