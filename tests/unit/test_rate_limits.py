"""Per-person rate limits: bursts pass, floods slow to RATE, one notice a minute."""

from __future__ import annotations

from bot.services.delivery.rate_limits import BURST, FORGET_AFTER, RateLimits


def test_a_burst_passes_then_one_a_second() -> None:
    limits = RateLimits()
    assert all(limits.allow(1, 0.0) for _ in range(BURST))
    assert not limits.allow(1, 0.0)
    assert not limits.allow(1, 0.5)
    assert limits.allow(1, 1.01)
    assert not limits.allow(1, 1.02)


def test_a_flood_at_30_a_second_gets_about_one_a_second() -> None:
    limits = RateLimits()
    passed = sum(limits.allow(1, n / 30) for n in range(30 * 20))  # 20 s of flood
    assert BURST + 19 <= passed <= BURST + 21


def test_others_are_never_slowed_by_a_flooder() -> None:
    limits = RateLimits()
    for n in range(1000):
        limits.allow(1, n / 100)
    assert all(limits.allow(2, 10.0) for _ in range(BURST))


def test_one_notice_a_minute() -> None:
    limits = RateLimits()
    for _ in range(BURST + 1):
        limits.allow(1, 0.0)
    assert limits.should_notice(1, 0.0)
    assert not limits.should_notice(1, 30.0)
    assert limits.should_notice(1, 61.0)
    assert not limits.should_notice(2, 61.0)  # never throttled


def test_idle_people_are_forgotten() -> None:
    limits = RateLimits()
    limits.allow(1, 0.0)
    limits.allow(2, FORGET_AFTER * 2)
    assert list(limits._buckets) == [2]
