"""A good record pays, and the alert says so (issue 33): two sellers offer the very same
goods; the one with confirmed deals with independent partners comes first in the buyer's
alerts, with the reason."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.domain.models import Lang
from bot.fake_telegram import FakeTelegram
from storage import Database
from tests.e2e.helpers import NEED, OFFER, RunningBot, alerts, post_and_publish, rejected
from tests.unit.services.deal_graph import confirm_deal, members, wider_market

MARKET = list(range(9000, 9040))


async def _records(bot: RunningBot, proven: int, other: int) -> None:
    """Both sellers joined 120 days ago; the proven one made 3 confirmed deals with 3
    traders of the wider market, the other none."""
    database = Database.from_url(bot.settings.database_url)
    now = datetime.now(UTC)
    try:
        await wider_market(database.uow, MARKET, now)
        await members(database.uow, [proven, other], now - timedelta(days=120), Lang.ZH_HANS)
        async with database.uow() as uow:
            for partner in (MARKET[3], MARKET[17], MARKET[29]):
                await confirm_deal(uow, proven, partner, now - timedelta(days=20))
            await uow.commit()
    finally:
        await database.dispose()


async def test_the_alert_puts_the_proven_seller_first_and_says_why(
    fake: FakeTelegram, bot: RunningBot
) -> None:
    proven = fake.user("Wang Proven", language_code="zh-hans")
    other = fake.user("Li Other", language_code="zh-hans")
    buyer = fake.user("Sam Buyer", language_code="en")
    await _records(bot, proven.id, other.id)
    await post_and_publish(fake, proven, OFFER)  # the older post: by age alone, second
    await post_and_publish(fake, other, OFFER)
    await post_and_publish(fake, buyer, NEED)

    first, second = await alerts(fake, buyer, count=2)
    assert "3 confirmed deals with 3 independent partners" in first.text
    assert "🏅 First for its record: 3 confirmed deals with 3 independent partners" in first.text
    assert "🏅" not in second.text and "independent partners" not in second.text
    assert rejected(fake) == []
