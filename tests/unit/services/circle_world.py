"""Set-up for the identity-level use-case tests: circles of a given age with members who
posted in them, and confirmed deals between members."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from bot.domain.models import Circle, Deal, DealOutcome, Lang, Post, PostKind, PostStatus, User
from bot.domain.parsing import parse_post
from bot.services.ports import UowFactory
from tests.fakes import FixedClock
from tests.unit.services.deal_graph import confirm_deal, wider_market
from tests.unit.services.world import OFFER, add_user

OLD_ENOUGH = timedelta(days=31)  # past CIRCLE_MIN_AGE


async def circle(
    uow_factory: UowFactory,
    clock: FixedClock,
    chat_id: int,
    posters: Iterable[int],
    *,
    age: timedelta = OLD_ENOUGH,
    title: str = "",
    trading: bool = True,
) -> Circle:
    """A circle the bot has been in for `age`, where each of `posters` wrote one post;
    `trading`: each poster has a confirmed deal with a trader of the wider market."""
    posters = list(posters)
    made = Circle(chat_id, title or f"Circle {-chat_id}", created_at=clock.now() - age)
    parsed = parse_post(OFFER)
    async with uow_factory() as uow:
        await uow.circles.save(made)
        for user_id in posters:
            if await uow.users.get(user_id) is None:
                await uow.users.upsert(_user(user_id))
            now = clock.now()
            post = Post(
                None,
                user_id,
                PostKind.OFFER,
                OFFER,
                parsed,
                PostStatus.OPEN,
                Lang.ZH_HANS,
                now,
                now + timedelta(days=30),
                circle_id=chat_id,
            )
            await uow.posts.add(post)
        await uow.commit()
    if trading:
        await _trading(uow_factory, clock, posters)
    return made


MARKET = list(range(9000, 9040))


async def _trading(uow_factory: UowFactory, clock: FixedClock, posters: list[int]) -> None:
    async with uow_factory() as uow:
        known = await uow.users.get(MARKET[0]) is not None
    if not known:
        await wider_market(uow_factory, MARKET, clock.now())
    async with uow_factory() as uow:
        for n, poster in enumerate(posters):
            await confirm_deal(uow, poster, MARKET[n % len(MARKET)], clock.now())
        await uow.commit()


async def deals_with(
    uow_factory: UowFactory, clock: FixedClock, member: int, partners: Iterable[int]
) -> None:
    """One confirmed deal between the member and each partner."""
    now = clock.now()
    async with uow_factory() as uow:
        for partner in partners:
            if await uow.users.get(partner) is None:
                await uow.users.upsert(_user(partner))
            deal = Deal(None, None, None, None, member, partner, now)
            deal.id = await uow.deals.add(deal)
            deal.outcome, deal.closed_at = DealOutcome.CONFIRMED, now
            await uow.deals.update(deal)
        await uow.commit()


async def people(uow_factory: UowFactory, *ids: int) -> None:
    for user_id in ids:
        await add_user(uow_factory, user_id, Lang.EN)


def _user(user_id: int) -> User:
    return User(user_id, Lang.EN, display_name=f"User {user_id}")
