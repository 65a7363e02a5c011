"""Column types shared by every table: UTC-aware datetimes, portable JSON, portable ids."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, BigInteger, DateTime, Dialect, Integer
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """Stores UTC and always returns timezone-aware UTC datetimes.

    PostgreSQL keeps `timestamptz`; SQLite has no time zones, so values are written as naive
    UTC (SQLAlchemy's ISO text, which sorts chronologically) and tagged UTC on the way out.
    Naive datetimes are rejected rather than guessed: the ports promise aware UTC, and a
    silently misread local time would shift reminders and expiries by hours.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: storage needs timezone-aware values")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


# JSON documents: JSONB on PostgreSQL (indexable, compact), JSON text on SQLite.
JSONDoc = JSON().with_variant(JSONB(), "postgresql")

# Surrogate keys: BIGINT on PostgreSQL; SQLite only auto-increments an INTEGER PRIMARY KEY
# (a BIGINT primary key would not be a rowid alias and would need explicit ids).
BigId = BigInteger().with_variant(Integer(), "sqlite")


def utcnow() -> datetime:
    """Bookkeeping timestamps (created_at/updated_at) the ports do not pass in."""
    return datetime.now(UTC)
