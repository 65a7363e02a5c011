"""The fake's fault injection over HTTP: each fault's answer, what is recorded, violations."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from bot.fake_telegram import FakeTelegram, FaultPlan, FaultRates, FloodLimits, UserHandle
from bot.fake_telegram.faults import FaultInjector

TOKEN = "123:ABC"


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(TOKEN, limits=FloodLimits.off()) as telegram:
        yield telegram


async def _started(fake: FakeTelegram, name: str = "Alice") -> UserHandle:
    user = fake.user(name)
    await user.send("/start")
    return user


async def _send(
    fake: FakeTelegram, chat_id: int, text: str, wait: float = 5
) -> tuple[int, dict[str, Any]]:
    url = f"{fake.base_url}{TOKEN}/sendMessage"
    limit = aiohttp.ClientTimeout(total=wait)
    async with (
        aiohttp.ClientSession(timeout=limit) as http,
        http.post(url, data={"chat_id": str(chat_id), "text": text}) as answer,
    ):
        return answer.status, await answer.json()


def _plan(**shares: float) -> FaultPlan:
    return FaultPlan(rates={"sendMessage": FaultRates(**shares)}, lost_answer_seconds=1.0)


async def test_a_429_has_telegrams_shape_and_an_early_send_is_a_violation(
    fake: FakeTelegram,
) -> None:
    alice = await _started(fake)
    now = [100.0]
    fake.faults.clock = lambda: now[0]
    fake.inject_faults(FaultPlan(rates={"sendMessage": FaultRates(too_many=1.0)}, seed=3))
    status, body = await _send(fake, alice.id, "first")
    assert status == 429
    retry_after = body["parameters"]["retry_after"]
    assert body == {
        "ok": False,
        "error_code": 429,
        "description": f"Too Many Requests: retry after {retry_after}",
        "parameters": {"retry_after": retry_after},
    }
    fake.inject_faults(FaultPlan())
    now[0] += retry_after - 0.5
    assert (await _send(fake, alice.id, "too early"))[0] == 200
    now[0] += 0.5
    assert (await _send(fake, alice.id, "in time"))[0] == 200
    [violation] = fake.faults.violations
    assert (violation.method, violation.chat) == ("sendMessage", alice.id)
    assert [m.text for m in alice.messages()] == ["too early", "in time"]


async def test_the_flood_limits_429_forbids_the_chat_too(fake: FakeTelegram) -> None:
    alice = await _started(fake)
    fake.set_limits(FloodLimits.strict())
    assert (await _send(fake, alice.id, "one"))[0] == 200
    assert (await _send(fake, alice.id, "two"))[0] == 429
    await _send(fake, alice.id, "three")
    assert [v.chat for v in fake.faults.violations] == [alice.id]


async def test_server_errors_and_resets_before_handling_send_nothing(
    fake: FakeTelegram,
) -> None:
    alice = await _started(fake)
    fake.inject_faults(_plan(server_error=1.0))
    status, body = await _send(fake, alice.id, "lost in a 5xx")
    assert status in (500, 502) and body["error_code"] == status
    fake.inject_faults(_plan(reset_before=1.0))
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await _send(fake, alice.id, "lost in a reset")
    assert alice.messages() == []
    assert fake.faults.counts() == {"server_error": 1, "reset_before": 1}


async def test_a_reset_or_a_lost_answer_after_handling_keeps_the_message(
    fake: FakeTelegram,
) -> None:
    alice = await _started(fake)
    fake.inject_faults(_plan(reset_after=1.0))
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await _send(fake, alice.id, "arrived, answer dropped")
    fake.inject_faults(_plan(lost_answer=1.0))
    with pytest.raises(asyncio.TimeoutError):
        await _send(fake, alice.id, "arrived, answer too late", wait=0.3)
    assert [m.text for m in alice.messages()] == [
        "arrived, answer dropped",
        "arrived, answer too late",
    ]
    assert fake.faults.answers_lost_after_handling() == 2


async def test_a_slow_answer_comes_and_the_lost_answers_are_bounded(fake: FakeTelegram) -> None:
    alice = await _started(fake)
    fake.inject_faults(FaultPlan(rates={"sendMessage": FaultRates(slow=1.0)}))
    assert (await _send(fake, alice.id, "slowly"))[0] == 200
    fake.inject_faults(
        FaultPlan(rates={"sendMessage": FaultRates(lost_answer=1.0)}, max_lost_answers=0)
    )
    assert (await _send(fake, alice.id, "no more lost answers"))[0] == 200
    assert fake.faults.counts() == {"slow": 1}


async def test_a_blocked_user_gets_403_and_get_updates_is_left_alone(fake: FakeTelegram) -> None:
    alice = await _started(fake)
    fake.inject_faults(FaultPlan(rates={"sendMessage": FaultRates(server_error=1.0)}))
    fake.faults.block(alice.id)
    assert await _send(fake, alice.id, "hi") == (
        403,
        {"ok": False, "error_code": 403, "description": "Forbidden: bot was blocked by the user"},
    )
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{fake.base_url}{TOKEN}/getUpdates") as answer,
    ):
        assert answer.status == 200


def test_the_same_seed_gives_the_same_faults_whatever_the_interleaving() -> None:
    plan = FaultPlan(rates={"sendMessage": FaultRates(too_many=0.3, server_error=0.2)}, seed=7)

    def kinds(injector: FaultInjector, chat: int) -> list[str | None]:
        faults = [injector.arrive("sendMessage", {"chat_id": chat}) for _ in range(20)]
        return [f.kind if f else None for f in faults]

    first, second = FaultInjector(plan), FaultInjector(plan)
    kinds(second, 2)  # another chat's calls in between change nothing for chat 1
    assert kinds(first, 1) == kinds(second, 1)
    assert {"too_many", "server_error", None} <= set(kinds(FaultInjector(plan), 1))
    with pytest.raises(ValueError, match="more than 1"):
        FaultRates(too_many=0.6, reset_after=0.6)


async def test_a_refusal_is_never_lost(fake: FakeTelegram) -> None:
    alice = await _started(fake)
    fake.set_limits(FloodLimits.strict())
    fake.inject_faults(_plan(reset_after=1.0))
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await _send(fake, alice.id, "arrived")
    assert (await _send(fake, alice.id, "refused"))[0] == 429  # the bot hears of it
    assert fake.faults.counts() == {"reset_after": 1}
