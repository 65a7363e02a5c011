"""A stop that outlasts its deadline ends the process anyway, saying what held it up."""

from __future__ import annotations

import subprocess
import sys
import time

STUCK = """
import asyncio, logging
from handlers.transport.stopping import _end_after

async def main():
    _end_after(0.3, asyncio.get_running_loop())
    await asyncio.sleep(60)  # a stop that never finishes

logging.basicConfig()
asyncio.run(main())
"""


def test_a_stop_past_its_deadline_ends_the_process() -> None:
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", STUCK], capture_output=True, text=True, timeout=30
    )
    assert time.monotonic() - started < 10
    assert result.returncode == 1
    assert "the stop took over 0 s" in result.stderr and "Still running" in result.stderr
