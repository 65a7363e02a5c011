"""The world the trust attacks run in (bench/trust_attacks.py): the wider market, the honest
seller and the attacker with their puppets, on a fresh SQLite file, through the real use
cases."""

from __future__ import annotations

import contextlib
import itertools
import random
import tempfile
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path

from sqlalchemy import select

from bot.domain.models import Lang, Rating
from bot.domain.trust.summary import TrustSummary
from bot.services.circles import circle_admin, settling
from bot.services.errors import UserFacingError
from bot.services.matching import indexing
from bot.services.people import identity
from bot.services.ports import UowFactory
from bot.services.trust.summaries import summary_of
from storage.migrate import upgrade_to_head
from storage.tables import MatchRow, PostRow
from storage.unit_of_work import Database
from tests.fakes import FixedClock
from tests.unit.services.circle_world import circle
from tests.unit.services.deal_graph import confirm_deal, members, wider_market
from tests.unit.services.world import opened

HONEST, ATTACKER = 1, 2
PUPPETS = list(range(10, 20))
MARKET = list(range(100, 140))
HONEST_PARTNERS = [105, 117, 129]
HONEST_CODE = "91350100M000100Y43"  # a well-formed credit code, public like every one
MARKET_CIRCLE = -6001  # an established trade circle of the wider market

OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "求购 不锈钢保温杯 3000个 单价15元以内"
OTHER_OFFER = "出售 LED灯泡 9W 起订500个 3元/个 深圳发货"
OTHER_NEED = "求购 LED灯泡 2000个 单价4元以内"


@dataclass
class World:
    database: Database
    clock: FixedClock
    index: indexing.MatchingIndex
    ids: itertools.count = field(default_factory=lambda: itertools.count(1000))
    offers: dict[int, int] = field(default_factory=dict)  # post id -> owner
    busy: bool = False

    @property
    def uow_factory(self) -> UowFactory:
        return self.database.uow

    async def alerted_for(self, need_id: int | None) -> list[tuple[int, int]]:
        """(offer id, its owner) of the offers a need's buyer was alerted to, in order."""
        async with self.database.session_factory() as session:
            rows = await session.execute(
                select(MatchRow.offer_id, PostRow.user_id)
                .join(PostRow, PostRow.id == MatchRow.offer_id)
                .where(MatchRow.need_id == need_id)
                .order_by(MatchRow.id)
            )
            return [(offer, owner) for offer, owner in rows]

    async def deal(self, seller: int, buyer: int, stars: int = 0, back: int = 0) -> None:
        """A confirmed deal 20 days ago; the buyer rates `stars`, the seller `back`."""
        at = self.clock.now() - timedelta(days=20)
        async with self.uow_factory() as uow:
            deal_id = await confirm_deal(uow, seller, buyer, at)
            if stars:
                await uow.ratings.add(Rating(None, deal_id, buyer, seller, stars, at))
            if back:
                await uow.ratings.add(Rating(None, deal_id, seller, buyer, back, at))
            await uow.commit()

    async def own_circles_vouch(self) -> int:
        """Two groups of the puppets' own, 40 days old, every puppet posting in both; each
        group's puppet admin vouches for the attacker. Returns the vouches refused."""
        refused = 0
        for chat, admin in ((-5001, PUPPETS[0]), (-5002, PUPPETS[1])):
            age = timedelta(days=40)
            await circle(self.uow_factory, self.clock, chat, PUPPETS, age=age, trading=False)
            try:
                await circle_admin.vouch(
                    self.uow_factory, self.clock, chat, admin, ATTACKER, creator_id=admin
                )
            except UserFacingError:
                refused += 1
        return refused

    async def claim_honest_code(self) -> None:
        """The attacker gives the honest seller's credit code and has a group of its own
        settle the dispute for it; then an established circle settles it for the honest."""
        await identity.verify_business(self.uow_factory, self.clock, ATTACKER, HONEST_CODE)
        await self.own_circles_vouch()  # the attacker's groups, as a settling attempt too
        for chat, admin, winner in ((-5001, PUPPETS[0], ATTACKER), (MARKET_CIRCLE, 101, HONEST)):
            with contextlib.suppress(UserFacingError):  # refused for the attacker's group
                await settling.settle(
                    self.uow_factory, self.clock, chat, admin, winner, creator_id=100
                )

    async def rename(self, user_id: int, name: str) -> None:
        async with self.uow_factory() as uow:
            user = await uow.users.get(user_id)
            assert user is not None
            await uow.users.upsert(replace(user, display_name=name))
            await uow.commit()

    async def summary(self, user_id: int) -> TrustSummary:
        async with self.uow_factory() as uow:
            summary = await summary_of(uow, user_id, self.clock.now())
        assert summary is not None
        return summary

    async def ranks(self, *, busy_honest: bool) -> dict[int, int]:
        """Where the honest seller's and the attacker's identical offers come in a new
        buyer's alerts (1 is first; one more than the alerts when not alerted).
        `busy_honest`: the honest seller was alerted 3 times today first (rotation)."""
        if not self.offers:
            for owner in (HONEST, ATTACKER):
                post, _ = await opened(self.uow_factory, self.clock, self.index, owner, OFFER)
                assert post.id is not None
                self.offers[post.id] = owner
        if busy_honest and not self.busy:
            self.busy = True
            await opened(self.uow_factory, self.clock, self.index, HONEST, OTHER_OFFER)
            for _ in range(3):
                buyer = await self._buyer()
                await opened(self.uow_factory, self.clock, self.index, buyer, OTHER_NEED)
        buyer = await self._buyer()
        need, _ = await opened(self.uow_factory, self.clock, self.index, buyer, NEED)
        order = [owner for _offer, owner in await self.alerted_for(need.id)]
        return {
            owner: order.index(owner) + 1 if owner in order else len(order) + 1
            for owner in (HONEST, ATTACKER)
        }

    async def _buyer(self) -> int:
        buyer = next(self.ids)
        await members(self.uow_factory, [buyer], self.clock.now() - timedelta(days=200))
        return buyer


async def new_world(seed: int = 7) -> World:
    folder = Path(tempfile.mkdtemp(prefix="trust-bench-"))
    url = f"sqlite+aiosqlite:///{folder / 'bench.sqlite3'}"
    await upgrade_to_head(url)
    clock = FixedClock()
    w = World(Database.from_url(url), clock, indexing.MatchingIndex(indexing.MatchPolicy()))
    now = clock.now()
    await wider_market(w.uow_factory, MARKET, now)
    rng = random.Random(seed)
    for _ in range(40):  # the market trades around, not only along its chain
        a, b = rng.sample(MARKET, 2)
        await w.deal(a, b)
    await members(w.uow_factory, [HONEST, ATTACKER], now - timedelta(days=120), Lang.ZH_HANS)
    await members(w.uow_factory, PUPPETS, now - timedelta(days=60), Lang.ZH_HANS)
    for partner in HONEST_PARTNERS:
        await w.deal(HONEST, partner, stars=5, back=5)
    await identity.verify_business(w.uow_factory, w.clock, HONEST, HONEST_CODE)
    posters = [p for p in MARKET[:14] if p not in HONEST_PARTNERS]  # traders who post
    await circle(w.uow_factory, w.clock, MARKET_CIRCLE, posters, age=timedelta(days=90))
    async with w.uow_factory() as uow:
        for user_id in (HONEST, ATTACKER):
            user = await uow.users.get(user_id)
            assert user is not None
            await uow.users.upsert(replace(user, phone=f"+86138000000{user_id:02d}"))
        await uow.commit()
    return w
