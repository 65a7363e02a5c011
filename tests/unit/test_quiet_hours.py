"""Quiet hours across time zones and daylight saving time (bot/domain/quiet_hours.py)."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.domain import quiet_hours
from bot.domain.quiet_hours import held_until, quiet_until


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


@pytest.mark.parametrize(
    ("now", "timezone", "until"),
    [
        (utc(2026, 12, 3, 15, 0), "Asia/Shanghai", utc(2026, 12, 4, 0, 0)),  # 23:00 local
        (utc(2026, 12, 2, 23, 0), "Asia/Shanghai", utc(2026, 12, 3, 0, 0)),  # 07:00 local
        (utc(2026, 12, 3, 0, 0), "Asia/Shanghai", None),  # 08:00 local: quiet hours are over
        (utc(2026, 12, 3, 13, 59), "Asia/Shanghai", None),  # 21:59 local
        (utc(2026, 12, 3, 14, 0), "Asia/Shanghai", utc(2026, 12, 4, 0, 0)),  # 22:00 local
        (utc(2026, 12, 3, 15, 0), "UTC", None),
        (utc(2026, 12, 3, 23, 0), "UTC", utc(2026, 12, 4, 8, 0)),
        (utc(2026, 12, 3, 23, 0), "Not/AZone", utc(2026, 12, 4, 8, 0)),  # unknown: UTC
        # New York springs forward on 2026-03-08: 08:00 that morning is EDT (UTC-4).
        (utc(2026, 3, 8, 3, 30), "America/New_York", utc(2026, 3, 8, 12, 0)),
        # Berlin falls back on 2026-10-25: 23:00 CEST the night before, 08:00 CET after.
        (utc(2026, 10, 24, 21, 0), "Europe/Berlin", utc(2026, 10, 25, 7, 0)),
        # The repeated hour itself (02:30 happens twice) is quiet either way.
        (utc(2026, 10, 25, 0, 30), "Europe/Berlin", utc(2026, 10, 25, 7, 0)),
        (utc(2026, 10, 25, 1, 30), "Europe/Berlin", utc(2026, 10, 25, 7, 0)),
        (utc(2026, 12, 3, 12, 0), "Asia/Kolkata", None),  # 17:30 local (a half-hour zone)
        (utc(2026, 12, 3, 17, 0), "Asia/Kolkata", utc(2026, 12, 4, 2, 30)),  # 22:30 local
    ],
)
def test_quiet_hours_end_at_eight_local_time(
    now: datetime, timezone: str, until: datetime | None
) -> None:
    assert quiet_until(now, timezone) == until


NIGHT = utc(2026, 12, 3, 15, 0)  # 23:00 in Shanghai


@pytest.mark.parametrize(
    ("kind", "alerts_wait", "held"),
    [
        ("post.expiry_warning", False, True),  # reminders always wait
        ("deal.question", False, True),
        ("match.alert", False, False),  # alerts go, unless the reader asked them to wait
        ("match.alert", True, True),
        ("contact.request", True, True),
        ("contact.card", True, False),  # an answer to their own request is never held
        ("rating.thanks", True, False),
    ],
)
def test_what_waits_through_the_night(kind: str, alerts_wait: bool, held: bool) -> None:
    until = held_until(NIGHT, "Asia/Shanghai", kind, alerts_wait)
    assert (until == utc(2026, 12, 4, 0, 0)) if held else until is None


def test_a_name_that_is_no_zone_name_is_utc() -> None:
    """zoneinfo imports a package for a name like this one (it recursed until Python gave
    up); found by tests/unit/test_input_fuzzing.py."""
    assert quiet_hours.zone((":/·“" * 700)[:2504]) == ZoneInfo("UTC")
    assert quiet_hours.zone("America/Argentina/Buenos_Aires") == ZoneInfo(
        "America/Argentina/Buenos_Aires"
    )
