"""Fault injection: the fake answers some calls the way a troubled Telegram does.

A ``FaultPlan`` gives, per method, the share of calls that get each fault:

- ``too_many``: 429 ``Too Many Requests: retry after N`` with ``parameters.retry_after``;
- ``server_error``: 500 or 502, nothing done;
- ``slow``: the answer comes late (after handling), but within the client's read time-out;
- ``lost_answer``: handled and recorded, the answer held past the client's read time-out;
- ``reset_before`` / ``reset_after``: the connection is closed without an answer, before or
  after the call was handled (and a message recorded).

The last three hit only calls that took effect: an error answer (a 429 from the flood limits,
a 400) is never lost, so the bot hears of every refusal.

Chats in ``blocked`` answer every send with 403 ``Forbidden: bot was blocked by the user``.
Methods the plan does not name (getUpdates unless asked) are never faulted.

Each decision is drawn from its own ``Random(seed, method, chat, n)`` (the n-th call of that
method for that chat), so it does not depend on how calls to different chats interleave.

Whatever the plan, every 429 the fake gives (injected or from its flood limits) forbids sends
to its chat until ``retry_after`` has run out; a send arriving before then is kept in
``violations``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.fake_telegram.limits import SENDING_METHODS

KINDS = ("too_many", "server_error", "slow", "lost_answer", "reset_before", "reset_after")
# faults after handling, given only to calls that took effect
AFTER_HANDLING = frozenset({"slow", "lost_answer", "reset_after"})
# calls a 429 for a chat forbids until its retry_after ran out
CHAT_WRITES = SENDING_METHODS | {
    "editMessageText",
    "editMessageReplyMarkup",
    "editMessageCaption",
    "deleteMessage",
    "sendChatAction",
}


@dataclass(frozen=True)
class FaultRates:
    """Shares (0..1) of one method's calls that get each fault; they add up to at most 1."""

    too_many: float = 0.0
    server_error: float = 0.0
    slow: float = 0.0
    lost_answer: float = 0.0
    reset_before: float = 0.0
    reset_after: float = 0.0

    def __post_init__(self) -> None:
        if sum(self.share(kind) for kind in KINDS) > 1.0:
            raise ValueError("fault shares add up to more than 1")

    def share(self, kind: str) -> float:
        return float(getattr(self, kind))


@dataclass(frozen=True)
class FaultPlan:
    rates: dict[str, FaultRates] = field(default_factory=dict)  # by method name
    seed: int = 0
    retry_after: tuple[int, int] = (1, 3)  # whole seconds, inclusive
    slow_seconds: tuple[float, float] = (0.2, 1.0)  # keep below the client's read time-out
    lost_answer_seconds: float = 6.0  # above it (PTB's default read time-out is 5 s)
    max_lost_answers: int | None = None  # each stalls a sender that long: bound the run time


@dataclass(frozen=True)
class Fault:
    kind: str  # one of KINDS, or "blocked"
    status: int = 0  # the error answered (429, 500, 502, 403), 0 for none
    retry_after: int = 0
    seconds: float = 0.0  # slow, lost_answer

    @property
    def after_handling(self) -> bool:
        return self.kind in AFTER_HANDLING


@dataclass(frozen=True)
class Injected:
    """A fault the fake gave."""

    fault: Fault
    method: str
    chat: int | str | None
    at: float


@dataclass(frozen=True)
class Violation:
    """A call that reached a chat while a 429 given for it still forbade sending."""

    method: str
    chat: int | str
    at: float
    until: float


class FaultInjector:
    def __init__(
        self, plan: FaultPlan | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.plan = plan or FaultPlan()
        self.clock = clock
        self.blocked: set[int] = set()
        self.retry_until: dict[int | str, float] = {}
        self.violations: list[Violation] = []
        self.injected: list[Injected] = []
        self._calls: Counter[tuple[str, int | str | None]] = Counter()
        self._lost_answers = 0

    def use(self, plan: FaultPlan) -> None:
        self.plan = plan
        self._calls.clear()
        self._lost_answers = 0

    def block(self, chat_id: int) -> None:
        """From now on every send to this chat answers 403 (the user blocked the bot)."""
        self.blocked.add(chat_id)

    def arrive(self, method: str, params: dict[str, Any]) -> Fault | None:
        """A call arrived: note a violation, then decide its fault (``None``: answer it)."""
        chat = chat_of(params)
        now = self.clock()
        if chat is not None and method in CHAT_WRITES:
            until = self.retry_until.get(chat, 0.0)
            if now < until:
                self.violations.append(Violation(method, chat, now, until))
        if chat in self.blocked and method in SENDING_METHODS:
            fault: Fault | None = Fault("blocked", status=403)
        else:
            fault = self._draw(
                method, chat if chat is not None else params.get("callback_query_id")
            )
        if fault is not None and not fault.after_handling:
            self.injected.append(Injected(fault, method, chat, now))
            if fault.kind == "too_many":
                self.answered_429(params, fault.retry_after)
        return fault

    def handled(self, method: str, params: dict[str, Any], fault: Fault) -> None:
        """A fault after handling is about to hit a call that took effect."""
        self.injected.append(Injected(fault, method, chat_of(params), self.clock()))
        self._lost_answers += fault.kind == "lost_answer"

    def answered_429(self, params: dict[str, Any], retry_after: int) -> None:
        chat = chat_of(params)
        if chat is not None:
            until = self.clock() + retry_after
            self.retry_until[chat] = max(until, self.retry_until.get(chat, 0.0))

    def counts(self) -> Counter[str]:
        """Faults given so far, by kind."""
        return Counter(i.fault.kind for i in self.injected)

    def answers_lost_after_handling(self, method: str = "sendMessage") -> int:
        """Calls of ``method`` that took effect but whose answer never reached the bot: each
        may legitimately be sent again."""
        lost = ("lost_answer", "reset_after")
        return sum(1 for i in self.injected if i.method == method and i.fault.kind in lost)

    def _draw(self, method: str, key: Any) -> Fault | None:
        rates = self.plan.rates.get(method)
        if rates is None:
            return None
        n = self._calls[(method, key)]
        self._calls[(method, key)] += 1
        rng = random.Random(f"{self.plan.seed}:{method}:{key}:{n}")
        roll, edge = rng.random(), 0.0
        for kind in KINDS:
            edge += rates.share(kind)
            if roll < edge:
                return self._fault(kind, rng)
        return None

    def _fault(self, kind: str, rng: random.Random) -> Fault | None:
        plan = self.plan
        if kind == "too_many":
            seconds = rng.randint(*plan.retry_after)
            return Fault(kind, status=429, retry_after=seconds)
        if kind == "server_error":
            return Fault(kind, status=rng.choice((500, 502)))
        if kind == "slow":
            return Fault(kind, seconds=rng.uniform(*plan.slow_seconds))
        if kind == "lost_answer":
            if plan.max_lost_answers is not None and self._lost_answers >= plan.max_lost_answers:
                return None
            return Fault(kind, seconds=plan.lost_answer_seconds)
        return Fault(kind)


def chat_of(params: dict[str, Any]) -> int | str | None:
    """The chat a call is about, as a number when it is one (form bodies send strings)."""
    chat = params.get("chat_id")
    if chat is None or chat == "":
        return None
    try:
        return int(chat)
    except (TypeError, ValueError):
        return str(chat)


def error_body(fault: Fault) -> dict[str, Any]:
    """The Bot API answer of a fault that is an error."""
    if fault.status == 429:
        return {
            "ok": False,
            "error_code": 429,
            "description": f"Too Many Requests: retry after {fault.retry_after}",
            "parameters": {"retry_after": fault.retry_after},
        }
    if fault.status == 403:
        return {
            "ok": False,
            "error_code": 403,
            "description": "Forbidden: bot was blocked by the user",
        }
    phrase = "Internal Server Error" if fault.status == 500 else "Bad Gateway"
    return {"ok": False, "error_code": fault.status, "description": phrase}
