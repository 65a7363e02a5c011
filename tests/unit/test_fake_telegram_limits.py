"""Flood control of the fake: Telegram-like defaults, strict and off modes, retry_after."""

from __future__ import annotations

import pytest

from bot.fake_telegram.limits import FloodLimiter, FloodLimits, Window


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_strict_allows_one_message_per_chat_per_second(clock: Clock) -> None:
    limiter = FloodLimiter(FloodLimits.strict(), clock)
    assert limiter.check("sendMessage", 1, "private") is None
    assert limiter.check("sendMessage", 1, "private") == 1
    assert limiter.check("sendMessage", 2, "private") is None  # other chats are independent
    clock.now += 1.0
    assert limiter.check("sendMessage", 1, "private") is None


def test_default_private_chat_allows_a_small_burst_then_429(clock: Clock) -> None:
    limiter = FloodLimiter(FloodLimits(), clock)
    results = [limiter.check("sendMessage", 7, "private") for _ in range(4)]
    assert results == [None, None, None, 3]


def test_group_limit_is_twenty_per_minute(clock: Clock) -> None:
    limiter = FloodLimiter(FloodLimits(), clock)
    for _ in range(20):
        assert limiter.check("sendMessage", -5, "group") is None
        clock.now += 0.5
    retry = limiter.check("sendMessage", -5, "supergroup")
    assert retry == 50  # the first of the 20 leaves the 60 s window 50 s from now
    clock.now += 50
    assert limiter.check("sendMessage", -5, "group") is None


def test_overall_limit_spans_chats(clock: Clock) -> None:
    limiter = FloodLimiter(FloodLimits(overall=Window(30, 1.0)), clock)
    for chat_id in range(30):
        assert limiter.check("sendMessage", chat_id, "private") is None
    assert limiter.check("sendMessage", 999, "private") == 1


def test_refused_sends_are_not_counted(clock: Clock) -> None:
    limiter = FloodLimiter(FloodLimits.strict(), clock)
    limiter.check("sendMessage", 1, "private")
    for _ in range(5):
        assert limiter.check("sendMessage", 1, "private") == 1
    clock.now += 1.0
    assert limiter.check("sendMessage", 1, "private") is None


def test_off_and_unlimited_methods(clock: Clock) -> None:
    off = FloodLimiter(FloodLimits.off(), clock)
    assert all(off.check("sendMessage", 1, "private") is None for _ in range(100))
    strict = FloodLimiter(FloodLimits.strict(), clock)
    assert all(strict.check("editMessageText", 1, "private") is None for _ in range(10))


def test_reset_switches_limits(clock: Clock) -> None:
    limiter = FloodLimiter(FloodLimits.strict(), clock)
    limiter.check("sendMessage", 1, "private")
    limiter.reset(FloodLimits.off())
    assert limiter.check("sendMessage", 1, "private") is None
