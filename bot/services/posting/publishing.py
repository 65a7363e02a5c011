"""Opening, changing and closing posts: the only use cases that make a post public or take
it down, each in one transaction together with the matching work it causes.

What happened goes to the `AfterEffects` bound in: an opened post (published, renewed, or edited
while open) is indexed, matched and both sides of new pairs alerted in the same transaction
as the change; a closed or expired post leaves the index.
"""

from __future__ import annotations

from copy import copy

from bot.domain.models import Action, Post, PostStatus
from bot.services.delivery import outbox
from bot.services.errors import UserFacingError
from bot.services.events import (
    AfterEffects,
    Event,
    PostClosed,
    PostEdited,
    PostExpired,
    PostOpened,
)
from bot.services.people.users import recipient
from bot.services.ports import Clock, UowFactory
from bot.services.posting.post_edits import edit_post
from bot.services.posting.posts import post_for_action, record_event, writer_region
from bot.services.schedule import Schedule
from bot.texts.cards import expiry_notice

# open posts one member may have at once: room for a real catalogue, not for flooding every
# market with alerts
MAX_OPEN_POSTS = 50


async def _open(
    uow_factory: UowFactory,
    clock: Clock,
    after: AfterEffects,
    post_id: int,
    user_id: int,
    action: Action,
    schedule: Schedule,
) -> tuple[Post, int]:
    async with uow_factory() as uow:
        post = await post_for_action(uow, post_id, user_id, action)
        if not post.parsed.product:
            raise UserFacingError("problem.product.missing")
        if post.status is not PostStatus.OPEN and (
            await uow.posts.count_by_user(user_id, [PostStatus.OPEN]) >= MAX_OPEN_POSTS
        ):
            raise UserFacingError("post.too_many_open", limit=MAX_OPEN_POSTS)
        before, now = copy(post), clock.now()
        if post.status is PostStatus.DRAFT:
            post.created_at = now
        post.status, post.updated_at, post.expires_at = (
            PostStatus.OPEN,
            now,
            now + schedule.post_ttl,
        )
        await uow.posts.update(post)
        if before.status is PostStatus.DRAFT:
            await record_event(uow, post, "post.created", post_kind=post.kind.value)
        else:
            await record_event(uow, post, "post.renewed")
        alerted = await after.commit(uow, now, [PostOpened(post, before)])
        return post, alerted


async def publish(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    after: AfterEffects,
    post_id: int,
    user_id: int,
) -> tuple[Post, int]:
    """A draft goes public for `schedule.post_ttl`; returns it and how many new pairs were
    alerted. Its expiry warning and no-interest advice are scheduled with it."""
    action = Action.PUBLISH_POST
    return await _open(uow_factory, clock, after, post_id, user_id, action, schedule)


async def renew(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    after: AfterEffects,
    post_id: int,
    user_id: int,
) -> tuple[Post, int]:
    """An open or expired post stays open for another `schedule.post_ttl`, and is matched
    again."""
    action = Action.RENEW_POST
    return await _open(uow_factory, clock, after, post_id, user_id, action, schedule)


async def edit_field(
    uow_factory: UowFactory,
    clock: Clock,
    after: AfterEffects,
    post_id: int,
    user_id: int,
    field: str,
    value: str,
) -> tuple[Post, int]:
    """Change one field of a draft or open post. A value that cannot be read raises before
    anything changes. An edited open post may now fit needs or offers it did not before."""
    async with uow_factory() as uow:
        post = await post_for_action(uow, post_id, user_id, Action.EDIT_POST_FIELD)
        before = copy(post)
        edit_post(post, field, value, await writer_region(uow, user_id))
        now = post.updated_at = clock.now()
        await uow.posts.update(post)
        events: list[Event] = []
        if post.status is PostStatus.OPEN:
            await record_event(uow, post, "post.edited", field=field)
            events.append(PostEdited(post, before))
        alerted = await after.commit(uow, now, events)
        return post, alerted


async def close(
    uow_factory: UowFactory,
    clock: Clock,
    after: AfterEffects,
    post_id: int,
    user_id: int,
    *,
    deal: bool,
) -> Post:
    """The owner closes an open or expired post: a deal was made, or they withdraw it."""
    action = Action.CLOSE_WITH_DEAL if deal else Action.WITHDRAW_POST
    async with uow_factory() as uow:
        post = await post_for_action(uow, post_id, user_id, action)
        before = copy(post)
        post.status = PostStatus.DEAL if deal else PostStatus.WITHDRAWN
        post.updated_at = now = clock.now()
        await uow.posts.update(post)
        await record_event(uow, post, "post.closed", outcome=post.status.value)
        await after.commit(uow, now, [PostClosed(post, before)])
        return post


async def expire_due(
    uow_factory: UowFactory, clock: Clock, after: AfterEffects, limit: int = 500
) -> list[Post]:
    """Open posts past their expiry become expired, leave the index, and each owner is told
    (they can renew with one tap)."""
    now = clock.now()
    async with uow_factory() as uow:
        posts = await uow.posts.list_due_to_expire(now, limit)
        for post in posts:
            post.status, post.updated_at = PostStatus.EXPIRED, now
            await uow.posts.update(post)
            await record_event(uow, post, "post.expired")
            owner = await recipient(uow, post.user_id)
            if owner is not None:
                text = expiry_notice(post, owner.language)
                await outbox.add_to(uow, now, owner.id, text, kind="post.expired")
        await after.commit(uow, now, [PostExpired(p) for p in posts])
    return posts
