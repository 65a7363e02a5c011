""" "Your month" (issue 36): turned on in /settings, it comes on the 1st at 09:00 local with
last calendar month's figures, which equal the record as this test counts it from the
tables (a simulated month of random deals and alerts, edges included: a deal opened a
minute before the month, one after it but before the report); above half of the year's
sales with one buyer, open needs of other buyers, never that buyer's."""

from __future__ import annotations

import random
import re
import statistics
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from bot.domain.models import Circle, Deal, DealOutcome, Match, Post, PostKind
from bot.services.follow_ups import MONTH
from bot.services.ports import UowFactory
from bot.services.reminders import user_settings
from tests.fakes import FixedClock, InMemoryStore
from tests.integration.factories import make_post
from tests.unit.services.world import add_user, new_index, opened, sweep

ME, CIRCLE = 1, -100
MEMBERS = (1, 2, 3, 4, 5)
OUTSIDER = 6
START = datetime(2026, 2, 28, 16, 0, tzinfo=UTC)  # 1 March 00:00 in Shanghai
END = datetime(2026, 3, 31, 16, 0, tzinfo=UTC)  # 1 April 00:00 in Shanghai
REPORT_AT = datetime(2026, 4, 1, 1, 0, tzinfo=UTC)  # 09:00 in Shanghai
FIGURES = re.compile(r"匹配提醒：(\d+)\n🤝 交换联系：(\d+)\n✅ 确认成交：(\d+)")
RATE = re.compile(r"成交率：(\d+)%（(.+) 的中位数：(\d+)%）")


async def simulated_month(uow_factory: UowFactory, clock: FixedClock, seed: int) -> None:
    """Random deals among the circle's members and an outsider, and alerts of my posts,
    from January to the morning of the report, edges included."""
    rng = random.Random(seed)
    edges = [START - timedelta(minutes=1), START, END - timedelta(minutes=1), END]
    span = (REPORT_AT - timedelta(minutes=1) - (START - timedelta(days=40))).total_seconds()

    def moment() -> datetime:
        if rng.random() < 0.2:
            return rng.choice(edges)
        return START - timedelta(days=40) + timedelta(seconds=rng.uniform(0, span))

    for user_id in (*MEMBERS, OUTSIDER):
        await add_user(uow_factory, user_id)
    async with uow_factory() as uow:
        await uow.circles.save(Circle(CIRCLE, "义乌杯业"))
        for member in MEMBERS:
            await uow.circles.add_member(CIRCLE, member, START - timedelta(days=60))
        mine = [await uow.posts.add(_post(ME, PostKind.OFFER, n)) for n in range(3)]
        theirs = [await uow.posts.add(_post(2, PostKind.NEED, n)) for n in range(12)]
        for n, need in enumerate(theirs):
            alerted = Match(None, mine[n % 3], need, 0.8, [], moment())
            alerted.offer_alerted = rng.random() < 0.8
            await uow.matches.add(alerted)
        for _ in range(60):
            seller, buyer = rng.sample([*MEMBERS, OUTSIDER], 2)
            deal_id = await uow.deals.add(Deal(None, None, None, None, seller, buyer, moment()))
            stored = await uow.deals.get(deal_id)
            assert stored is not None
            if rng.random() < 0.5:
                closed = stored.created_at + timedelta(days=rng.uniform(0, 20))
                closed = rng.choice([closed, *edges]) if rng.random() < 0.2 else closed
                outcome = DealOutcome.CONFIRMED if rng.random() < 0.7 else DealOutcome.DENIED
                await uow.deals.update(replace(stored, outcome=outcome, closed_at=closed))
        await uow.commit()


def _post(user_id: int, kind: PostKind, n: int) -> Post:
    return make_post(user_id, kind=kind, product=f"保温杯 {n}")


def counted(store: InMemoryStore) -> tuple[int, int, int, float | None, float | None]:
    """(alerts, contacts, deals, my rate, the circle's median rate) straight from the
    tables: what the report must say."""
    tables = store.tables
    owner = {post_id: p.post.user_id for post_id, p in tables.posts.items()}
    alerts = sum(
        START <= m.created_at < END
        and (
            (m.offer_alerted and owner.get(m.offer_id) == ME)
            or (m.need_alerted and owner.get(m.need_id) == ME)
        )
        for m in tables.matches.values()
    )

    def of(user: int) -> tuple[int, int]:
        contacts = deals = 0
        for d in tables.deals.values():
            if user not in (d.seller_id, d.buyer_id):
                continue
            contacts += START <= d.created_at < END
            deals += (
                d.outcome is DealOutcome.CONFIRMED
                and d.closed_at is not None
                and START <= d.closed_at < END
            )
        return contacts, deals

    rates = [deals / contacts for contacts, deals in map(of, MEMBERS) if contacts]
    contacts, deals = of(ME)
    mine = deals / contacts if contacts else None
    return alerts, contacts, deals, mine, statistics.median(rates) if rates else None


async def test_the_month_s_figures_equal_the_record(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    for seed in (1, 2, 3):
        store.tables = type(store.tables)()
        clock._now = datetime(2026, 3, 1, 8, 30, tzinfo=UTC)
        await simulated_month(uow_factory, clock, seed)
        user = await user_settings.toggle(uow_factory, clock, ME, "month_report")
        assert user.month_report
        due = [r.due_at for r in store.tables.reminders.values() if r.kind == MONTH and r.pending]
        assert due == [REPORT_AT]
        clock._now = REPORT_AT
        await sweep(uow_factory, clock, new_index())
        (text,) = [
            r.message.text
            for r in store.tables.outbox.values()
            if r.message.kind == "month.report"
        ]
        alerts, contacts, deals, mine, median = counted(store)
        assert "2026年3月" in text
        figures = FIGURES.search(text)
        assert figures is not None and [int(g) for g in figures.groups()] == [
            alerts,
            contacts,
            deals,
        ], (seed, text)
        rate = RATE.search(text)
        if mine is None:
            assert rate is None and "本月没有交换联系方式" in text
        else:
            assert rate is not None and median is not None, text
            assert (int(rate[1]), rate[2], int(rate[3])) == (
                round(mine * 100),
                "义乌杯业",
                round(median * 100),
            )
        again = [r for r in store.tables.reminders.values() if r.kind == MONTH and r.pending]
        assert [r.due_at for r in again] == [datetime(2026, 5, 1, 1, 0, tzinfo=UTC)]


async def test_one_big_buyer_brings_other_buyers_needs(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    index = new_index()
    clock.advance(timedelta(days=20))  # the posts are open on the 1st
    big, other, third = 2, 3, 4
    for user_id in (ME, big, other, third):
        await add_user(uow_factory, user_id)
    await opened(uow_factory, clock, index, ME, "出售 竹砧板 起订200个 25元/个")
    async with uow_factory() as uow:
        for buyer in (big, big, big, other):
            deal_id = await uow.deals.add(
                Deal(None, None, None, None, ME, buyer, clock.now() - timedelta(days=40))
            )
            stored = await uow.deals.get(deal_id)
            assert stored is not None
            closed = clock.now() - timedelta(days=30)
            await uow.deals.update(
                replace(stored, outcome=DealOutcome.CONFIRMED, closed_at=closed)
            )
        await uow.commit()
    await opened(uow_factory, clock, index, big, "求购 竹砧板 500个")
    await opened(uow_factory, clock, index, third, "求购 竹砧板 300个 30元以内")
    await user_settings.toggle(uow_factory, clock, ME, "month_report")
    clock._now = REPORT_AT
    await sweep(uow_factory, clock, index)
    (text,) = [
        r.message.text for r in store.tables.outbox.values() if r.message.kind == "month.report"
    ]
    assert "4 笔确认成交中有 3 笔（75%）来自同一个买家" in text
    assert "其他买家的求购" in text and "300个" in text and "500个" not in text
