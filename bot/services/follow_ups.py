"""Follow-ups (issue 11): which reminders an event writes, in the event's own transaction,
and which reminders it ends. `bot.services.reminders.sending` sends them when they fall due.

A reminder ends in one of three ways: sent (once), cancelled because what it was about
ended (post closed, request answered, user gone), or expired because it fell due when it
was no longer useful (its policy says why). Each ending keeps its reason.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.models import ContactRequest, Post, PostKind, Reminder, User
from bot.domain.quiet_hours import next_digest_at, next_month_at
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.schedule import Schedule

OUTCOME = "deal.outcome"  # "Did you make a deal?" (bot.services.trust.deals)
MATCH_FOLLOW_UP = "match.follow_up"  # an alert its reader has not answered
CONTACT_FOLLOW_UP = "contact.follow_up"  # a contact request its owner has not answered
CONTACT_UNANSWERED = "contact.unanswered"  # the asker hears it is still unanswered
EXPIRY_WARNING = "post.expiry_warning"  # renew or close, before the post's end
NO_INTEREST = "post.no_interest"  # advice for a post nobody asked about
LEAD_CHECK = "need.leads"  # a need that alerted no seller goes to some as a lead
DIGEST = "digest.weekly"  # opt-in
MONTH = "month.report"  # "Your month", opt-in

ENDED_WITH_THE_POST = frozenset(
    {
        MATCH_FOLLOW_UP,
        CONTACT_FOLLOW_UP,
        CONTACT_UNANSWERED,
        EXPIRY_WARNING,
        NO_INTEREST,
        LEAD_CHECK,
    }
)
LEADS_TOPIC = "leads"  # a seller's switch for the leads others' needs bring them
# What /settings turns on and off, by topic (the digest has its own switch).
TOPICS: dict[str, frozenset[str]] = {
    "follow_up": frozenset({MATCH_FOLLOW_UP, CONTACT_FOLLOW_UP, CONTACT_UNANSWERED}),
    "expiry": frozenset({EXPIRY_WARNING}),
    "advice": frozenset({NO_INTEREST}),
    "deal": frozenset({OUTCOME}),
    LEADS_TOPIC: frozenset(),  # not a reminder of theirs: `reminders.demand_leads` asks
}


def topic_of(kind: str) -> str | None:
    return next((topic for topic, kinds in TOPICS.items() if kind in kinds), None)


@dataclass(frozen=True, slots=True)
class Ending:
    """Why a due reminder was not sent: `expired` (no longer useful) or cancelled."""

    reason: str
    expired: bool = False


@dataclass(frozen=True, slots=True)
class Postponed:
    """Not now: due again at `until` (the end of the reader's quiet hours)."""

    until: datetime


def cancelled(reason: str) -> Ending:
    return Ending(reason)


def expired(reason: str) -> Ending:
    return Ending(reason, expired=True)


async def end(
    uow: UnitOfWork, now: datetime, reminders: Collection[Reminder], reason: str
) -> None:
    for reminder in reminders:
        reminder.cancel(now, reason)
        await uow.reminders.update(reminder)


async def schedule_next_digest(uow: UnitOfWork, now: datetime, user: User) -> None:
    """The next digest for a reader who turned it on, Monday 09:00 in their time zone (any
    earlier one is replaced: their zone may have moved)."""
    await end(uow, now, await uow.reminders.pending(user_id=user.id, kinds=(DIGEST,)), "replaced")
    due = next_digest_at(now, user.timezone)
    await uow.reminders.add(Reminder(None, DIGEST, user.id, due))


async def stop_digest(uow: UnitOfWork, now: datetime, user_id: int) -> None:
    pending = await uow.reminders.pending(user_id=user_id, kinds=(DIGEST,))
    await end(uow, now, pending, "turned off in /settings")


async def schedule_next_month(uow: UnitOfWork, now: datetime, user: User) -> None:
    """The next "Your month" for a member who turned it on, the 1st at 09:00 in their time
    zone (any earlier one is replaced)."""
    await end(uow, now, await uow.reminders.pending(user_id=user.id, kinds=(MONTH,)), "replaced")
    await uow.reminders.add(Reminder(None, MONTH, user.id, next_month_at(now, user.timezone)))


async def stop_month(uow: UnitOfWork, now: datetime, user_id: int) -> None:
    pending = await uow.reminders.pending(user_id=user_id, kinds=(MONTH,))
    await end(uow, now, pending, "turned off in /settings")


async def after_alert(
    uow: UnitOfWork, now: datetime, schedule: Schedule, match_id: int, reader: int, post_id: int
) -> None:
    """An alert went to `reader` about a match of their post `post_id`."""
    due = now + schedule.follow_up_after
    await uow.reminders.add(Reminder(None, MATCH_FOLLOW_UP, reader, due, {}, post_id, match_id))


async def after_match_answered(
    uow: UnitOfWork, now: datetime, match_id: int, user_id: int, reason: str
) -> None:
    """They pressed Contact or Not relevant: no nudge about that match."""
    kinds = (MATCH_FOLLOW_UP,)
    found = await uow.reminders.pending(user_id=user_id, match_id=match_id, kinds=kinds)
    await end(uow, now, found, reason)


async def after_request(
    uow: UnitOfWork, now: datetime, schedule: Schedule, request: ContactRequest
) -> None:
    """One nudge to the owner after `follow_up_after`; after twice that, if it is still
    unanswered, the asker is told (nobody waits in the dark)."""
    payload: dict[str, object] = {"request": request.id}
    late = schedule.follow_up_after
    for kind, user_id, due in (
        (CONTACT_FOLLOW_UP, request.to_user_id, now + late),
        (CONTACT_UNANSWERED, request.from_user_id, now + 2 * late),
    ):
        reminder = Reminder(None, kind, user_id, due, payload, request.post_id, request.match_id)
        await uow.reminders.add(reminder)


async def after_request_answered(
    uow: UnitOfWork, now: datetime, request: ContactRequest, reason: str
) -> None:
    kinds = (CONTACT_FOLLOW_UP, CONTACT_UNANSWERED)
    for user_id in (request.to_user_id, request.from_user_id):
        found = await uow.reminders.pending(user_id=user_id, kinds=kinds)
        await end(uow, now, [r for r in found if r.payload.get("request") == request.id], reason)


async def after_opened(uow: UnitOfWork, now: datetime, schedule: Schedule, post: Post) -> None:
    """Published or renewed: a warning before its end and, if nobody shows interest,
    advice; a need, if it alerts no seller, goes as a lead to some; a renewal replaces
    the ones written for the earlier term."""
    assert post.id is not None
    earlier = await uow.reminders.pending(
        post_id=post.id, kinds=(EXPIRY_WARNING, NO_INTEREST, LEAD_CHECK)
    )
    await end(uow, now, earlier, "renewed")
    warn_at = post.expires_at - schedule.expiry_warning_before
    if warn_at > now:
        await uow.reminders.add(Reminder(None, EXPIRY_WARNING, post.user_id, warn_at, {}, post.id))
    nudge_at = now + schedule.nudge_after
    if nudge_at < post.expires_at:
        await uow.reminders.add(Reminder(None, NO_INTEREST, post.user_id, nudge_at, {}, post.id))
    leads_at = now + schedule.lead_after
    if post.kind is PostKind.NEED and leads_at < post.expires_at:
        await uow.reminders.add(Reminder(None, LEAD_CHECK, post.user_id, leads_at, {}, post.id))


async def after_closed(uow: UnitOfWork, now: datetime, post_id: int | None, reason: str) -> None:
    """Closed, withdrawn or expired: what was about the post ends with it (the question
    whether a deal was made stays)."""
    if post_id is None:
        return
    found = await uow.reminders.pending(post_id=post_id, kinds=ENDED_WITH_THE_POST)
    await end(uow, now, found, reason)


KEEP = timedelta(days=30)  # sent, cancelled or expired reminders, for looking into a complaint


async def purge(uow_factory: UowFactory, clock: Clock) -> int:
    """Housekeeping: reminders that ended longer than KEEP ago."""
    async with uow_factory() as uow:
        removed = await uow.reminders.purge_finished(clock.now() - KEEP)
        await uow.commit()
        return removed
