"""Opening, changing and closing posts: the only use cases that make a post public or take
it down, each in one transaction together with the matching work it causes.

An opened post (published, renewed, or edited while open) is indexed, matched and both
sides of new pairs alerted in the same transaction as the change; a closed or expired post
leaves the index. The in-memory index changes before the commit, so a failed transaction
puts the index back as the database still has it (`_index_kept_in_step`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from copy import copy
from datetime import datetime

from bot.domain.models import Action, Post, PostStatus
from bot.services import follow_ups, index_sync, matching, outbox
from bot.services.alerts import recipient
from bot.services.errors import UserFacingError
from bot.services.matching import NEUTRAL_TRUST, MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.post_edits import edit_post
from bot.services.posts import post_for_action, record_event, writer_region
from bot.services.schedule import DEFAULT_SCHEDULE, Schedule
from bot.services.trust import ranking_trust_of
from bot.texts.cards import expiry_notice

# open posts one member may have at once: room for a real catalogue, not for flooding every
# market with alerts
MAX_OPEN_POSTS = 50


@asynccontextmanager
async def _index_kept_in_step(
    uow: UnitOfWork, index: MatchingIndex, before: Post, now: datetime
) -> AsyncIterator[None]:
    """If the body or its commit fails, the index gets back the post as stored before. What
    re-indexing needs is read first: after a failed commit the session may be unusable."""
    was_open = before.status is PostStatus.OPEN
    keywords = await matching.profile_keywords(uow, before.user_id) if was_open else ()
    trust = await ranking_trust_of(uow, before.user_id, now) if was_open else NEUTRAL_TRUST
    try:
        yield
    except BaseException:
        index.sync(before, keywords, trust)
        raise


async def _open(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
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
        before = copy(post)
        async with _index_kept_in_step(uow, index, before, clock.now()):
            now = clock.now()
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
            await follow_ups.after_opened(uow, now, schedule, post)
            await index_sync.changed(uow, index, now, post_id=post.id)
            alerted = await matching.match_post(uow, now, index, post, schedule)
            await uow.commit()
        return post, alerted


async def publish(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    index: MatchingIndex,
    post_id: int,
    user_id: int,
) -> tuple[Post, int]:
    """A draft goes public for `schedule.post_ttl`; returns it and how many new pairs were
    alerted. Its expiry warning and no-interest advice are scheduled with it."""
    action = Action.PUBLISH_POST
    return await _open(uow_factory, clock, index, post_id, user_id, action, schedule)


async def renew(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    index: MatchingIndex,
    post_id: int,
    user_id: int,
) -> tuple[Post, int]:
    """An open or expired post stays open for another `schedule.post_ttl`, and is matched
    again."""
    action = Action.RENEW_POST
    return await _open(uow_factory, clock, index, post_id, user_id, action, schedule)


async def edit_field(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    post_id: int,
    user_id: int,
    field: str,
    value: str,
    schedule: Schedule = DEFAULT_SCHEDULE,
) -> tuple[Post, int]:
    """Change one field of a draft or open post. A value that cannot be read raises before
    anything changes. An edited open post may now fit needs or offers it did not before."""
    async with uow_factory() as uow:
        post = await post_for_action(uow, post_id, user_id, Action.EDIT_POST_FIELD)
        before = copy(post)
        edit_post(post, field, value, await writer_region(uow, user_id))
        async with _index_kept_in_step(uow, index, before, clock.now()):
            now = post.updated_at = clock.now()
            await uow.posts.update(post)
            alerted = 0
            if post.status is PostStatus.OPEN:
                await record_event(uow, post, "post.edited", field=field)
                await index_sync.changed(uow, index, now, post_id=post.id)
                alerted = await matching.match_post(uow, now, index, post, schedule)
            await uow.commit()
        return post, alerted


async def close(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
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
        async with _index_kept_in_step(uow, index, before, clock.now()):
            post.status = PostStatus.DEAL if deal else PostStatus.WITHDRAWN
            post.updated_at = clock.now()
            await uow.posts.update(post)
            await record_event(uow, post, "post.closed", outcome=post.status.value)
            await follow_ups.after_closed(uow, clock.now(), post.id, f"post {post.status.value}")
            await index_sync.changed(uow, index, clock.now(), post_id=post.id)
            index.remove(post.id)
            await uow.commit()
        return post


async def expire_due(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, limit: int = 500
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
            await follow_ups.after_closed(uow, now, post.id, "post expired")
            await index_sync.changed(uow, index, now, post_id=post.id)
            owner = await recipient(uow, post.user_id)
            if owner is not None:
                text = expiry_notice(post, owner.language)
                await outbox.add_to(uow, now, owner.id, text, kind="post.expired")
        await uow.commit()
    for post in posts:
        index.remove(post.id)
    return posts
