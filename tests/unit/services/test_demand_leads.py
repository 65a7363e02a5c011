"""Demand leads (issue 36): a need that alerted no seller within a day goes, free, to up to
5 sellers who offered its product before or name it in /profile; never to its buyer, to a
seller who turned leads off, past a seller's daily cap, nor outside a circle-only need's
circle; once a pair, and not at all when a seller already heard of the need."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from bot.domain.models import Circle, ContactStatus, Post
from bot.services.after_effects import Table
from bot.services.contacts import contact_requests
from bot.services.follow_ups import LEAD_CHECK
from bot.services.matching.indexing import MatchingIndex
from bot.services.people import profiles
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from bot.services.reminders.demand_leads import LEADS_A_DAY, LEADS_PER_NEED
from bot.services.schedule import Schedule
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.world import TTL, add_user, new_index, opened, sweep

FLASKS = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "求购保温杯5000只，10元以内"
BOARDS = "出售 竹砧板 起订200个 25元/个"
A_DAY = timedelta(days=1, minutes=1)


async def sold_before(
    uow_factory: UowFactory, clock: FixedClock, index: MatchingIndex, user_id: int, text: str
) -> None:
    """The seller offered it and withdrew the offer: nothing of theirs is open now."""
    post, _ = await opened(uow_factory, clock, index, user_id, text)
    assert post.id is not None
    after = Table(index, Schedule(post_ttl=TTL))
    await publishing.close(uow_factory, clock, after, post.id, user_id, deal=False)


async def leads_to(uow_factory: UowFactory, chat_id: int) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == chat_id and m.kind == "need.lead"]


def lead_check(store: InMemoryStore, need: Post) -> list[str]:
    """How the need's lead check ended: "" once sent, else its reason."""
    found = store.tables.reminders.values()
    return [r.reason or "" for r in found if r.post_id == need.id and r.kind == LEAD_CHECK]


async def test_a_need_nobody_answered_reaches_sellers_who_sold_or_name_its_goods(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    past_seller, profile_seller, board_seller, buyer = 1, 2, 3, 4
    await sold_before(uow_factory, clock, index, past_seller, FLASKS)
    await sold_before(uow_factory, clock, index, board_seller, BOARDS)
    await add_user(uow_factory, profile_seller)
    await profiles.save(uow_factory, profile_seller, {"keywords": "保温杯, 水壶"})
    need, alerted = await opened(uow_factory, clock, index, buyer, NEED)
    assert alerted == 0  # no offer is open
    clock.advance(timedelta(hours=23))
    await sweep(uow_factory, clock, index)
    assert await leads_to(uow_factory, past_seller) == []  # a day gives offers time
    clock.advance(A_DAY - timedelta(hours=23))
    await sweep(uow_factory, clock, index)
    offered, named = (
        await leads_to(uow_factory, past_seller),
        await leads_to(uow_factory, profile_seller),
    )
    assert len(offered) == 1 and "保温杯" in offered[0] and "以前供应过" in offered[0]
    assert len(named) == 1 and "/profile" in named[0]
    assert (
        await leads_to(uow_factory, board_seller) == []
        and await leads_to(uow_factory, buyer) == []
    )
    assert "@" not in offered[0] and "User 4" not in offered[0]  # no contact details
    # The Contact button asks the buyer, who decides (double opt-in).
    assert need.id is not None
    key = await contact_requests.ask_about_post(uow_factory, clock, past_seller, need.id)
    assert key.startswith("contact.sent")
    async with uow_factory() as uow:
        asked = await uow.contact_requests.find(past_seller, buyer, need.id, None)
    assert asked is not None and asked.status is ContactStatus.PENDING
    await sweep(uow_factory, clock, index)  # once a pair
    assert len(await leads_to(uow_factory, past_seller)) == 1


async def test_leads_keep_to_opt_outs_caps_and_a_circle_only_need(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    index = new_index()
    busy, opted_out, member, circle = 1, 2, 3, -100
    for seller in (busy, opted_out, member):
        await sold_before(uow_factory, clock, index, seller, FLASKS)
    async with uow_factory() as uow:
        user = await uow.users.get(opted_out)
        assert user is not None
        await uow.users.upsert(replace(user, reminders_off=("leads",)))
        await uow.circles.save(Circle(circle, "Flasks", open_to_market=False))
        await uow.circles.add_member(circle, member, clock.now())
        await uow.commit()
    hidden, _ = await opened(uow_factory, clock, index, 20, NEED)  # checked first
    async with uow_factory() as uow:  # written in the circle, which keeps to itself
        await uow.posts.update(replace(hidden, circle_id=circle))
        await uow.commit()
    buyers = range(10, 10 + LEADS_A_DAY + 1)
    needs = [(await opened(uow_factory, clock, index, b, NEED))[0] for b in buyers]
    clock.advance(A_DAY)
    await sweep(uow_factory, clock, index)
    assert await leads_to(uow_factory, opted_out) == []
    assert len(await leads_to(uow_factory, busy)) == LEADS_A_DAY  # its cap
    assert len(await leads_to(uow_factory, member)) == LEADS_A_DAY
    told = {n.id: lead_check(store, n) for n in [*needs, hidden]}
    assert told[hidden.id] == [""]  # sent: to the circle's member alone
    assert {seller for need, seller in store.tables.leads if need == hidden.id} == {member}


async def test_no_lead_for_a_need_a_seller_heard_of_and_at_most_five(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    index = new_index()
    sellers = range(1, LEADS_PER_NEED + 3)
    for seller in sellers:
        await sold_before(uow_factory, clock, index, seller, FLASKS)
    lonely, _ = await opened(uow_factory, clock, index, 30, NEED)
    await opened(uow_factory, clock, index, 40, BOARDS)  # open: a need for boards hears of it
    heard, alerted = await opened(uow_factory, clock, index, 31, "求购竹砧板500个")
    assert alerted
    clock.advance(A_DAY)
    await sweep(uow_factory, clock, index)
    assert lead_check(store, heard) == ["sellers heard of it"]
    got = [s for s in sellers if await leads_to(uow_factory, s)]
    assert len(got) == LEADS_PER_NEED and lead_check(store, lonely) == [""]
