"""Service-layer tests run on the in-memory unit of work (tests/fakes.py): no SQLite, no
Telegram, a clock that moves only when told."""

from __future__ import annotations

import pytest

from bot.services.ports import UowFactory
from tests.fakes import FixedClock, InMemoryStore


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
def store(clock: FixedClock) -> InMemoryStore:
    return InMemoryStore(clock)


@pytest.fixture
def uow_factory(store: InMemoryStore) -> UowFactory:
    return store.uow_factory
