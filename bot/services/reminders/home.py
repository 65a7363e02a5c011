"""A member's time zone follows a place they name (`bot.domain.home`): their /profile
region, or, for someone nothing placed yet, their side of a post they publish. Their quiet
hours, the digest's hour and, unless they picked one, their currency follow, and they are
told at once, with how to change it in /settings. A zone picked in /settings never moves,
and only what a member writes moves their own zone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

from bot.domain.home import (
    NamedPlace,
    city_of,
    moved_by_post,
    reader_currency,
    writers_side,
    zone_named,
)
from bot.domain.models import Post, User, ZoneSource
from bot.services.delivery import outbox
from bot.services.follow_ups import schedule_next_digest, schedule_next_month
from bot.services.ports import UnitOfWork
from bot.texts import Html
from bot.texts.user_settings import zone_followed

ZONE_FOLLOWED = "zone.followed"  # the notice's outbox kind: it answers what they just did


async def follow_post(
    uow: UnitOfWork, now: datetime, post: Post, rates: Mapping[str, float]
) -> bool:
    """A post just opened: its writer's side (where an offer ships from, where a need goes)
    places a writer nothing placed yet; they are told in a message of its own."""
    side = writers_side(post.kind, post.parsed.place, post.parsed.destination)
    named = zone_named(side) if side else None
    told = await follow(uow, now, post.user_id, named, moved_by_post, rates)
    if told is not None:
        await outbox.add_to(uow, now, post.user_id, told, kind=ZONE_FOLLOWED)
    return told is not None


async def follow(
    uow: UnitOfWork,
    now: datetime,
    user_id: int,
    named: NamedPlace | None,
    moves: Callable[[User], bool],
    rates: Mapping[str, float],
) -> Html | None:
    """Their time zone is `named`'s, if `moves` allows, in the caller's transaction; what
    tells them, when it changed (the same zone only marks it as placed: nothing to tell)."""
    if named is None:
        return None
    user = await uow.users.get(user_id)
    if user is None or user.deleted_at is not None or not moves(user):
        return None
    changed = user.timezone != named.zone
    if not changed and user.timezone_source is ZoneSource.PLACE:
        return None
    user.timezone, user.timezone_source = named.zone, ZoneSource.PLACE
    if changed and user.currency is None:
        user.currency_told = True  # the notice names it
    await uow.users.upsert(user)
    if not changed:
        return None
    if user.digest:
        await schedule_next_digest(uow, now, user)
    if user.month_report:
        await schedule_next_month(uow, now, user)
    currency = None if user.currency else reader_currency(user, rates)
    return zone_followed(user, named.name, now, city_of(user.timezone), currency)
