"""A buyer finds a Chinese seller in his own words (issue 34): /search with words no post
holds finds the offer by meaning once the bot has made its vector, a second or two after
it opened, where it stands out from a market of other goods; words close to nothing still
find nothing."""

from __future__ import annotations

import asyncio

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
    buyer = fake.user("Jan", language_code="en")
    found = ""
    for _ in range(20):  # the vectors are made by a job that runs every second
        found = await _search(buyer, "insulated water bottles")
        if "保温杯" in found:
            break
        await asyncio.sleep(0.5)
    assert "保温杯" in found and "1." in found and "2." not in found
    assert "No open posts" in await _search(buyer, "xyz qwerty")
    assert rejected(fake) == []
