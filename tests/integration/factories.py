"""Domain objects for storage tests, with realistic Chinese trade content."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from bot.domain.models import (
    Intent,
    Lang,
    ParsedPost,
    Post,
    PostKind,
    PostStatus,
    Price,
    Quantity,
    User,
)

NOW = datetime(2026, 3, 1, 8, 30, tzinfo=UTC)


def make_user(user_id: int = 1001, **changes: object) -> User:
    fields: dict[str, object] = {
        "id": user_id,
        "language": Lang.ZH_HANS,
        "username": f"user{user_id}",
        "display_name": "王老板",
    }
    fields.update(changes)
    return User(**fields)  # type: ignore[arg-type]


def make_parsed(kind: PostKind = PostKind.OFFER, product: str = "保温杯") -> ParsedPost:
    return ParsedPost(
        intent=Intent(kind.value),
        language=Lang.ZH_HANS,
        product=product,
        specs=("304不锈钢", "500ml"),
        quantity=Quantity(Decimal("5000"), "pcs"),
        moq=Quantity(Decimal("1000"), "pcs"),
        price=Price(low=Decimal("9.50"), high=Decimal("12.00"), currency="CNY", per_unit="pcs"),
        trade_term="EXW",
        place="义乌",
        destination="上海",
        valid_days=7,
        valid_until=NOW + timedelta(days=7),
        contacts=("+86 138 0000 0000",),
        keywords=("保温杯", "不锈钢"),
    )


def make_post(
    user_id: int = 1001,
    *,
    kind: PostKind = PostKind.OFFER,
    status: PostStatus = PostStatus.OPEN,
    created_at: datetime = NOW,
    expires_at: datetime | None = None,
    product: str = "保温杯",
) -> Post:
    return Post(
        id=None,
        user_id=user_id,
        kind=kind,
        raw_text=f"出售 {product} 起订1000个 12元/个 义乌发货",
        parsed=make_parsed(kind, product),
        status=status,
        language=Lang.ZH_HANS,
        created_at=created_at,
        expires_at=expires_at or created_at + timedelta(days=7),
        keywords=(product,),
    )
