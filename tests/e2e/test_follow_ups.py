"""Follow-ups as merchants meet them on Telegram (issue 11), with durations of seconds: a
match nobody answers, a post near its end, an offer nobody asks about, and /settings; and
none to two people already in touch (issue 35), with a clock the test moves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

import pytest

from bot.fake_telegram import FakeTelegram, StoredMessage, UserHandle
from bot.playground.clock import MovableClock
from tests.e2e.helpers import (
    NEED,
    OFFER,
    RunningBot,
    alerts,
    latest,
    post_and_publish,
    read_rows,
    rejected,
)

pytestmark = pytest.mark.slow

SECONDS = timedelta(seconds=1)


def _count(user: UserHandle, words: str) -> int:
    return sum(words in (m.text or "") for m in user.messages())


def _has(words: str) -> Callable[[StoredMessage], bool]:
    return lambda m: words in (m.text or "")


async def test_a_match_nobody_answers_gets_one_follow_up(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    await make_bot(follow_up_after=2 * SECONDS).start()
    seller = fake.user("Wang Seller", language_code="zh-hans")
    buyer = fake.user("Sam Buyer", language_code="en")
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, "Looking for vacuum flasks, 5k pcs, under $2.5")
    await alerts(fake, buyer)
    nudge = await latest(buyer, fake, _has("Still interested?"), timeout=8)
    assert "vacuum flask" in nudge.text
    await latest(seller, fake, _has("还感兴趣吗"), timeout=8)
    await buyer.press(nudge, "🤝 Contact")  # the nudge's buttons work like the alert's
    await latest(seller, fake, _has("有人想联系你"))
    await asyncio.sleep(2.5)
    assert _count(buyer, "Still interested?") == 1
    assert rejected(fake) == []


async def test_a_post_near_its_end_is_warned_and_renews(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    await make_bot(post_ttl=8 * SECONDS, expiry_warning_before=6 * SECONDS).start()
    seller = fake.user("Lin", language_code="en")
    await post_and_publish(fake, seller, "Selling LED bulbs 9W, MOQ 100 pcs, $0.5/pc, Ningbo")
    warning = await latest(seller, fake, _has("ends on"), timeout=8)
    assert "So far: 0 matches alerted · contact requests: 0 received, 0 sent" in warning.text
    await seller.press(warning, "🔄 Renew")
    await latest(seller, fake, _has("Renewed until"))
    await asyncio.sleep(4)  # past the first term's end
    assert not any("has expired" in (m.text or "") for m in seller.messages())
    await seller.send("/my")
    listing = await latest(seller, fake, _has("Your posts"))
    assert "open" in listing.text
    assert rejected(fake) == []


async def test_an_offer_nobody_asks_about_gets_advice(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    await make_bot(nudge_after=3 * SECONDS).start()
    for n, price in enumerate((9, 10, 11)):
        other = fake.user(f"Rival {n}", language_code="zh-hans")
        await post_and_publish(fake, other, f"出售 不锈钢保温杯 起订500个 {price}元/个 永康")
    seller = fake.user("Amy", language_code="en")
    await post_and_publish(fake, seller, "出售 不锈钢保温杯 15元/个")
    advice = await latest(seller, fake, _has("Nobody has asked about your offer"), timeout=10)
    assert "above" in advice.text and "median $1.39" in advice.text  # in the reader's $
    assert "MOQ" in advice.text  # a field it does not give
    await seller.press(advice, "✏️ Edit")
    await latest(seller, fake, _has("What do you want to change?"))
    assert rejected(fake) == []


async def test_settings_turns_a_kind_off_and_it_stops(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    await make_bot(follow_up_after=2 * SECONDS).start()
    seller = fake.user("Wang Seller", language_code="zh-hans")
    buyer = fake.user("Sam Buyer", language_code="en")
    await buyer.send("/settings")
    (menu,) = await buyer.wait_for_messages(1)
    pressed = await buyer.press(menu, "✅ Follow-ups on unanswered matches")
    assert (await buyer.wait_answer(pressed)).get("text") == "Off"
    await latest(
        buyer,
        fake,
        lambda m: "⬜ Follow-ups on unanswered matches" in [b.text for r in m.buttons for b in r],
    )
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, NEED)
    await latest(seller, fake, _has("还感兴趣吗"), timeout=8)  # the seller still gets theirs
    await asyncio.sleep(1)
    assert _count(buyer, "Still interested?") == 0
    assert rejected(fake) == []


async def _match_follow_ups_ended(database_url: str) -> list[str]:
    """Why each match follow-up ended, once the sweep has ended them all."""
    query = "SELECT reason, sent_at, cancelled_at FROM reminders WHERE kind = 'match.follow_up'"
    for _ in range(40):
        rows = read_rows(database_url, query)
        if rows and all(sent or cancelled for _reason, sent, cancelled in rows):
            return [str(reason) for reason, _sent, _cancelled in rows]
        await asyncio.sleep(0.25)
    raise AssertionError(rows)


async def test_no_follow_up_to_people_already_in_touch_and_contact_shows_the_card(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    """Issue 35: the seller was nudged "对方在等" about a buyer she had exchanged contacts
    with through /search, and the nudge's Contact asked that buyer a second time."""
    clock = MovableClock()
    bot = make_bot(clock=clock, follow_up_after=timedelta(hours=1))
    await bot.start()
    seller = fake.user("Wang Seller", language_code="zh-hans", username="yiwu_cups")
    buyer = fake.user("Sam Buyer", language_code="en")
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, "Looking for vacuum flasks, 5k pcs, under $2.5")
    (alert,) = await alerts(fake, buyer)
    await alerts(fake, seller)
    await buyer.send("/search vacuum flask")
    results = await latest(buyer, fake, _has("🔎 vacuum flask"))
    (contact,) = [b.text for r in results.buttons for b in r if "Contact" in b.text]
    await buyer.wait_answer(await buyer.press(results, contact))  # the offer, not his own need
    request = await latest(seller, fake, _has("有人想联系你"))
    await seller.press(request, "✅ 同意")
    await latest(buyer, fake, _has("Contact for"))

    clock.advance(timedelta(hours=1, minutes=1))
    reasons = await _match_follow_ups_ended(bot.settings.database_url)
    assert reasons == ["already in touch", "already in touch"]
    assert _count(buyer, "Still interested?") == 0 and _count(seller, "还感兴趣吗") == 0

    answer = await buyer.wait_answer(await buyer.press(alert, "🤝 Contact"))
    assert "already exchanged contacts" in answer["text"]
    assert await fake.wait_until(lambda: _count(buyer, "Contact for") == 2)
    again = await latest(buyer, fake, _has("Contact for"))
    assert "yiwu_cups" in (again.text or "")
    await asyncio.sleep(0.5)
    assert _count(seller, "有人想联系你") == 1  # asked once, never again
    assert rejected(fake) == []
