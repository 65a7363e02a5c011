"""Telegram's overall limit as a sliding window: calls count until a second after their
answer, and background sending leaves room for replies."""

from __future__ import annotations

import asyncio

from handlers.transport.send_window import UNDER_WAY_POLL, SendWindow


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def _calls(window: SendWindow, clock: Clock, count: int, spacing: float = 0.01) -> None:
    for _ in range(count):
        async with window.slot(background=False):
            clock.now += spacing  # answered `spacing` after it went


async def test_background_sending_leaves_the_reserve_to_replies() -> None:
    clock = Clock()
    window = SendWindow(count=30, seconds=1.0, reserve=6, clock=clock)
    await _calls(window, clock, 23)
    assert window.wait_for(background=True) == 0
    await _calls(window, clock, 1)  # 24 in the last second: the reserve is all that is left
    assert window.wait_for(background=True) > 0
    assert window.wait_for(background=False) == 0


async def test_a_call_waits_until_a_second_after_the_oldest_answers() -> None:
    clock = Clock()
    window = SendWindow(count=30, seconds=1.0, reserve=6, clock=clock)
    first_answer = clock.now + 0.01
    await _calls(window, clock, 30)  # answered 10 ms apart
    assert abs(window.wait_for(background=False) - (first_answer + 1.0 - clock.now)) < 1e-9
    # background needs 7 of them gone: the 7th answer came at first_answer + 0.06
    assert abs(window.wait_for(background=True) - (first_answer + 1.06 - clock.now)) < 1e-9
    clock.now += 1.5
    assert window.wait_for(background=True) == 0


async def test_calls_under_way_hold_their_place_until_answered() -> None:
    clock = Clock()
    window = SendWindow(count=2, seconds=1.0, reserve=0, clock=clock)
    async with window.slot(background=False), window.slot(background=False):
        clock.now += 5  # slow answers: still in the window
        assert window.wait_for(background=False) == UNDER_WAY_POLL
    assert window.wait_for(background=False) == 1.0  # a second after the answers


async def test_a_slot_waits_for_room() -> None:
    window = SendWindow(count=3, seconds=0.2, reserve=1)
    loop = asyncio.get_running_loop()
    started = loop.time()
    for _ in range(2):
        async with window.slot(background=True):
            pass
    async with window.slot(background=False):  # the reserve: at once
        pass
    assert loop.time() - started < 0.1
    async with window.slot(background=True):  # full: waits for the first to leave
        pass
    assert loop.time() - started >= 0.15


async def test_background_sending_lets_a_waiting_reply_go_first() -> None:
    window = SendWindow(count=2, seconds=0.3, reserve=0)
    for _ in range(2):  # full, for 0.3 s
        async with window.slot(background=False):
            pass
    done: list[str] = []

    async def call(name: str, background: bool) -> None:
        async with window.slot(background=background):
            done.append(name)

    waiting_alert = asyncio.create_task(call("alert", True))  # waits first
    await asyncio.sleep(0.05)
    await asyncio.gather(waiting_alert, call("reply", False))
    assert done == ["reply", "alert"]
