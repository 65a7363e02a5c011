"""Times in the reader's own time zone (issue 11).

Quiet hours: between 22:00 and 08:00 nothing but a reply is sent; the rest waits until
08:00. Alerts wait too only when the reader says so (/settings), since a fresh match is
worth a buzz to most merchants. The weekly digest comes on Monday at 09:00."""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

QUIET_FROM = time(22, 0)
QUIET_UNTIL = time(8, 0)

# Answers to what the reader just did, or to a request of theirs: never held back.
REPLIES = frozenset(
    {"rating.thanks", "contact.card", "contact.declined", "rating.revealed", "zone.followed"}
)
# Trade news: held back only for readers who asked for it.
ALERTS = frozenset({"match.alert", "contact.request"})


# What an IANA name can look like; zoneinfo turns anything else into a package import (a
# name of ':' and '/' recursed until Python gave up).
_IANA_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+){0,2}")


def zone(name: str) -> ZoneInfo:
    """The time zone of that IANA name, UTC for anything unknown."""
    if len(name) > 64 or not _IANA_NAME.fullmatch(name):
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def quiet_until(now: datetime, timezone: str) -> datetime | None:
    """When quiet hours end (08:00 local, as UTC) if `now` falls in them, else None.
    Wall-clock times, so daylight saving time moves them with the clocks."""
    local = now.astimezone(zone(timezone))
    if QUIET_UNTIL <= local.time() < QUIET_FROM:
        return None
    day = local.date() if local.time() < QUIET_UNTIL else local.date() + timedelta(days=1)
    return datetime.combine(day, QUIET_UNTIL, tzinfo=local.tzinfo).astimezone(UTC)


def held_until(now: datetime, timezone: str, kind: str, alerts_wait: bool) -> datetime | None:
    """When a message of `kind` may go to this reader: None for now."""
    if kind in REPLIES or (kind in ALERTS and not alerts_wait):
        return None
    return quiet_until(now, timezone)


DIGEST_DAY = 0  # Monday
DIGEST_TIME = time(9, 0)


def next_digest_at(now: datetime, timezone: str) -> datetime:
    """The next Monday 09:00 in the reader's time zone after `now`, as UTC."""
    local = now.astimezone(zone(timezone))
    days = (DIGEST_DAY - local.weekday()) % 7
    day = local.date() + timedelta(days=days)
    at = datetime.combine(day, DIGEST_TIME, tzinfo=local.tzinfo)
    if at <= local:
        at = datetime.combine(day + timedelta(days=7), DIGEST_TIME, tzinfo=local.tzinfo)
    return at.astimezone(UTC)


def month_start(local: datetime) -> datetime:
    """00:00 on the 1st of `local`'s month, in its time zone."""
    return datetime.combine(local.date().replace(day=1), time(0, 0), tzinfo=local.tzinfo)


def next_month_at(now: datetime, timezone: str) -> datetime:
    """The next 1st of a month, 09:00 in the reader's time zone after `now`, as UTC."""
    local = now.astimezone(zone(timezone))
    first = month_start(local).date()
    at = datetime.combine(first, DIGEST_TIME, tzinfo=local.tzinfo)
    if at <= local:
        following = (first + timedelta(days=32)).replace(day=1)
        at = datetime.combine(following, DIGEST_TIME, tzinfo=local.tzinfo)
    return at.astimezone(UTC)


def last_month(now: datetime, timezone: str) -> tuple[datetime, datetime]:
    """The calendar month before `now`'s in the reader's time zone: [its start, its end),
    as UTC."""
    end = month_start(now.astimezone(zone(timezone)))
    start = month_start(end - timedelta(days=1))
    return start.astimezone(UTC), end.astimezone(UTC)
