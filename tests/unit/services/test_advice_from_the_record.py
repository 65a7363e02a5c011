"""Advice and the expiry warning say only what the record holds (issue 35): words and
related offers of the post's own product, no "nobody in touch" after an alert, prices in the
reader's currency, and counts equal to the stored matches and contact requests."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Lang
from bot.services.after_effects import Table
from bot.services.circles import groups
from bot.services.contacts import contact_requests
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import UowFactory
from bot.services.schedule import Schedule
from tests.fakes import FixedClock
from tests.unit.services.world import NEED, OFFER, TTL, add_user, new_index, opened, sweep

SELLER, BUYER, DOLLAR_SELLER = 1, 2, 3
SCHEDULE = Schedule(post_ttl=TTL)
NUDGE = SCHEDULE.nudge_after + timedelta(minutes=1)


async def _texts(uow_factory: UowFactory, user_id: int, kind: str) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == user_id and m.kind == kind]


async def _advice(
    uow_factory: UowFactory, clock: FixedClock, index: MatchingIndex, user_id: int
) -> str:
    clock.advance(NUDGE)
    await sweep(uow_factory, clock, index)
    (advice,) = await _texts(uow_factory, user_id, "post.no_interest")
    return advice


async def test_a_screw_factory_is_not_told_the_words_of_flask_buyers(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Flask and bottle buyers share only "stainless steel" with screws: their 500ml is no
    word for a screw offer."""
    index = new_index()
    for buyer, text in (
        (21, "求购 不锈钢保温杯 500ml 真空 3000个"),
        (22, "求购 不锈钢保温杯 真空 500ml 2000个"),
        (23, "求购 不锈钢水瓶 500ml 2000个"),
    ):
        await opened(uow_factory, clock, index, buyer, text)
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await opened(uow_factory, clock, index, SELLER, "出售 不锈钢螺丝 起订10000个 0.1元/个 永康")
    advice = await _advice(uow_factory, clock, index, SELLER)
    assert "500ml" not in advice and "真空" not in advice and "🔎" not in advice


async def test_an_offer_hears_the_words_of_buyers_of_its_own_product(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    for buyer, text in (
        (21, "求购 保温杯 500ml 真空 2000个"),
        (22, "求购 保温杯 真空 500ml 3000个"),
        (23, "求购 不锈钢螺丝 M6 真空 500ml 9000个"),
    ):
        await opened(uow_factory, clock, index, buyer, text)
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await opened(uow_factory, clock, index, SELLER, "出售 不锈钢保温杯 15元/个")
    advice = await _advice(uow_factory, clock, index, SELLER)
    assert "500ml" in advice and "真空" in advice and "m6" not in advice.lower()


async def test_one_buyer_s_name_written_twice_is_not_advice(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """A word two posts of one buyer share (their name, their WeChat) is theirs, not the
    market's: it never reaches a seller."""
    index = new_index()
    for buyer, text in (
        (21, "求购 保温杯 500ml 2000个 微信 zhang8899 联系王总"),
        (21, "求购 保温杯 500ml 礼盒 3000个 微信 zhang8899 联系王总"),
        (22, "求购 保温杯 500ml 1000个"),
    ):
        await opened(uow_factory, clock, index, buyer, text)
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await opened(uow_factory, clock, index, SELLER, "出售 不锈钢保温杯 15元/个")
    advice = await _advice(uow_factory, clock, index, SELLER)
    assert "500ml" in advice
    assert "王总" not in advice and "zhang" not in advice and "礼盒" not in advice


async def test_a_water_bottle_need_is_not_shown_steel_bolts(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await opened(
        uow_factory, clock, index, 11, "Selling stainless steel bolt M8 MOQ 5000 pcs $0.05/pc"
    )
    await opened(uow_factory, clock, index, 12, "出售 304不锈钢 螺栓 M8 起订5000个 0.3元/个")
    await add_user(uow_factory, BUYER, Lang.EN)
    await opened(
        uow_factory, clock, index, BUYER, "Looking for stainless steel water bottle 500ml 2000 pcs"
    )
    advice = await _advice(uow_factory, clock, index, BUYER)
    assert "bolt" not in advice.lower() and "螺栓" not in advice
    assert "No open offer is close yet" in advice


async def test_a_need_alerted_with_a_supplier_is_not_told_nobody_was_in_touch(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await add_user(uow_factory, BUYER, Lang.EN)
    await opened(uow_factory, clock, index, SELLER, OFFER)
    _need, alerted = await opened(uow_factory, clock, index, BUYER, NEED)
    assert alerted == 1
    advice = await _advice(uow_factory, clock, index, BUYER)
    assert "No supplier has been in touch" not in advice
    assert "Suppliers alerted to you about your need" in advice
    assert "days: 1. None has asked for contact yet." in advice
    assert "vacuum flask (保温杯) ×1" in advice and "No open offer is close" not in advice


async def test_advice_prices_are_in_the_reader_s_currency(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """An English reader sees dollars beside the yuan, as a card converts them; a Chinese
    reader of a dollar price sees yuan beside it."""
    index = new_index()
    for seller, text in (
        (11, "出售 不锈钢保温杯 起订500个 9元/个 永康"),
        (12, "出售 不锈钢保温杯 起订500个 10元/个 永康"),
        (13, "出售 不锈钢保温杯 起订800个 11元/个 金华"),
    ):
        await opened(uow_factory, clock, index, seller, text)
    await add_user(uow_factory, SELLER, Lang.EN, timezone="UTC")
    await add_user(uow_factory, DOLLAR_SELLER, Lang.ZH_HANS)
    await opened(uow_factory, clock, index, SELLER, "出售 不锈钢保温杯 15元/个")
    await opened(uow_factory, clock, index, DOLLAR_SELLER, "Selling vacuum flask $2/pc")
    clock.advance(NUDGE)
    await sweep(uow_factory, clock, index)
    (english,) = await _texts(uow_factory, SELLER, "post.no_interest")
    assert "Your price ¥15 ≈ $2.08" in english and "median $1.46" in english
    assert "($1.25–$2)" in english and "¥10" not in english
    (chinese,) = await _texts(uow_factory, DOLLAR_SELLER, "post.no_interest")
    assert "$2 ≈ ¥14.4" in chinese and "中位数 ¥10.5（¥9–¥15）" in chinese


async def test_expiry_warning_counts_the_requests_the_owner_sent(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    offer, _ = await opened(uow_factory, clock, index, SELLER, OFFER)
    for buyer in (21, 22):
        await add_user(uow_factory, buyer, Lang.EN)
        await opened(uow_factory, clock, index, buyer, NEED)
    async with uow_factory() as uow:
        matches = await uow.matches.for_post(offer.id or -1)
    assert len(matches) == 2
    for match in matches:
        assert match.id is not None
        await contact_requests.ask_about_match(uow_factory, clock, SELLER, match.id, SCHEDULE)
    clock.advance(TTL - SCHEDULE.expiry_warning_before + timedelta(minutes=1))
    await sweep(uow_factory, clock, index)
    (warning,) = await _texts(uow_factory, SELLER, "post.expiry_warning")
    assert "匹配提醒 2 次 · 收到联系请求 0 次 · 发出联系请求 2 次" in warning


async def test_an_outsider_s_advice_shows_no_price_of_a_circle_only_offer(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """The market's prices an offer is measured against are those its owner may see: offers
    kept to a trade circle they are not in give no median nor range."""
    index = new_index()
    circle = Table(index, SCHEDULE)
    await add_user(uow_factory, 31, Lang.ZH_HANS)
    for price in (20, 30, 40):
        text = f"出售 不锈钢保温杯 起订500个 {price}元/个 永康"
        await groups.post_in_circle(uow_factory, clock, SCHEDULE, circle, (-100, "Cups"), 31, text)
    await add_user(uow_factory, SELLER, Lang.ZH_HANS)
    await opened(uow_factory, clock, index, SELLER, "出售 不锈钢保温杯 起订500个 15元/个 义乌")
    advice = await _advice(uow_factory, clock, index, SELLER)
    assert "💰" not in advice and "¥30" not in advice and "¥40" not in advice
