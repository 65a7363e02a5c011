"""The market: posts, matches between them, contact requests, deals, ratings, the
append-only trust log, and reminders."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    Numeric,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from storage.tables.base import Base, created_at_column
from storage.types import BigId, JSONDoc, UTCDateTime

# Numeric columns are query helpers (filters, sorting); the exact Decimal values live in
# `posts.parsed` as strings. SQLite stores NUMERIC as REAL/INTEGER, so never read these back
# as the source of truth.
Amount = Numeric(20, 4, asdecimal=False)


class PostRow(Base):
    __tablename__ = "posts"
    __table_args__ = (
        Index("ix_posts_status_kind_expires_at", "status", "kind", "expires_at"),
        Index("ix_posts_user_id_status_created_at", "user_id", "status", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    kind: Mapped[str] = mapped_column(String(8), nullable=False)
    status: Mapped[str] = mapped_column(String(16), nullable=False)
    raw_text: Mapped[str] = mapped_column(Text, nullable=False)
    language: Mapped[str] = mapped_column(String(8), nullable=False)
    # The whole ParsedPost (storage.json_columns.parsed_to_dict); the columns below copy the parts
    # worth filtering on.
    parsed: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False)
    product: Mapped[str | None] = mapped_column(String(200))
    quantity_amount: Mapped[float | None] = mapped_column(Amount)
    quantity_unit: Mapped[str | None] = mapped_column(String(16))
    moq_amount: Mapped[float | None] = mapped_column(Amount)
    moq_unit: Mapped[str | None] = mapped_column(String(16))
    price_low: Mapped[float | None] = mapped_column(Amount)
    price_high: Mapped[float | None] = mapped_column(Amount)
    price_currency: Mapped[str | None] = mapped_column(String(3))
    price_per_unit: Mapped[str | None] = mapped_column(String(16))
    price_negotiable: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    trade_term: Mapped[str | None] = mapped_column(String(8))
    place: Mapped[str | None] = mapped_column(String(100))
    destination: Mapped[str | None] = mapped_column(String(100))
    keywords: Mapped[list[str]] = mapped_column(JSONDoc, nullable=False, default=list)
    photo: Mapped[str | None] = mapped_column(String(255))  # Telegram's file_id
    circle_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("circles.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    # What the matching index derived from the post (matching.stored.StoredForm), so a
    # restart rebuilds the index without parsing and segmenting every post again.
    index_terms: Mapped[str | None] = mapped_column(Text)
    index_labels: Mapped[str | None] = mapped_column(Text)
    index_numbers: Mapped[bytes | None] = mapped_column(LargeBinary)
    # vocabulary.version.vocabulary_version of what derived them; another is derived anew
    index_vocabulary: Mapped[str | None] = mapped_column(String(16))


class PostVectorRow(Base):
    """A post's sentence vector (issue 34, bot.domain.matching.dense): stored with the post,
    so a restart does not encode it again; an edited post's is replaced, one row a post."""

    __tablename__ = "post_vectors"

    post_id: Mapped[int] = mapped_column(
        BigInteger,
        ForeignKey("posts.id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    )
    model: Mapped[str] = mapped_column(String(64), nullable=False)  # the encoder's name
    vector: Mapped[bytes] = mapped_column(LargeBinary, nullable=False)  # int8 components
    created_at: Mapped[datetime] = created_at_column()


class MatchRow(Base):
    __tablename__ = "matches"
    __table_args__ = (UniqueConstraint("offer_id", "need_id"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    offer_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("posts.id", ondelete="CASCADE"), nullable=False
    )
    need_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("posts.id", ondelete="CASCADE"), nullable=False, index=True
    )
    score: Mapped[float] = mapped_column(Float, nullable=False)
    reasons: Mapped[list[dict[str, Any]]] = mapped_column(JSONDoc, nullable=False, default=list)
    created_at: Mapped[datetime] = created_at_column()
    offer_alerted: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    need_alerted: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    offer_dismissed: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    need_dismissed: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )


class ContactRequestRow(Base):
    __tablename__ = "contact_requests"
    __table_args__ = (
        CheckConstraint("status IN ('pending', 'accepted', 'declined', 'expired')", name="status"),
        Index("ix_contact_requests_to_user_id_status", "to_user_id", "status"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    # A request comes from a match alert (match_id) or from a /search result (post only).
    match_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("matches.id", ondelete="CASCADE"), nullable=True, index=True
    )
    post_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("posts.id", ondelete="CASCADE"), nullable=True, index=True
    )
    from_user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    to_user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    status: Mapped[str] = mapped_column(String(16), nullable=False, default="pending")
    created_at: Mapped[datetime] = created_at_column()
    responded_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class DealRow(Base):
    __tablename__ = "deals"

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    match_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("matches.id", ondelete="SET NULL"), index=True
    )
    offer_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("posts.id", ondelete="SET NULL"), index=True
    )
    need_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("posts.id", ondelete="SET NULL"), index=True
    )
    seller_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    buyer_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    seller_confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    buyer_confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    outcome: Mapped[str | None] = mapped_column(String(16))  # completed, cancelled, disputed
    created_at: Mapped[datetime] = created_at_column()
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class RatingRow(Base):
    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("deal_id", "rater_id"),
        CheckConstraint("stars BETWEEN 1 AND 5", name="stars_range"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    deal_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("deals.id", ondelete="CASCADE"), nullable=False
    )
    rater_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    ratee_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    stars: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    comment: Mapped[str] = mapped_column(Text, nullable=False, default="")
    created_at: Mapped[datetime] = created_at_column()


class TrustEventRow(Base):
    """Append-only history a trust profile is computed from. No foreign keys on post and
    counterpart: the history must outlive what it mentions."""

    __tablename__ = "trust_events"
    __table_args__ = (Index("ix_trust_events_user_id_at", "user_id", "at"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    kind: Mapped[str] = mapped_column(String(48), nullable=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    post_id: Mapped[int | None] = mapped_column(BigInteger)
    counterpart_id: Mapped[int | None] = mapped_column(BigInteger)
    detail: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False, default=dict)


REMINDER_PENDING = "sent_at IS NULL AND cancelled_at IS NULL AND expired_at IS NULL"


class ReminderRow(Base):
    __tablename__ = "reminders"
    __table_args__ = (
        Index(
            "ix_reminders_pending_due_at",
            "due_at",
            sqlite_where=text(REMINDER_PENDING),
            postgresql_where=text(REMINDER_PENDING),
        ),
        Index("ix_reminders_user_id_kind", "user_id", "kind"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(32), nullable=False)
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    post_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("posts.id", ondelete="CASCADE"), index=True
    )
    match_id: Mapped[int | None] = mapped_column(
        BigInteger, ForeignKey("matches.id", ondelete="CASCADE")
    )
    due_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    cancelled_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    expired_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    reason: Mapped[str | None] = mapped_column(String(64))  # why it was cancelled or expired
    payload: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False, default=dict)
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0, server_default="0")
    created_at: Mapped[datetime] = created_at_column()
