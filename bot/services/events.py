"""What happened to posts and to the matching index (domain events), and the port use cases
hand them to. Their after-effects are in one table: `bot.services.after_effects`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.domain.models import Post
from bot.services.ports import UnitOfWork


@dataclass(frozen=True, slots=True)
class PostOpened:  # published, or renewed for another term
    post: Post
    before: Post


@dataclass(frozen=True, slots=True)
class PostEdited:  # an open post changed
    post: Post
    before: Post


@dataclass(frozen=True, slots=True)
class PostClosed:  # by its owner: a deal was made, or they withdrew it
    post: Post
    before: Post


@dataclass(frozen=True, slots=True)
class PostExpired:
    post: Post


@dataclass(frozen=True, slots=True)
class MatchDismissed:  # "Not relevant": the user sees less like this post
    user_id: int
    post_id: int


@dataclass(frozen=True, slots=True)
class MemberForgotten:  # /forget: their posts are gone; `live` were open
    user_id: int
    post_ids: tuple[int, ...]
    live: tuple[Post, ...]


@dataclass(frozen=True, slots=True)
class CircleMoved:  # the group became a supergroup: a new chat id
    old_id: int
    new_id: int


Event = (
    PostOpened
    | PostEdited
    | PostClosed
    | PostExpired
    | MatchDismissed
    | MemberForgotten
    | CircleMoved
)


class AfterEffects(Protocol):
    """Runs every event's after-effects in the use case's transaction, then commits; returns
    how many new pairs were alerted."""

    async def commit(self, uow: UnitOfWork, now: datetime, events: Sequence[Event]) -> int: ...
