"""Per-person rate limits: a token bucket per user, and at most one notice a minute.

A person can type or tap in bursts (a few posts pasted at once, quick taps through
/settings), so the bucket lets BURST updates through at once and then RATE a second.
Someone (or a script) sending far more is slowed down to that rate; everybody else has
their own bucket and never waits for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BURST = 12  # updates at once
RATE = 1.0  # updates a second after that
NOTICE_EVERY = 60.0  # seconds between two "slow down" notices to one person
FORGET_AFTER = 600.0  # seconds: a full bucket untouched this long is dropped


@dataclass
class _Bucket:
    tokens: float
    seen: float
    noticed: float | None = None


@dataclass
class RateLimits:
    burst: int = BURST
    rate: float = RATE
    notice_every: float = NOTICE_EVERY
    _buckets: dict[int, _Bucket] = field(default_factory=dict)
    _swept: float = 0.0

    def allow(self, user_id: int, now: float) -> bool:
        """Take one update's token from this person's bucket; False when it is empty."""
        self._sweep(now)
        bucket = self._buckets.get(user_id)
        if bucket is None:
            bucket = self._buckets[user_id] = _Bucket(tokens=float(self.burst), seen=now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.seen) * self.rate)
        bucket.seen = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return True
        return False

    def should_notice(self, user_id: int, now: float) -> bool:
        """True at most once per `notice_every` for a person held back."""
        bucket = self._buckets.get(user_id)
        if bucket is None:
            return False
        if bucket.noticed is not None and now - bucket.noticed < self.notice_every:
            return False
        bucket.noticed = now
        return True

    def _sweep(self, now: float) -> None:
        if now - self._swept < FORGET_AFTER:
            return
        self._swept = now
        full_again = self.burst / self.rate
        stale = [
            user_id
            for user_id, bucket in self._buckets.items()
            if now - bucket.seen > max(FORGET_AFTER, full_again)
        ]
        for user_id in stale:
            del self._buckets[user_id]
