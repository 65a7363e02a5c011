"""A buyer is warned of an offer priced 40% or more under comparable open offers."""

from __future__ import annotations

from bot.services.ports import UowFactory
from tests.fakes import FixedClock
from tests.unit.services.world import add_user, new_index, opened


async def _buyer_alert_texts(uow_factory: UowFactory, buyer: int) -> list[str]:
    """The match alerts queued for one user."""
    from datetime import timedelta

    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == buyer and m.kind == "match.alert"]


async def test_far_under_the_market_warns_the_buyer_only(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for seller, price in ((1, 12), (2, 11), (3, 13), (4, 6)):  # 6 <= 60% of the median 12
        await add_user(uow_factory, seller)
        await opened(
            uow_factory, clock, index, seller, f"出售 不锈钢保温杯 起订100个 {price}元/个"
        )
    await add_user(uow_factory, 9)
    await opened(uow_factory, clock, index, 9, "求购 不锈钢保温杯 3000个 单价15元以内")
    texts = await _buyer_alert_texts(uow_factory, 9)
    warned = [t for t in texts if "⚠️" in t]
    assert len(texts) == 4 and len(warned) == 1 and "¥6" in warned[0]
    for seller in (1, 2, 3, 4):  # sellers are never told
        assert not any("⚠️" in t for t in await _buyer_alert_texts(uow_factory, seller))
