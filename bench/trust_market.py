"""Newcomers' share of first alerts (issue 33), part of bench/trust_attacks.py.

* A market of 200 sellers: 40 with a strong record (3 to 6 confirmed deals with
  independent partners), 60 with a weak one (1 or 2), 100 newcomers (10 days old, no
  deal). Each offers one of six goods with its own MOQ, price and place; 120 buyers' needs
  arrive an hour apart. Counted: who comes first in each need's alerts.
* At equal fit: a seller and a newcomer offer the very same goods, and 20 needs arrive
  over a day while the seller is alerted once elsewhere before each (rotation). Counted:
  how often the newcomer comes first when both are alerted, against a strong record and
  against a weak one.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta

from bench.trust_world import OFFER, OTHER_NEED, OTHER_OFFER, World, new_world
from tests.unit.services.deal_graph import members
from tests.unit.services.world import opened

GOODS = [  # (offer, need) in the words shops use
    (
        "出售 304不锈钢保温杯 500ml 起订{moq}个 {price}元/个 {place}发货",
        "求购 不锈钢保温杯 {qty}个 单价{budget}元以内",
    ),
    (
        "出售 LED灯泡 9W 起订{moq}个 {price}元/个 {place}发货",
        "求购 LED灯泡 {qty}个 单价{budget}元以内",
    ),
    ("出售 蓝牙耳机 起订{moq}副 {price}元/副 {place}发货", "求购 蓝牙耳机 {qty}副 {budget}元以内"),
    (
        "出售 纯棉T恤 起订{moq}件 {price}元/件 {place}发货",
        "求购 纯棉T恤 {qty}件 单价{budget}元以内",
    ),
    (
        "出售 硅胶手机壳 起订{moq}个 {price}元/个 {place}发货",
        "求购 硅胶手机壳 {qty}个 {budget}元以内",
    ),
    ("出售 帆布袋 起订{moq}个 {price}元/个 {place}发货", "求购 帆布袋 {qty}个 单价{budget}元以内"),
]
PLACES = ["义乌", "深圳", "广州", "宁波", "温州"]
KINDS = {"strong": 40, "weak": 60, "newcomer": 100}
EQUAL_FIT_ROUNDS = 20


async def _seller(w: World, rng: random.Random, kind: str, market: list[int]) -> int:
    seller = next(w.ids)
    days = 10 if kind == "newcomer" else 120
    await members(w.uow_factory, [seller], w.clock.now() - timedelta(days=days))
    deals = {"strong": rng.randint(3, 6), "weak": rng.randint(1, 2)}.get(kind, 0)
    for partner in rng.sample(market, deals):
        await w.deal(seller, partner, stars=5)
    return seller


async def first_alert_shares(seed: int = 11) -> tuple[Counter[str], Counter[str], int]:
    """(sellers by kind, first alerts by kind, needs that alerted anyone)."""
    rng = random.Random(seed)
    w = await new_world()
    market = list(range(100, 140))
    kind_of: dict[int, str] = {}
    for kind, count in KINDS.items():
        for _ in range(count):
            seller = await _seller(w, rng, kind, market)
            kind_of[seller] = kind
            offer, _need = rng.choice(GOODS)
            text = offer.format(
                moq=rng.choice([200, 500, 1000]),
                price=rng.choice([3, 5, 8, 12]),
                place=rng.choice(PLACES),
            )
            await opened(w.uow_factory, w.clock, w.index, seller, text)
    firsts: Counter[str] = Counter()
    for _ in range(120):
        w.clock.advance(timedelta(hours=1))
        _offer, need = rng.choice(GOODS)
        buyer = await w._buyer()
        text = need.format(qty=rng.choice([1000, 3000, 5000]), budget=rng.choice([6, 10, 15]))
        post, _ = await opened(w.uow_factory, w.clock, w.index, buyer, text)
        alerted = await w.alerted_for(post.id)
        if alerted:
            firsts[kind_of.get(alerted[0][1], "other")] += 1
    return Counter(KINDS), firsts, sum(firsts.values())


async def equal_fit_share(deals: int) -> tuple[int, int]:
    """(needs where a newcomer came first, needs that alerted both) when a seller of
    `deals` counted deals and the newcomer offer the same goods, and the seller is kept
    busy elsewhere (one more alert before each need)."""
    w = await new_world()
    seller = next(w.ids)
    await members(w.uow_factory, [seller], w.clock.now() - timedelta(days=120))
    for partner in range(100, 100 + deals):
        await w.deal(seller, partner, stars=5)
    newcomer = next(w.ids)
    await members(w.uow_factory, [newcomer], w.clock.now() - timedelta(days=10))
    for owner in (seller, newcomer):
        await opened(w.uow_factory, w.clock, w.index, owner, OFFER)
    await opened(w.uow_factory, w.clock, w.index, seller, OTHER_OFFER)
    first = both = 0
    for _ in range(EQUAL_FIT_ROUNDS):
        await opened(w.uow_factory, w.clock, w.index, await w._buyer(), OTHER_NEED)
        w.clock.advance(timedelta(minutes=30))
        need, _ = await opened(
            w.uow_factory,
            w.clock,
            w.index,
            await w._buyer(),
            "求购 不锈钢保温杯 3000个 单价15元以内",
        )
        alerted = [owner for _offer, owner in await w.alerted_for(need.id)]
        if {seller, newcomer} <= set(alerted):
            both += 1  # the seller's daily cap of alerts left them out of the others
            first += alerted[0] == newcomer
    return first, both


async def newcomer_shares() -> str:
    sellers, firsts, needs = await first_alert_shares()
    total = sum(sellers.values())
    lines = ["| sellers | share of sellers | share of first alerts |", "|---|---|---|"]
    for kind in KINDS:
        lines.append(
            f"| {kind} | {sellers[kind] / total:.0%} | {firsts[kind] / max(needs, 1):.0%} |"
        )
    lines.append("")
    lines.append(f"Needs that alerted a seller: {needs} of 120.")
    for label, deals in (("a strong record (6 deals)", 6), ("a weak one (1 deal)", 1)):
        first, both = await equal_fit_share(deals)
        lines.append(
            f"At equal fit against {label} the newcomer came first in {first} of {both} "
            f"needs that alerted both ({first / max(both, 1):.0%}); the seller's daily cap "
            f"left them out of {EQUAL_FIT_ROUNDS - both}."
        )
    return "\n".join(lines)
