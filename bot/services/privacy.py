"""/forget (issue 13): a member deletes their data, after one confirmation.

Deleted: their posts (and their place in the matching index), the matches of those posts,
their profile (name, username, phone, company, verification), contact requests to or from
them, reminders, buttons, persisted chat state, circle memberships, messages to them or
naming them (sent or not), and their own trust record: their trust events and the ratings
others gave them. Updates they sent, or that name them, keep only their id, so a
redelivered one is still a duplicate.

Anonymised: what other people's records rest on. Their deals and the stars they gave
others (without the comment, which was theirs) move to a stand-in: a users row with a new
negative id, no name, their join date (a rater's weight reads it) and `deleted_at`, shown
as "deleted user". Others' trust events that name them name the stand-in. Deals keep
working for the other side, except that a claim waiting for their answer is closed as "no
deal" (it would turn into an unconfirmed claim against its maker) and no new claim can
be made with a deleted user (`deals.deal_done`).

The users row stays as a tombstone: id and `deleted_at`, everything else blank. A block or
a redelivered update leaves it so; anything new they send starts afresh (`users.register`).
docs/RELIABILITY.md ("Privacy") says why.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from bot.domain.models import DealOutcome, Lang, PostStatus, User
from bot.domain.privacy import words_naming
from bot.services import index_sync
from bot.services.matching import MatchingIndex, profile_keywords
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.trust import ranking_trust_of

STAND_IN_FLOOR = 2**61  # stand-ins are below -2**61: no Telegram chat id is, nor a person
MAX_OPEN_POSTS = 10_000


async def forget(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, user_id: int
) -> bool:
    """Delete the member's data as above; False if there was nothing (already forgotten)."""
    async with uow_factory() as uow:
        user = await uow.users.get(user_id)
        if user is None or user.deleted_at is not None:
            return False
        now = clock.now()
        words = words_naming(user, await uow.profiles.get(user_id))
        live = await uow.posts.list_by_user(
            user_id, [PostStatus.OPEN], offset=0, limit=MAX_OPEN_POSTS
        )
        keywords = await profile_keywords(uow, user_id)
        trust = await ranking_trust_of(uow, user_id, now)
        for deal in await uow.deals.of_user(user_id):
            if deal.outcome is DealOutcome.CLAIMED and deal.claimed_by != user_id:
                deal.outcome, deal.closed_at = DealOutcome.NONE, now  # only they could confirm
                await uow.deals.update(deal)
        stand_in = await _new_stand_in(uow, user, now)
        posts = await uow.erasure.forget(user_id, stand_in, words, now)
        # Any language will do: nobody reads a tombstone's.
        tombstone = User(user_id, Lang.ZH_HANS, blocked_bot=True, created_at=now, deleted_at=now)
        await uow.users.upsert(tombstone)
        for post_id in posts:  # other processes forget them (and, at restart, the dismissals)
            await index_sync.changed(uow, index, now, post_id=post_id)
        try:
            for post_id in posts:
                index.remove(post_id)
            await uow.commit()
        except BaseException:  # the index gets back what the database still has
            for post in live:
                index.add(post, keywords, trust)
            raise
    index.engine.dismissals.clear(user_id)
    return True


async def _new_stand_in(uow: UnitOfWork, user: User, now: datetime) -> int:
    while True:
        stand_in = -STAND_IN_FLOOR - secrets.randbelow(STAND_IN_FLOOR)
        if await uow.users.get(stand_in) is None:
            break
    await uow.users.upsert(
        User(
            stand_in,
            Lang.ZH_HANS,
            blocked_bot=True,  # nothing is ever queued for them
            created_at=user.created_at,
            deleted_at=now,
        )
    )
    return stand_in
