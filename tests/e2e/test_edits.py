"""An edited message changes nothing, and edits count toward the rate limit (issue 31, 3):
before, every edit of a post made a new draft, and in a trade circle a second open post
with a second "noted" line, and the rate limit did not see edits at all."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import NEED, OFFER, RunningBot, read_rows, rejected


def _posts(bot: RunningBot) -> list[tuple[object, ...]]:
    return read_rows(bot.settings.database_url, "SELECT id, status FROM posts")


async def test_ten_edits_under_a_limit_of_two_make_no_draft(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    bot = make_bot(rate_limit_burst=2, rate_limit_per_second=0.05)
    await bot.start()
    seller = fake.user("Edit Seller", language_code="en")
    sent = await seller.send(OFFER)
    (card,) = await seller.wait_for_messages(1)
    for n in range(10):
        await seller.edit(sent, f"{OFFER} {n}")
    await asyncio.sleep(1)
    assert len(_posts(bot)) == 1  # the first message's draft, nothing from the edits
    notes = [m.text for m in seller.messages() if m.message_id != card.message_id]
    # one note for the first edit the limit let through, then the limit's own notice once
    assert notes and "Edit on its card" in notes[0] and len(notes) <= 2
    assert rejected(fake) == []


async def test_an_edit_in_a_circle_makes_no_second_post_or_line(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    fake.privacy_mode = False
    bot = make_bot()
    await bot.start()
    seller = fake.user("Circle Seller", language_code="zh-hans")
    buyer = fake.user("Circle Buyer", language_code="zh-hans")
    for person in (seller, buyer):
        await person.send("/start")
        await person.wait_for_messages(1)
    group = fake.group("义乌保温杯群", [seller, buyer])
    await fake.add_bot_to_group(group, by=seller)
    await group.wait_for_messages(1)
    posted = await seller.send_in(group, OFFER)
    (noted,) = await group.wait_for_messages(1)
    await seller.edit(posted, OFFER.replace("12元", "11元"))
    await buyer.send_in(group, NEED)
    await group.wait_for_messages(1)  # the need's line: the edit came before it
    await asyncio.sleep(0.5)
    assert len([s for _id, s in _posts(bot) if s == "open"]) == 2  # the offer and the need
    assert len(group.bot_messages()) == 3  # greeting, the offer's line, the need's line
    assert rejected(fake) == []
