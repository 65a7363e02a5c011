"""The after-effects of what happened to posts and to the matching index, in one table (`AFTER`): the follow-ups a post's life writes or ends, the index change logged
for the other processes (`index_sync`), this process's index changed, the writer's time zone
following the place a new post names (`reminders.home`), and the alerts a newly opened or
edited post sends.

A use case changes its rows, then hands what happened to the `AfterEffects` it was given
(`bot.services.events`; this module's `Table`, bound once by the bootstrap), which runs every
after-effect in the same transaction and commits. The in-memory index changes before the
commit where matching needs it at once (an opened post is matched against it); if anything
fails, the index gets back what the database still has. Changes that need no undo (a
dismissal, a circle's new id, expired posts leaving) reach the index after the commit.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

from bot.domain.models import Post, PostStatus
from bot.services import follow_ups
from bot.services.events import (
    CircleMoved,
    Event,
    MatchDismissed,
    MemberForgotten,
    PostClosed,
    PostEdited,
    PostExpired,
    PostOpened,
)
from bot.services.matching import alerts, index_sync, indexing, pairs
from bot.services.matching.indexing import NEUTRAL_TRUST, MatchingIndex
from bot.services.ports import UnitOfWork
from bot.services.reminders import home
from bot.services.schedule import DEFAULT_SCHEDULE, Schedule
from bot.services.trust.summaries import ranking_trust_of


@dataclass
class Effects:
    """What the after-effects work with beyond the transaction; `alerted` counts the pairs
    alerted."""

    index: MatchingIndex
    now: datetime
    schedule: Schedule = DEFAULT_SCHEDULE
    alerted: int = 0
    later: list[Callable[[], object]] = field(default_factory=list)  # once committed


Step = Callable[[UnitOfWork, Effects, Event], Awaitable[None]]


@dataclass(frozen=True)
class Table:
    """The after-effects of this process (`bot.services.events.AfterEffects`): its index,
    and the schedule the follow-ups and alerts keep."""

    index: MatchingIndex
    schedule: Schedule = DEFAULT_SCHEDULE

    async def commit(self, uow: UnitOfWork, now: datetime, events: Sequence[Event]) -> int:
        return await commit(uow, Effects(self.index, now, self.schedule), events)


async def commit(uow: UnitOfWork, effects: Effects, events: Sequence[Event]) -> int:
    """Every event's after-effects in this transaction, then the commit; returns how many
    pairs were alerted."""
    undo = await _undo(uow, effects, events)
    try:
        for event in events:
            for step in AFTER[type(event)]:
                await step(uow, effects, event)
        await uow.commit()
    except BaseException:
        for put_back in undo:
            put_back()
        raise
    for then in effects.later:
        then()
    return effects.alerted


async def _undo(
    uow: UnitOfWork, effects: Effects, events: Sequence[Event]
) -> list[Callable[[], object]]:
    """How to put the index back as the database has it, read before anything changes (the
    session may be unusable after a failed commit)."""
    undo: list[Callable[[], object]] = []
    for event in events:
        if isinstance(event, PostOpened | PostEdited | PostClosed):
            before = event.before
            keywords, trust = await _standing(uow, effects, before)
            undo.append(partial(effects.index.sync, before, keywords, trust))
        elif isinstance(event, MemberForgotten):
            for post in event.live:
                keywords, trust = await _standing(uow, effects, post)
                undo.append(partial(effects.index.add, post, keywords, trust))
    return undo


async def _standing(
    uow: UnitOfWork, effects: Effects, post: Post
) -> tuple[tuple[str, ...], float]:
    if post.status is not PostStatus.OPEN:
        return (), NEUTRAL_TRUST
    keywords = await indexing.profile_keywords(uow, post.user_id)
    return keywords, await ranking_trust_of(uow, post.user_id, effects.now)


# -- the after-effects ---------------------------------------------------------------------


async def _write_follow_ups(uow: UnitOfWork, effects: Effects, event: Event) -> None:
    assert isinstance(event, PostOpened)
    await follow_ups.after_opened(uow, effects.now, effects.schedule, event.post)


async def _end_follow_ups(uow: UnitOfWork, effects: Effects, event: Event) -> None:
    assert isinstance(event, PostClosed | PostExpired)
    reason = f"post {event.post.status.value}"
    await follow_ups.after_closed(uow, effects.now, event.post.id, reason)


async def _log_post_change(uow: UnitOfWork, effects: Effects, event: Event) -> None:
    """Other processes read these posts again (or let them go)."""
    post_ids: Sequence[int | None]
    if isinstance(event, CircleMoved):  # other processes read the posts' new circle
        circles = effects.index.circles.items()
        post_ids = [post_id for post_id, circle in circles if circle == event.old_id]
    elif isinstance(event, MemberForgotten):
        post_ids = event.post_ids
    else:
        assert isinstance(event, PostOpened | PostEdited | PostClosed | PostExpired)
        post_ids = (event.post.id,)
    for post_id in post_ids:
        await index_sync.changed(uow, effects.index, effects.now, post_id=post_id)


async def _place_writer(uow: UnitOfWork, effects: Effects, event: Event) -> None:
    """The place a post names as its writer's may be where they are (`home.follow_post`):
    before the alerts, which show them prices in their currency."""
    assert isinstance(event, PostOpened)
    await home.follow_post(uow, effects.now, event.post, effects.index.policy.rates)


async def _match(uow: UnitOfWork, effects: Effects, event: Event) -> None:
    """Indexed as it now stands and matched; both sides of new pairs alerted."""
    assert isinstance(event, PostOpened | PostEdited)
    index, now = effects.index, effects.now
    found = await pairs.match_post(uow, now, index, event.post)
    rates = index.policy.rates
    effects.alerted += await alerts.queue_pairs_alerts(uow, now, found, effects.schedule, rates)


async def _forget_vector(uow: UnitOfWork, _effects: Effects, event: Event) -> None:
    """An edited post may mean something else now: its vector is made again
    (`bot.services.matching.meaning`)."""
    assert isinstance(event, PostEdited)
    if event.post.id is not None:
        await uow.post_vectors.forget(event.post.id)


async def _leave_index_now(_uow: UnitOfWork, effects: Effects, event: Event) -> None:
    if isinstance(event, MemberForgotten):
        for post_id in event.post_ids:
            effects.index.remove(post_id)
        effects.later.append(partial(effects.index.engine.dismissals.clear, event.user_id))
        return
    assert isinstance(event, PostClosed)
    effects.index.remove(event.post.id)


async def _leave_index_later(_uow: UnitOfWork, effects: Effects, event: Event) -> None:
    assert isinstance(event, PostExpired)
    effects.later.append(partial(effects.index.remove, event.post.id))


async def _log_dismissal(uow: UnitOfWork, effects: Effects, event: Event) -> None:
    assert isinstance(event, MatchDismissed)
    kind, index = index_sync.DISMISS, effects.index
    await index_sync.changed(
        uow, index, effects.now, kind, post_id=event.post_id, user_id=event.user_id
    )
    effects.later.append(partial(index.dismiss, event.user_id, event.post_id))


async def _move_circle(_uow: UnitOfWork, effects: Effects, event: Event) -> None:
    assert isinstance(event, CircleMoved)
    effects.later.append(partial(effects.index.move_circle, event.old_id, event.new_id))


AFTER: dict[type[Event], tuple[Step, ...]] = {
    PostOpened: (_write_follow_ups, _log_post_change, _place_writer, _match),
    PostEdited: (_forget_vector, _log_post_change, _match),
    PostClosed: (_end_follow_ups, _log_post_change, _leave_index_now),
    PostExpired: (_end_follow_ups, _log_post_change, _leave_index_later),
    MatchDismissed: (_log_dismissal,),
    MemberForgotten: (_log_post_change, _leave_index_now),
    CircleMoved: (_log_post_change, _move_circle),
}
