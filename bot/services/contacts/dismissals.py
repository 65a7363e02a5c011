"""Dismissals: "Not relevant" under a match alert is remembered and lowers similar matches
for that user (the index is told now; a restart restores it from the stored flags)."""

from __future__ import annotations

from bot.services import follow_ups
from bot.services.contacts.contact_requests import match_sides
from bot.services.errors import UserFacingError
from bot.services.events import AfterEffects, MatchDismissed
from bot.services.ports import Clock, UowFactory


async def dismiss_match(
    uow_factory: UowFactory, clock: Clock, after: AfterEffects, match_id: int, user_id: int
) -> None:
    async with uow_factory() as uow:
        match = await uow.matches.get(match_id)
        if match is None:
            raise UserFacingError("post.not_found")
        mine, theirs = await match_sides(uow, match_id, user_id)
        if mine.id == match.offer_id:
            again, match.offer_dismissed = match.offer_dismissed, True
        else:
            again, match.need_dismissed = match.need_dismissed, True
        if again:
            return  # a second press: nothing new to remember
        await uow.matches.update(match)
        await follow_ups.after_match_answered(uow, clock.now(), match_id, user_id, "dismissed")
        events = [] if theirs.id is None else [MatchDismissed(user_id, theirs.id)]
        await after.commit(uow, clock.now(), events)
