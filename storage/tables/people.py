"""Who uses the bot: users, their company profiles and registration numbers, and circles
(Telegram groups)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, String, Text, false, text
from sqlalchemy.orm import Mapped, mapped_column

from storage.tables.base import Base, created_at_column
from storage.types import BigId, JSONDoc, UTCDateTime, utcnow


class UserRow(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    username: Mapped[str | None] = mapped_column(String(64))
    display_name: Mapped[str] = mapped_column(String(256), nullable=False, default="")
    language: Mapped[str] = mapped_column(String(8), nullable=False)
    language_chosen: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    timezone: Mapped[str] = mapped_column(String(64), nullable=False, default="Asia/Shanghai")
    # ZoneSource: language (a default), place (a city they named), settings (they picked it)
    timezone_source: Mapped[str] = mapped_column(
        String(16), nullable=False, default="language", server_default="language"
    )
    currency: Mapped[str | None] = mapped_column(String(3))  # picked in /settings
    currency_told: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    phone: Mapped[str | None] = mapped_column(String(32))
    blocked_bot: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    reminders_off: Mapped[list[str]] = mapped_column(
        JSONDoc, nullable=False, default=list, server_default=text("'[]'")
    )
    digest: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    alerts_wait: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    month_report: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    created_at: Mapped[datetime] = created_at_column()
    last_active_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime(), nullable=False, default=utcnow, onupdate=utcnow
    )
    # /forget: the row stays as a tombstone (id and this, everything else blank).
    deleted_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class CompanyProfileRow(Base):
    __tablename__ = "company_profiles"

    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    company_name: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    region: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    main_products: Mapped[str] = mapped_column(Text, nullable=False, default="")
    keywords: Mapped[list[str]] = mapped_column(JSONDoc, nullable=False, default=list)
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime(), nullable=False, default=utcnow, onupdate=utcnow
    )


class RegistrationRow(Base):
    """A business registration number an account gave with /verify: one row per claim, so
    a number two accounts claim has two rows (a dispute, bot.services.people.identity)."""

    __tablename__ = "registrations"
    __table_args__ = (Index("ix_registrations_country_number", "country", "number"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    country: Mapped[str] = mapped_column(String(2), nullable=False)
    number: Mapped[str] = mapped_column(String(32), nullable=False)
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    created_at: Mapped[datetime] = created_at_column()


class CircleRow(Base):
    """A Telegram group the bot serves; `id` is the group's chat id (negative)."""

    __tablename__ = "circles"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    title: Mapped[str] = mapped_column(String(256), nullable=False, default="")
    created_at: Mapped[datetime] = created_at_column()
    # Set when the group became a supergroup: Telegram gives it a new chat id.
    migrated_to: Mapped[int | None] = mapped_column(BigInteger)
    settings: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False, default=dict)


class CircleMembershipRow(Base):
    __tablename__ = "circle_memberships"

    circle_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("circles.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    joined_at: Mapped[datetime] = created_at_column()
    left_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # when the member, who never started the bot, was last mentioned in the group for it
    invited_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
