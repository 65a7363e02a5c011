"""Fake deals and ratings repositories."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Collection
from datetime import datetime

from bot.domain.models import Deal, DealOutcome, Rating
from tests.fakes.base import IntegrityError, _Repository, _require, _utc, _utc_or_none


class FakeDealsRepository(_Repository):
    async def add(self, deal: Deal) -> int:
        tables = self._write
        _require(deal.seller_id in tables.users, "deals.seller_id")
        _require(deal.buyer_id in tables.users, "deals.buyer_id")
        _require(deal.match_id in (None, *tables.matches), "deals.match_id")
        stored = dataclasses.replace(
            deal,
            id=tables.next_id("deals"),
            created_at=_utc(deal.created_at),
            outcome=None,  # not written by an insert
            seller_confirmed_at=None,
            buyer_confirmed_at=None,
            closed_at=None,
        )
        tables.deals[stored.id] = stored  # type: ignore[index]
        deal.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def get(self, deal_id: int) -> Deal | None:
        return copy.deepcopy(self._read.deals.get(deal_id))

    async def update(self, deal: Deal) -> None:
        stored = self._write.deals.get(deal.id) if deal.id is not None else None
        if stored is None:
            raise LookupError(f"no deal {deal.id}")
        stored.outcome = deal.outcome
        stored.seller_confirmed_at = _utc_or_none(deal.seller_confirmed_at)
        stored.buyer_confirmed_at = _utc_or_none(deal.buyer_confirmed_at)
        stored.closed_at = _utc_or_none(deal.closed_at)

    async def claimed_before(self, when: datetime, limit: int = 100) -> list[Deal]:
        found = [
            d
            for _id, d in sorted(self._read.deals.items())
            if d.outcome is DealOutcome.CLAIMED and d.claimed_at and d.claimed_at < when
        ]
        return copy.deepcopy(found[:limit])

    async def of_user(self, user_id: int) -> list[Deal]:
        return copy.deepcopy([d for _id, d in sorted(self._read.deals.items()) if d.has(user_id)])

    async def of_users_since(self, user_ids: Collection[int], since: datetime) -> list[Deal]:
        wanted = set(user_ids)
        return copy.deepcopy(
            [
                d
                for _id, d in sorted(self._read.deals.items())
                if wanted & {d.seller_id, d.buyer_id}
                and (d.created_at >= since or (d.closed_at is not None and d.closed_at >= since))
            ]
        )

    async def about_post(self, post_id: int, user_id: int) -> list[Deal]:
        return copy.deepcopy(
            [
                d
                for _id, d in sorted(self._read.deals.items())
                if d.has(user_id) and post_id in (d.offer_id, d.need_id)
            ]
        )

    async def confirmed_pairs(self, user_ids: Collection[int]) -> list[tuple[int, int]]:
        wanted = set(user_ids)
        return [
            (d.seller_id, d.buyer_id)
            for _id, d in sorted(self._read.deals.items())
            if d.outcome is DealOutcome.CONFIRMED and {d.seller_id, d.buyer_id} & wanted
        ]

    async def between(self, user_a: int, user_b: int) -> list[Deal]:
        return copy.deepcopy(
            [
                d
                for _id, d in sorted(self._read.deals.items())
                if {d.seller_id, d.buyer_id} == {user_a, user_b}
            ]
        )


class FakeRatingsRepository(_Repository):
    async def add(self, rating: Rating) -> int:
        tables = self._write
        _require(rating.deal_id in tables.deals, "ratings.deal_id")
        _require(rating.rater_id in tables.users, "ratings.rater_id")
        _require(rating.ratee_id in tables.users, "ratings.ratee_id")
        if not 1 <= rating.stars <= 5:
            raise IntegrityError("ratings.stars_range")
        if any(
            (r.deal_id, r.rater_id) == (rating.deal_id, rating.rater_id)
            for r in tables.ratings.values()
        ):
            raise IntegrityError("ratings (deal_id, rater_id)")
        stored = dataclasses.replace(
            rating, id=tables.next_id("ratings"), created_at=_utc(rating.created_at)
        )
        tables.ratings[stored.id] = stored  # type: ignore[index]
        rating.id = stored.id
        return stored.id  # type: ignore[return-value]

    async def for_deal(self, deal_id: int) -> list[Rating]:
        found = [r for _id, r in sorted(self._read.ratings.items()) if r.deal_id == deal_id]
        return copy.deepcopy(found)

    async def for_ratee(self, user_id: int) -> list[Rating]:
        found = [r for _id, r in sorted(self._read.ratings.items()) if r.ratee_id == user_id]
        return copy.deepcopy(found)

    async def everything(self, limit: int = 100_000) -> list[Rating]:
        return copy.deepcopy([r for _id, r in sorted(self._read.ratings.items())][-limit:])

    async def set_comment(self, deal_id: int, rater_id: int, comment: str) -> bool:
        for rating in self._write.ratings.values():
            if (rating.deal_id, rating.rater_id) == (deal_id, rater_id):
                if rating.comment:
                    return False
                rating.comment = comment
                return True
        return False
