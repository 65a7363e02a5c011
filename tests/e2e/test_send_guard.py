"""The send guard (handlers/transport/send_guard.py) in a real ExtBot against the fake's faults."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from telegram.error import RetryAfter, TimedOut
from telegram.ext import ExtBot

from bot.fake_telegram import FakeTelegram, FaultPlan, FaultRates, FloodLimits, UserHandle
from bot.fake_telegram.faults import FaultInjector, chat_of
from handlers.transport.send_guard import NO_WAIT, SendGuard
from handlers.transport.telegram_http import AiohttpRequest
from tests.e2e.helpers import TOKEN

pytestmark = pytest.mark.debug_logs  # read by the secret scan (tests/conftest.py)


@pytest.fixture
async def guarded(fake: FakeTelegram) -> AsyncIterator[ExtBot[int]]:
    bot: ExtBot[int] = ExtBot(
        TOKEN,
        base_url=fake.base_url,
        request=AiohttpRequest(read_timeout=0.5),
        rate_limiter=SendGuard(backoff=(0.05, 0.1, 0.2)),
    )
    async with bot:
        yield bot


async def _started(fake: FakeTelegram, name: str) -> UserHandle:
    user = fake.user(name)
    await user.send("/start")
    return user


def _seed_for(method: str, rates: FaultRates, chat: int, kinds: list[str | None]) -> FaultPlan:
    """A plan whose first calls of `method` to `chat` get exactly `kinds` (draws are seeded)."""
    for seed in range(10_000):
        plan = FaultPlan(rates={method: rates}, seed=seed, lost_answer_seconds=1.0)
        injector = FaultInjector(plan)
        drawn = [injector.arrive(method, {"chat_id": chat}) for _ in kinds]
        if [fault.kind if fault else None for fault in drawn] == kinds:
            return plan
    raise AssertionError(f"no seed gives {kinds}")


async def test_a_429_holds_that_chat_only(fake: FakeTelegram, guarded: ExtBot[int]) -> None:
    alice, bob = await _started(fake, "Alice"), await _started(fake, "Bob")
    fake.set_limits(FloodLimits.strict())  # a second message within a second: 429
    await asyncio.gather(
        guarded.send_message(alice.id, "one"),
        guarded.send_message(alice.id, "two"),
        guarded.send_message(bob.id, "meanwhile"),
    )
    assert [m.text for m in alice.messages()] == ["one", "two"]
    assert fake.faults.violations == []
    [refused] = [r for r in fake.requests("sendMessage") if r.status == 429]
    [for_bob] = [r for r in fake.requests("sendMessage") if chat_of(r.params) == bob.id]
    assert for_bob.at < refused.at + 0.5  # Bob did not wait out Alice's retry_after (1 s)


async def test_server_errors_and_dropped_connections_are_tried_again(
    fake: FakeTelegram, guarded: ExtBot[int]
) -> None:
    alice = await _started(fake, "Alice")
    rates = FaultRates(server_error=0.3, reset_before=0.3)
    fake.inject_faults(
        _seed_for("sendMessage", rates, alice.id, ["server_error", "reset_before", None])
    )
    await guarded.send_message(alice.id, "third time lucky")
    assert [m.text for m in alice.messages()] == ["third time lucky"]
    assert fake.faults.counts() == {"server_error": 1, "reset_before": 1}


async def test_a_read_timeout_is_not_tried_again(fake: FakeTelegram, guarded: ExtBot[int]) -> None:
    alice = await _started(fake, "Alice")
    fake.inject_faults(
        FaultPlan(rates={"sendMessage": FaultRates(lost_answer=1.0)}, lost_answer_seconds=1.0)
    )
    with pytest.raises(TimedOut):
        await guarded.send_message(alice.id, "arrived, but nobody heard")
    assert [m.text for m in alice.messages()] == ["arrived, but nobody heard"]


async def test_an_edit_whose_answer_was_dropped_is_done_when_its_retry_changes_nothing(
    fake: FakeTelegram, guarded: ExtBot[int]
) -> None:
    alice = await _started(fake, "Alice")
    sent = await guarded.send_message(alice.id, "draft")
    rates = FaultRates(reset_after=0.5)
    fake.inject_faults(_seed_for("editMessageText", rates, alice.id, ["reset_after", None]))
    assert await guarded.edit_message_text("final", alice.id, sent.message_id) is True
    assert [m.text for m in alice.messages()] == ["final"]


async def test_background_sending_steps_aside_for_replies(
    fake: FakeTelegram, guarded: ExtBot[int]
) -> None:
    """A reply that got a 429 (Telegram's overall limit, perhaps) makes background sending
    wait as long, anywhere; and while a reply to a chat is under way, background sending to
    that chat is told to come back later instead of taking the chat's turn."""
    alice, bob = await _started(fake, "Alice"), await _started(fake, "Bob")
    fake.set_limits(FloodLimits.strict())
    await guarded.send_message(alice.id, "one")
    reply = asyncio.create_task(guarded.send_message(alice.id, "a reply: 429, waits 1 s"))
    await asyncio.sleep(0.3)  # the reply got its 429 and waits
    with pytest.raises(RetryAfter):  # to another chat: background waits too
        await guarded.send_message(bob.id, "an alert", rate_limit_args=NO_WAIT)
    with pytest.raises(RetryAfter):  # to the reply's chat: the reply goes first
        await guarded.send_message(alice.id, "an alert", rate_limit_args=NO_WAIT)
    await reply
    assert [m.text for m in alice.messages()] == ["one", "a reply: 429, waits 1 s"]
    assert fake.faults.violations == []
