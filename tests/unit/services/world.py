"""Shared set-up for use-case tests: people and posts in an in-memory store."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Lang, Post, User
from bot.services.after_effects import Table
from bot.services.matching import indexing
from bot.services.ports import UowFactory
from bot.services.posting import posts, publishing
from bot.services.reminders import sending
from bot.services.reminders.reminder_context import ReminderContext
from bot.services.schedule import Schedule
from bot.services.trust import deals
from tests.fakes import FixedClock

TTL = timedelta(days=30)
OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "求购 不锈钢保温杯 3000个 单价15元以内 送到上海"


def new_index() -> indexing.MatchingIndex:
    return indexing.MatchingIndex(indexing.MatchPolicy())


async def sweep(
    uow_factory: UowFactory,
    clock: FixedClock,
    index: indexing.MatchingIndex | None = None,
    schedule: Schedule | None = None,
    *,
    bot_username: str = "",
) -> int:
    """What the reminders job does once: due reminders, then claims left unconfirmed.
    Returns how many reminders were sent."""
    context = ReminderContext(schedule or Schedule(post_ttl=TTL), index or new_index())
    sent = await sending.send_due(uow_factory, clock, context, bot_username=bot_username)
    await deals.expire_claims(uow_factory, clock)
    return sent


async def add_user(
    uow_factory: UowFactory,
    user_id: int,
    lang: Lang = Lang.ZH_HANS,
    *,
    timezone: str = "Asia/Shanghai",  # their city's currency shows them prices (UTC: none)
) -> User:
    user = User(id=user_id, language=lang, display_name=f"User {user_id}", timezone=timezone)
    async with uow_factory() as uow:
        await uow.users.upsert(user)
        await uow.commit()
    return user


async def drafted(uow_factory: UowFactory, clock: FixedClock, user_id: int, text: str) -> Post:
    async with uow_factory() as uow:
        known = await uow.users.get(user_id) is not None
    if not known:
        await add_user(uow_factory, user_id)
    return (await posts.draft(uow_factory, clock, TTL, user_id, text)).post


async def opened(
    uow_factory: UowFactory,
    clock: FixedClock,
    index: indexing.MatchingIndex,
    user_id: int,
    text: str,
) -> tuple[Post, int]:
    draft = await drafted(uow_factory, clock, user_id, text)
    assert draft.id is not None
    return await publishing.publish(
        uow_factory,
        clock,
        Schedule(post_ttl=TTL),
        Table(index, Schedule(post_ttl=TTL)),
        draft.id,
        user_id,
    )


async def stored(uow_factory: UowFactory, post_id: int | None) -> Post:
    async with uow_factory() as uow:
        post = await uow.posts.get(post_id or -1)
    assert post is not None
    return post


async def outbox_kinds(uow_factory: UowFactory, chat_id: int) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [message.kind for message in due if message.chat_id == chat_id]
