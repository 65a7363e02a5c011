"""Issue 13, test 9: the whole suite runs with DEBUG logging, and no log record made in
this process, by any logger, carries the bot token or a webhook secret the tests use
(`tests/secret_scan.py`). A leak fails the run at its end, listing where it was logged.
Subprocess runs of the bot log to files their own tests read (test_entrypoint.py)."""

from __future__ import annotations

import logging

import pytest

from tests.secret_scan import SCAN


def pytest_configure(config: pytest.Config) -> None:
    root = logging.getLogger()
    root.addHandler(SCAN)
    root.setLevel(logging.DEBUG)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if SCAN.leaks:
        leaks = "\n".join(SCAN.leaks[:20])
        print(f"\nsecret scan: a token or webhook secret was logged:\n{leaks}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    else:
        print(f"\nsecret scan: {SCAN.records} log records at DEBUG, no token or secret in any")
