"""Reliability plumbing: durable inbox of updates, transactional outbox, action tokens
behind buttons, the key/value rows behind PTB persistence, and each person's conversation."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Index, Integer, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from storage.tables.base import Base, created_at_column
from storage.types import BigId, JSONDoc, UTCDateTime, utcnow


class InboxRow(Base):
    __tablename__ = "inbox"
    __table_args__ = (
        Index(
            "ix_inbox_pending_update_id",
            "update_id",
            sqlite_where=text("done_at IS NULL"),
            postgresql_where=text("done_at IS NULL"),
        ),
        # each person's queue, in order: what `claim` reads every quarter second
        Index(
            "ix_inbox_pending",
            "person_id",
            "update_id",
            sqlite_where=text("done_at IS NULL"),
            postgresql_where=text("done_at IS NULL"),
        ),
    )

    update_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    payload: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # the draft this update made, written with it: handled again after a crash, the update
    # shows that draft instead of making a second one
    post_id: Mapped[int | None] = mapped_column(BigInteger)
    replays: Mapped[int] = mapped_column(Integer, nullable=False, default=0, server_default="0")
    # whose queue the update is in (`bot.services.delivery.inbox.queue_of`): the sender, else the chat,
    # else 0; one worker at a time handles a person's updates, in order
    person_id: Mapped[int] = mapped_column(
        BigInteger, nullable=False, default=0, server_default="0"
    )


class ClaimRow(Base):
    """Which worker handles a person's updates (their `inbox.person_id`) and until when: taken
    when nobody holds them or the holder's claim lapsed, let go once nothing is pending."""

    __tablename__ = "claims"

    person_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    owner: Mapped[str] = mapped_column(String(100), nullable=False)
    until: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class LeaseRow(Base):
    """Which process holds a one-at-a-time job (polling Telegram) and until when."""

    __tablename__ = "leases"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    holder: Mapped[str] = mapped_column(String(100), nullable=False)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class CounterRow(Base):
    """Named counters handed out one value at a time. Taking a value locks the row until the
    transaction ends, so values commit in the order they were taken."""

    __tablename__ = "counters"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger, nullable=False)


class IndexChangeRow(Base):
    """Changes to the matching index in revision order (`bot.domain.matching.types.IndexChange`),
    read by every process to keep its own index in step."""

    __tablename__ = "index_changes"

    revision: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    origin: Mapped[str] = mapped_column(String(32), nullable=False)  # the process that logged it
    post_id: Mapped[int | None] = mapped_column(BigInteger)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class OutboxRow(Base):
    __tablename__ = "outbox"
    __table_args__ = (
        # Only pending rows are indexed, so the dispatcher's poll stays cheap however much
        # history accumulates.
        Index(
            "ix_outbox_due",
            "not_before",
            "id",
            sqlite_where=text("sent_at IS NULL AND failed_at IS NULL"),
            postgresql_where=text("sent_at IS NULL AND failed_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, nullable=False, index=True)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    buttons: Mapped[list[list[list[str]]]] = mapped_column(JSONDoc, nullable=False, default=list)
    parse_mode: Mapped[str | None] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(32), nullable=False, default="message")
    photo: Mapped[str | None] = mapped_column(String(255))  # sent as a photo, text its caption
    created_at: Mapped[datetime] = created_at_column()
    not_before: Mapped[datetime | None] = mapped_column(UTCDateTime())
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0, server_default="0")
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    telegram_message_id: Mapped[int | None] = mapped_column(BigInteger)
    failed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    last_error: Mapped[str | None] = mapped_column(Text)


class ActionTokenRow(Base):
    __tablename__ = "action_tokens"

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, nullable=False, index=True)
    action: Mapped[str] = mapped_column(String(32), nullable=False)
    payload: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False, default=dict)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = created_at_column()


class PersistenceRow(Base):
    __tablename__ = "persistence"

    namespace: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    value: Mapped[Any] = mapped_column(JSONDoc, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime(), nullable=False, default=utcnow, onupdate=utcnow
    )


class ConversationRow(Base):
    """The one conversation each person may be in (`bot.domain.models.conversations`), read by
    whichever process handles their next update; swept once past `expires_at`."""

    __tablename__ = "conversations"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    topic: Mapped[str] = mapped_column(String(16), nullable=False)
    step: Mapped[str] = mapped_column(String(32), nullable=False)
    data: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, index=True)
