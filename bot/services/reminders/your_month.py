""" "Your month" (issue 36), opt-in in /settings, on the 1st at 09:00 in the member's time
zone: last calendar month's alerts, contacts exchanged and confirmed deals, their deals per
contact beside their circle's median (the circle they joined last), and the share of the
last 12 months' confirmed sales that went to their largest buyer. Above half, up to
`SUGGESTED` open needs of other buyers that fit their open offers or /profile keywords."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.home import conversion_for
from bot.domain.matching.terms import extract_terms, query_terms
from bot.domain.matching.types import PostTerms
from bot.domain.models import Post, PostKind, PostStatus, Reminder, User
from bot.domain.quiet_hours import last_month, zone
from bot.domain.your_month import YourMonth, exchanges, largest_buyer, median_conversion
from bot.services.delivery import outbox
from bot.services.follow_ups import Ending, cancelled, expired, schedule_next_month
from bot.services.matching.fit_and_trust import posts_that_fit
from bot.services.people.users import told_currency
from bot.services.ports import UnitOfWork
from bot.services.reminders.reminder_context import ReminderContext
from bot.texts.your_month import month_text

SUGGESTED = 3
LATE = timedelta(days=7)  # a month's report a week late gives way to the next


async def your_month(
    uow: UnitOfWork, now: datetime, reminder: Reminder, user: User, context: ReminderContext
) -> Ending | None:
    if not user.month_report:
        return cancelled("turned off in /settings")
    await schedule_next_month(uow, now, user)
    if now - reminder.due_at > LATE:
        return expired("missed its month")
    month = await month_of(uow, user, now)
    suggested = await _other_buyers(uow, context, user, month, now) if month.one_big_buyer else []
    conversion = conversion_for(user, context.index.policy.rates)
    text = month_text(
        user.language, month, suggested, bot_username=context.bot_username, conversion=conversion
    )
    await told_currency(uow, user.id, conversion)
    await outbox.add_to(uow, now, user.id, text, kind="month.report")
    return None


async def month_of(uow: UnitOfWork, user: User, now: datetime) -> YourMonth:
    """The figures of the calendar month before `now` in the member's time zone."""
    start, end = last_month(now, user.timezone)
    mine = await uow.deals.of_user(user.id)
    alerts = await uow.matches.count_alerts_to_user_since(user.id, start, end)
    circle = await uow.circles.latest_of(user.id)
    median = None
    if circle is not None:
        members = await uow.circles.members(circle.id)
        pool = await uow.deals.of_users_since(members, start)
        median = median_conversion(pool, members, start, end)
    sales, top, buyer = largest_buyer(mine, user.id, end)
    return YourMonth(
        start.astimezone(zone(user.timezone)),
        alerts,
        exchanges(mine, user.id, start, end),
        circle.title if circle else None,
        median,
        sales,
        top,
        buyer,
    )


async def _other_buyers(
    uow: UnitOfWork, context: ReminderContext, user: User, month: YourMonth, now: datetime
) -> list[Post]:
    """Open needs of buyers other than the largest that fit the member's open offers or
    profile keywords and that they may see, best fit and most trusted first."""
    offers = await uow.posts.list_by_user(user.id, [PostStatus.OPEN], offset=0, limit=20)
    queries: list[tuple[PostTerms, PostKind | None]] = [
        (extract_terms(p.parsed, p.raw_text), PostKind.NEED)
        for p in offers
        if p.kind is PostKind.OFFER
    ]
    profile = await uow.profiles.get(user.id)
    if profile is not None and profile.keywords:
        queries.append((query_terms(" ".join(profile.keywords)), PostKind.NEED))
    skip = {month.top_buyer} if month.top_buyer is not None else set()
    engine = context.index.engine
    return await posts_that_fit(uow, engine, user.id, queries, now, SUGGESTED, skip=skip)
