"""Small SQL helpers shared by the repositories."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

Insert = postgresql.Insert | sqlite.Insert
T = TypeVar("T")


def dialect_insert(session: AsyncSession, table: Table | Any) -> Insert:
    """`INSERT` with ON CONFLICT support for the session's backend (both SQLite and
    PostgreSQL spell it the same way in SQLAlchemy, but the constructs are per dialect)."""
    return insert_for(session.get_bind().dialect.name, table)


def built_per_dialect(build: Callable[[str], T]) -> Callable[[AsyncSession], T]:
    """`build(dialect name)` run once per database kind; called with a session, it gives
    that session's statement (a statement object reused is also a compiled one cached)."""
    cached = functools.cache(build)

    def for_session(session: AsyncSession) -> T:
        return cached(session.get_bind().dialect.name)

    return for_session


def insert_for(dialect: str, table: Table | Any) -> Insert:
    if dialect == "postgresql":
        return postgresql.insert(table)
    if dialect == "sqlite":
        return sqlite.insert(table)
    raise NotImplementedError(f"upserts are not implemented for {dialect}")


def upsert(
    session: AsyncSession,
    table: Table | Any,
    values: dict[str, Any],
    *,
    key: Iterable[str],
    keep: Iterable[str] = (),
) -> Insert:
    """INSERT ... ON CONFLICT (key) DO UPDATE every column except the key and `keep`."""
    key = list(key)
    frozen = set(key) | set(keep)
    stmt = dialect_insert(session, table).values(**values)
    updates = {name: stmt.excluded[name] for name in values if name not in frozen}
    return stmt.on_conflict_do_update(index_elements=key, set_=updates)
