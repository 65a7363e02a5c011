"""Confirmed deals for service tests: one deal as the deal flow leaves it (a deals row with
its outcome, a trust event for each side), and a wider market of established accounts."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from bot.domain.models import Deal, DealOutcome, Lang, TrustEvent, User
from bot.services.ports import UnitOfWork, UowFactory


async def confirm_deal(uow: UnitOfWork, seller: int, buyer: int, at: datetime) -> int:
    deal = Deal(None, None, None, None, seller, buyer, at)
    deal_id = await uow.deals.add(deal)
    deal.outcome, deal.closed_at = DealOutcome.CONFIRMED, at
    deal.seller_confirmed_at = deal.buyer_confirmed_at = at
    await uow.deals.update(deal)
    for side, other in ((seller, buyer), (buyer, seller)):
        detail: dict[str, object] = {"deal": deal_id}
        event = TrustEvent(side, "deal.confirmed", at, counterpart_id=other, detail=detail)
        await uow.trust_events.add(event)
    return deal_id


async def members(
    uow_factory: UowFactory, ids: Iterable[int], joined: datetime, lang: Lang = Lang.EN
) -> None:
    async with uow_factory() as uow:
        for user_id in ids:
            name = f"User {user_id}"
            await uow.users.upsert(User(user_id, lang, display_name=name, created_at=joined))
        await uow.commit()


async def wider_market(uow_factory: UowFactory, ids: list[int], now: datetime) -> None:
    """Accounts 90 days old, each with a confirmed deal with the next: a chain longer
    than any closed group (bot.domain.trust.partners.CLOSED_GROUP_MAX)."""
    await members(uow_factory, ids, now - timedelta(days=90))
    async with uow_factory() as uow:
        for seller, buyer in zip(ids, ids[1:], strict=False):
            await confirm_deal(uow, seller, buyer, now - timedelta(days=60))
        await uow.commit()
