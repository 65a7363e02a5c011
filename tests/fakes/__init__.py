"""An in-memory unit of work for fast service-layer tests: no SQLite, no Telegram.

    store = InMemoryStore()
    uow_factory = store.uow_factory  # the `UowFactory` of bot/services/ports/
    clock = FixedClock()

The repositories behave like the SQLAlchemy ones in `storage/repositories/`: the same
orderings, the same "first use wins" and duplicate rules, the same constraints (unique keys
and foreign keys raise `IntegrityError`; naive datetimes are refused), JSON columns come
back as JSON would return them, and every object read is a copy (changing it changes
nothing stored until it is written back).

Transactions: the committed state lives in `store.tables`. Entering `async with uow:` takes
a deep copy to work on; `commit()` makes that copy the store's state; leaving the block
without committing discards what was changed since the last commit. A commit that wrote
something on top of a state another unit of work has changed since raises
`ConcurrentCommitError` rather than silently losing that other commit (on SQLite a second
writer would wait instead; the services never nest units of work).

The package: `base` (records, tables, clock, errors), `unit_of_work` (the store and its unit
of work), and the repositories by topic: `people`, `posts`, `vectors`, `trading`, `plumbing`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.services.ports import Clock
from tests.fakes.base import ConcurrentCommitError, FixedClock, IntegrityError
from tests.fakes.unit_of_work import InMemoryStore, InMemoryUnitOfWork

__all__ = [
    "ConcurrentCommitError",
    "FixedClock",
    "InMemoryStore",
    "InMemoryUnitOfWork",
    "IntegrityError",
]

if TYPE_CHECKING:  # the fakes satisfy the ports
    from bot.services.ports import UnitOfWork, UowFactory

    _uow: UnitOfWork = InMemoryUnitOfWork(InMemoryStore())
    _factory: UowFactory = InMemoryStore().uow_factory
    _clock: Clock = FixedClock()
    _typed: Callable[[], InMemoryUnitOfWork] = InMemoryStore().uow_factory
