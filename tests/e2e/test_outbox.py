"""The outbox under Telegram's limits: 429s are waited out, a blocked user is marked gone."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.config import Settings
from bot.fake_telegram import FakeTelegram, FloodLimits
from storage import Database
from tests.e2e.helpers import (
    NEED,
    OFFER,
    RunningBot,
    alerts,
    post_and_publish,
    read_rows,
    rejected,
)

pytestmark = pytest.mark.debug_logs  # read by the secret scan (tests/conftest.py)


async def test_alerts_arrive_despite_strict_flood_limits(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("S", language_code="zh-hans")
    buyers = [fake.user(f"B{i}", language_code="zh-hans") for i in range(3)]
    await post_and_publish(fake, seller, OFFER)
    for buyer in buyers:
        await post_and_publish(fake, buyer, NEED)
    fake.set_limits(FloodLimits.strict())  # 1 message per chat per second, no burst
    await post_and_publish(fake, fake.user("Late", language_code="zh-hans"), NEED)
    await alerts(fake, seller, count=4, timeout=15)
    for buyer in buyers:
        await alerts(fake, buyer)
    assert rejected(fake) == []


async def test_a_sent_alert_keeps_the_id_telegram_gave_it(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("S", language_code="zh-hans")
    buyer = fake.user("B", language_code="zh-hans")
    await post_and_publish(fake, seller, OFFER)
    await post_and_publish(fake, buyer, NEED)
    [alert] = await alerts(fake, buyer)
    assert alert.reply_markup and alert.reply_markup["inline_keyboard"]  # its buttons came too
    sql = "SELECT telegram_message_id FROM outbox WHERE chat_id = :chat AND sent_at IS NOT NULL"
    for _ in range(50):  # marked sent just after Telegram answered
        if read_rows(bot.settings.database_url, sql, chat=buyer.id):
            break
        await asyncio.sleep(0.1)
    assert read_rows(bot.settings.database_url, sql, chat=buyer.id) == [(alert.message_id,)]


async def _eventually_blocked(bot: RunningBot, user_id: int) -> bool:
    for _ in range(50):  # the bot records it as it handles the update or the answer
        if await _blocked_in_database(bot, user_id):
            return True
        await asyncio.sleep(0.1)
    return False


async def _blocked_in_database(bot: RunningBot, user_id: int) -> bool:
    database = Database.from_url(bot.settings.database_url)
    try:
        async with database.uow() as uow:
            user = await uow.users.get(user_id)
        return user is not None and user.blocked_bot
    finally:
        await database.dispose()


async def test_blocking_the_bot_is_noticed_and_others_still_hear(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("S", language_code="zh-hans")
    buyer = fake.user("B", language_code="zh-hans")
    await post_and_publish(fake, seller, OFFER)
    seller.block_bot()  # Telegram tells the bot (my_chat_member): nothing more is sent to them
    assert await _eventually_blocked(bot, seller.id)
    await post_and_publish(fake, buyer, NEED)
    await alerts(fake, buyer)
    assert not [r for r in fake.requests("sendMessage") if r.status == 403]


async def test_a_403_marks_a_user_gone_when_no_update_said_so(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    seller = fake.user("S", language_code="zh-hans")
    buyer = fake.user("B", language_code="zh-hans")
    await post_and_publish(fake, seller, OFFER)
    fake.state.private_chat(seller.user).bot_status = "kicked"  # e.g. a deleted account
    await post_and_publish(fake, buyer, NEED)
    await alerts(fake, buyer)
    assert await fake.wait_until(
        lambda: any(r.status == 403 for r in fake.requests("sendMessage")), 5
    )
    assert await _eventually_blocked(bot, seller.id)


async def _queue(bot: RunningBot, chat_id: int, text: str) -> None:
    from bot.services.clock import SystemClock
    from bot.services.delivery import outbox

    database = Database.from_url(bot.settings.database_url)
    try:
        await outbox.enqueue(database.uow, SystemClock(), chat_id, text, kind="notice")
    finally:
        await database.dispose()


async def test_broken_markup_goes_out_as_plain_text_once(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    user = fake.user("Plain", language_code="en")
    await user.send("/start")
    await user.wait_for_messages(1)
    await _queue(bot, user.id, "<b>Price & terms</b> <unknown>tag")  # a bug's output
    (message,) = await user.wait_for_messages(1, timeout=10)
    assert message.text == "Price & terms tag" and not message.entities


async def test_a_message_to_a_group_that_became_a_supergroup_follows_it(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    admin = fake.user("Admin", language_code="en")
    await admin.send("/start")
    await admin.wait_for_messages(1)
    group = fake.group("Cups", [admin])
    await fake.add_bot_to_group(group, by=admin)
    await group.wait_for_messages(2)  # greeting and privacy notice
    old_id = group.id
    new = await fake.migrate_group(group, by=admin)
    await _queue(bot, old_id, "📰 digest for the old id")
    (moved,) = await new.wait_for_messages(1, timeout=10)
    assert moved.text == "📰 digest for the old id"


@pytest.mark.both_databases
@pytest.mark.slow
async def test_replies_stay_fast_while_alerts_drain(
    fake: FakeTelegram, make_bot: Callable[..., RunningBot]
) -> None:
    """A seller's offer alerts many buyers at once under Telegram's own limits (30/s
    overall) and the outbox's own pacing (production's, not the suite's quicker one);
    meanwhile someone else's /help is answered at once, not after the backlog."""
    pacing = Settings.model_fields["telegram_private_chat_interval"].default
    # the seller's day's cap of alerts is what queues in one chat: 5 keep the drain short
    bot = make_bot(telegram_private_chat_interval=pacing, max_alerts_per_day=5)
    await bot.start()
    buyers = [fake.user(f"Buyer {i}", language_code="en") for i in range(40)]
    for n, buyer in enumerate(buyers):
        await post_and_publish(fake, buyer, f"Looking for vacuum flasks, {3000 + n} pcs, under $3")
    fake.set_limits(FloodLimits.telegram())
    await post_and_publish(fake, fake.user("Wang", language_code="zh-hans"), OFFER)
    asker = fake.user("Curious", language_code="en")
    start = asyncio.get_running_loop().time()
    await asker.send("/help")
    await asker.wait_for_messages(1, timeout=10)
    answered = asyncio.get_running_loop().time() - start
    queued = await _unsent(bot)
    print(f"\n/help answered in {answered * 1000:.0f} ms with {queued} alerts still queued")
    # The backlog drains within Telegram's limits: the seller alone gets up to a day's cap
    # of alerts, one per `pacing`.
    for _ in range(int((queued * pacing + 15) / 0.1)):
        if await _unsent(bot) == 0:
            break
        await asyncio.sleep(0.1)
    assert queued > 0 and answered < 1.0
    assert await _unsent(bot) == 0
    assert rejected(fake) == []


async def _unsent(bot: RunningBot) -> int:
    """Messages not yet sent nor given up. A plain read: the outbox's own `due` would lock
    the rows (PostgreSQL) and starve the dispatcher while the test looks."""
    sql = "SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL"
    ((count,),) = read_rows(bot.settings.database_url, sql)
    return int(count)
