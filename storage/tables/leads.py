"""Demand leads (issue 36): what each seller is known to sell, and the leads sent."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from storage.tables.base import Base, created_at_column
from storage.types import BigId, UTCDateTime


class SellerInterestRow(Base):
    """A product a seller offered (`source` "offer": their newest such offer's time) or
    names in their /profile ("profile"), as comparable posts key a product
    (`bot.domain.matching.rows.product_term`): one row each, kept after the offer ends."""

    __tablename__ = "seller_interests"

    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    product_key: Mapped[str] = mapped_column(String(120), primary_key=True, index=True)
    source: Mapped[str] = mapped_column(String(8), primary_key=True)
    last_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)


class LeadRow(Base):
    """A need sent as a lead to a seller: once a pair, counted against the seller's cap."""

    __tablename__ = "leads"
    __table_args__ = (
        UniqueConstraint("need_id", "seller_id"),
        Index("ix_leads_seller_id_created_at", "seller_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    need_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("posts.id", ondelete="CASCADE"), nullable=False
    )
    seller_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    created_at: Mapped[datetime] = created_at_column()
