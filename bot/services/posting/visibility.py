"""Who may see a post: one written in a trade circle that keeps to itself is for its
members, and its owner, only. Every place that shows, lists, links or contacts another
member's post asks here (matching has its own rule for pairs: `bot.domain.circles`)."""

from __future__ import annotations

from bot.domain.circles import seen_by
from bot.domain.models import Circle, Post
from bot.services.ports import Clock, UnitOfWork, UowFactory


async def may_see(
    uow: UnitOfWork, post: Post, viewer_id: int, known: dict[int, Circle | None] | None = None
) -> bool:
    """`known`: circles read already, by id (a list of posts reads each circle once)."""
    if post.circle_id is None or post.user_id == viewer_id:
        return True
    if seen_by(await circle_of(uow, post.circle_id, known), member=False):  # open: anyone
        return True
    return await uow.circles.is_member(post.circle_id, viewer_id)


async def circle_of(
    uow: UnitOfWork, circle_id: int | None, known: dict[int, Circle | None] | None = None
) -> Circle | None:
    """The circle of that id (None for the open market), read once into `known`."""
    if circle_id is None:
        return None
    known = {} if known is None else known
    if circle_id not in known:
        known[circle_id] = await uow.circles.get(circle_id)
    return known[circle_id]


async def circle_to_ask(uow_factory: UowFactory, post_id: int, viewer_id: int) -> int | None:
    """The circle to ask Telegram about, when the viewer could see this post as one of its
    members but the bot does not know them as one (they were in the group before the bot
    came, and have not posted since)."""
    async with uow_factory() as uow:
        post = await uow.posts.get(post_id)
        if post is None or post.circle_id is None or await may_see(uow, post, viewer_id):
            return None
        return post.circle_id


async def member_confirmed(
    uow_factory: UowFactory, clock: Clock, circle_id: int, user_id: int
) -> None:
    """Telegram says they are in the group: a member since the bot came, as far as we know
    (as when a member's first post shows them)."""
    async with uow_factory() as uow:
        circle = await uow.circles.get(circle_id)
        if circle is None:
            return
        await uow.circles.add_member(circle_id, user_id, circle.created_at or clock.now())
        await uow.commit()
