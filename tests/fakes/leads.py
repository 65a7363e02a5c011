"""The fake leads repository (storage/repositories/leads.py): the products sellers are
known to sell, and the leads sent, gone with their need (`drop_leads`, the ON DELETE
CASCADE of the fakes that delete posts) or their user (/forget)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime

from bot.domain.models import SellerInterest
from tests.fakes.base import Tables, _Repository, _require

OFFER, PROFILE = "offer", "profile"
KEY_LENGTH = 120


def drop_leads(tables: Tables, post_ids: Iterable[int]) -> None:
    """What the foreign key's ON DELETE CASCADE does when these posts are deleted."""
    gone = set(post_ids)
    for key in [k for k in tables.leads if k[0] in gone]:
        del tables.leads[key]


def forget_seller(tables: Tables, user_id: int) -> None:
    """What the user's erasure deletes: what they sell, and the leads sent to them."""
    for key in [k for k in tables.seller_interests if k[0] == user_id]:
        del tables.seller_interests[key]
    for pair in [k for k in tables.leads if k[1] == user_id]:
        del tables.leads[pair]


class FakeLeadsRepository(_Repository):
    async def note_offer(self, user_id: int, product_key: str, at: datetime) -> None:
        _require(user_id in self._read.users, "seller_interests.user_id")
        self._write.seller_interests[(user_id, product_key[:KEY_LENGTH], OFFER)] = at

    async def set_profile_products(self, user_id: int, product_keys: Collection[str]) -> None:
        _require(user_id in self._read.users, "seller_interests.user_id")
        tables = self._write
        for key in [k for k in tables.seller_interests if k[0] == user_id and k[2] == PROFILE]:
            del tables.seller_interests[key]
        for product_key in product_keys:
            tables.seller_interests[(user_id, product_key[:KEY_LENGTH], PROFILE)] = self._now()

    async def sellers_of(
        self, product_key: str, since: datetime, limit: int
    ) -> list[SellerInterest]:
        wanted = product_key[:KEY_LENGTH]
        found = [
            SellerInterest(user_id, source, at)
            for (user_id, key, source), at in self._read.seller_interests.items()
            if key == wanted and (source == PROFILE or at >= since)
        ]
        found.sort(key=lambda i: (-i.last_at.timestamp(), i.user_id, i.source))
        return found[:limit]

    async def add(self, need_id: int, seller_id: int, at: datetime) -> bool:
        _require(need_id in self._read.posts, "leads.need_id")
        _require(seller_id in self._read.users, "leads.seller_id")
        if (need_id, seller_id) in self._read.leads:
            return False
        self._write.leads[(need_id, seller_id)] = at
        return True

    async def count_to_seller_since(self, seller_id: int, since: datetime) -> int:
        return sum(
            1
            for (_, seller), at in self._read.leads.items()
            if seller == seller_id and at >= since
        )
