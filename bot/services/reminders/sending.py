"""The one sweep that sends every stored reminder (issue 11): the outcome question,
follow-ups, expiry warnings, advice, the weekly digest, "Your month", and a need's check
for demand leads (which writes to sellers, so its owner's quiet hours do not hold it:
`FOR_OTHERS`; the sellers' hold the messages in the outbox).

A repeating job calls `send_due` every REMINDER_TICK. Each due reminder is handled inside
one transaction with the outbox message it writes, so it is sent at most once, and one
that fell due while the bot was down (even killed) is handled when it is back. Before its
policy runs, a reminder ends with its reason when its reader is gone or blocked the bot
(not retried; they come back active by writing again), when they turned its topic off in
/settings, or when it is later than its kind allows (`LATE_LIMITS`). One that falls due in its
reader's quiet hours waits until they end and is written then, from what is true then."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta

from bot.domain.models import Reminder, User
from bot.domain.quiet_hours import quiet_until
from bot.services.follow_ups import (
    CONTACT_FOLLOW_UP,
    CONTACT_UNANSWERED,
    DIGEST,
    EXPIRY_WARNING,
    LEAD_CHECK,
    MATCH_FOLLOW_UP,
    MONTH,
    NO_INTEREST,
    OUTCOME,
    Ending,
    Postponed,
    cancelled,
    expired,
    topic_of,
)
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.reminders._digest import weekly_digest
from bot.services.reminders._match_reminders import (
    alert_follow_up,
    request_follow_up,
    request_unanswered,
)
from bot.services.reminders._post_reminders import expiry_warning, no_interest
from bot.services.reminders.demand_leads import demand_leads
from bot.services.reminders.reminder_context import ReminderContext
from bot.services.reminders.your_month import your_month
from bot.services.trust import deals

Policy = Callable[
    [UnitOfWork, datetime, Reminder, User, ReminderContext], Awaitable[Ending | None]
]


async def _outcome(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, _context: ReminderContext
) -> Ending | None:
    return await deals.ask_outcome(uow, now, reminder, user)


POLICIES: dict[str, Policy] = {
    OUTCOME: _outcome,
    MATCH_FOLLOW_UP: alert_follow_up,
    CONTACT_FOLLOW_UP: request_follow_up,
    CONTACT_UNANSWERED: request_unanswered,
    EXPIRY_WARNING: expiry_warning,
    NO_INTEREST: no_interest,
    LEAD_CHECK: demand_leads,
    DIGEST: weekly_digest,
    MONTH: your_month,
}

# Past these, a reminder that fell due (say, while the bot was down) is no longer useful.
LATE_LIMITS: dict[str, timedelta] = {
    MATCH_FOLLOW_UP: timedelta(days=3),
    CONTACT_FOLLOW_UP: timedelta(days=3),
    CONTACT_UNANSWERED: timedelta(days=3),
    NO_INTEREST: timedelta(days=7),
    LEAD_CHECK: timedelta(days=3),
}
FOR_OTHERS = frozenset({LEAD_CHECK})  # what it writes goes to others: not its owner's night


async def send_due(
    uow_factory: UowFactory,
    clock: Clock,
    context: ReminderContext,
    limit: int = 100,
    *,
    bot_username: str = "",
) -> int:
    """Handle up to `limit` due reminders, oldest first; returns how many were sent.
    `bot_username`: known once the bot is running, for links in what is sent."""
    if bot_username:
        context = replace(context, bot_username=bot_username)
    async with uow_factory() as uow:
        now = clock.now()
        sent = 0
        for reminder in await uow.reminders.due(now, limit):
            ending = await _handle(uow, now, reminder, context)
            if isinstance(ending, Postponed):
                reminder.due_at = ending.until
            elif ending is None:
                reminder.sent_at = now
                sent += 1
            elif ending.expired:
                reminder.expire(now, ending.reason)
            else:
                reminder.cancel(now, ending.reason)
            await uow.reminders.update(reminder)
        await uow.commit()
        return sent


async def _handle(
    uow: UnitOfWork, now: datetime, reminder: Reminder, context: ReminderContext
) -> Ending | Postponed | None:
    user = await uow.users.get(reminder.user_id)
    if user is None:
        return cancelled("user gone")
    if user.blocked_bot:
        return cancelled("blocked the bot")
    if topic_of(reminder.kind) in user.reminders_off:
        return cancelled("turned off in /settings")
    late = now - reminder.due_at
    limit = LATE_LIMITS.get(reminder.kind)
    if limit is not None and late > limit:
        return expired(f"fell due {late.days}d {late.seconds // 3600}h ago")
    quiet = context.quiet_hours and reminder.kind not in FOR_OTHERS
    night = quiet_until(now, user.timezone) if quiet else None
    if night is not None:  # written in the morning, from what is true then
        return Postponed(night)
    policy = POLICIES.get(reminder.kind)
    if policy is None:
        return expired(f"no policy for {reminder.kind}"[:64])
    return await policy(uow, now, reminder, user, context)
