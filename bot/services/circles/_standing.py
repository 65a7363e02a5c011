"""Whether a circle's admins may speak for a member, by vouching (L3) or by settling a
disputed registration number (L2): the rules are `bot.domain.trust.levels.circle_refusal`;
here they are read from the store. Who created the group is Telegram's to say: the handler
asks getChatAdministrators and passes the creator (None when the group has none)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.domain.models import Circle, DealOutcome
from bot.domain.trust.levels import CIRCLE_MIN_AGE, CIRCLE_MIN_POSTERS, circle_refusal
from bot.services.circles._known import circle_of
from bot.services.errors import UserFacingError
from bot.services.ports import UnitOfWork
from bot.services.trust.summaries import counted_deals_of


async def partners_of(uow: UnitOfWork, member_id: int) -> set[int]:
    """The member's partners of confirmed deals."""
    deals = await uow.deals.of_user(member_id)
    return {d.other(member_id) for d in deals if d.outcome is DealOutcome.CONFIRMED}


async def traders(uow: UnitOfWork, posters: Iterable[int], now: datetime) -> list[int]:
    """The posters who trade with the wider market: a confirmed deal with an independent
    partner (`bot.domain.trust.partners`). Puppets posting in a group of their own have
    none, however long they post."""
    return [p for p in posters if await counted_deals_of(uow, p, now) > 0]


async def circle_for(
    uow: UnitOfWork,
    now: datetime,
    chat_id: int,
    title: str,
    member_id: int,
    creator_id: int | None,
) -> Circle:
    """The group's circle if it may speak for the member, else a refusal saying why."""
    circle = await circle_of(uow, chat_id, title, now)
    posters = await traders(uow, await uow.circles.posters(chat_id), now)
    partners = await partners_of(uow, member_id)
    reason = circle_refusal(circle.created_at, now, posters, creator_id, member_id, partners)
    if reason is not None:
        age = (now - circle.created_at).days if circle.created_at is not None else 0
        raise UserFacingError(
            f"circle.standing.{reason}",
            days=CIRCLE_MIN_AGE.days,
            age=age,
            needed=CIRCLE_MIN_POSTERS,
            count=len(posters),
        )
    return circle


async def same_circle(uow: UnitOfWork, chat_id: int, other_id: int) -> bool:
    """Whether a circle id is this group's, or the id it had before it became a supergroup."""
    if other_id == chat_id:
        return True
    other = await uow.circles.get(other_id)
    return other is not None and other.migrated_to == chat_id
