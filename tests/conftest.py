"""Issue 13, test 9: no log record made in this process, by any logger, carries the bot token
or a webhook secret the tests use (`tests/secret_scan.py`). A leak fails the test during which
it was logged, listing where.

The suite logs at WARNING: formatting every SQL statement and every request at DEBUG costs
the whole suite time and tells nothing. The tests marked `debug_logs` (the bot's main flows,
its faults and retries) run with every logger at DEBUG, so the scan reads everything the
product logs there. Subprocess runs of the bot log to files their own tests read
(test_entrypoint.py)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from tests.secret_scan import SCAN


def pytest_configure(config: pytest.Config) -> None:
    root = logging.getLogger()
    root.addHandler(SCAN)
    root.setLevel(logging.WARNING)


@pytest.fixture(autouse=True)
def _secret_scan(request: pytest.FixtureRequest) -> Iterator[None]:
    root = logging.getLogger()
    level = root.level
    if request.node.get_closest_marker("debug_logs"):
        root.setLevel(logging.DEBUG)
    before = len(SCAN.leaks)
    try:
        yield
    finally:
        root.setLevel(level)
    leaks = SCAN.leaks[before:]
    if leaks:
        pytest.fail("a token or webhook secret was logged:\n" + "\n".join(leaks[:20]))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, so the workers (`-n`) are not left waiting for one of them at
    the end; the others keep their order (module-scoped fixtures are set up once)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
