"""Use cases that open, change or close a post and keep the matching index in step, in the
same call: an opened post is indexed and matched (alerts queued), a closed one leaves the
index. Returns how many new pairs were alerted where that applies."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Post
from bot.services import matching, post_changes, posts
from bot.services.matching import MatchingIndex
from bot.services.ports import Clock, UowFactory


async def publish(
    uow_factory: UowFactory,
    clock: Clock,
    ttl: timedelta,
    index: MatchingIndex,
    post_id: int,
    user_id: int,
) -> tuple[Post, int]:
    post = await posts.publish(uow_factory, clock, ttl, post_id, user_id)
    return post, await matching.match_new_post(uow_factory, clock, index, post)


async def renew(
    uow_factory: UowFactory,
    clock: Clock,
    ttl: timedelta,
    index: MatchingIndex,
    post_id: int,
    user_id: int,
) -> tuple[Post, int]:
    post = await posts.renew(uow_factory, clock, ttl, post_id, user_id)
    return post, await matching.match_new_post(uow_factory, clock, index, post)


async def edit_field(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    post_id: int,
    user_id: int,
    field: str,
    value: str,
) -> tuple[Post, int]:
    """An edited open post may now fit needs or offers it did not fit before."""
    post = await post_changes.edit_field(uow_factory, clock, post_id, user_id, field, value)
    return post, await matching.match_new_post(uow_factory, clock, index, post)


async def close(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    post_id: int,
    user_id: int,
    *,
    deal: bool,
) -> Post:
    post = await posts.close(uow_factory, clock, post_id, user_id, deal=deal)
    index.remove(post.id)
    return post


async def expire_due(uow_factory: UowFactory, clock: Clock, index: MatchingIndex) -> list[Post]:
    expired = await post_changes.expire_due(uow_factory, clock)
    for post in expired:
        index.remove(post.id)
    return expired
