"""Domain objects for the markup-injection tests: shapes drawn by Hypothesis (which fields a
post has, its numbers and states), user-provided strings filled in by a `Words` supplier so
that the same shapes can be rendered with attacks and with harmless letters."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from hypothesis import strategies as st

from bot.domain.advice import price_position
from bot.domain.models import (
    Circle,
    CompanyProfile,
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
from bot.domain.trust.scores import IdentityLevel
from bot.domain.trust.summary import TrustSummary
from bot.texts.advice import Related
from tests.unit import markup_attacks as limits
from tests.unit.markup_attacks import Words

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
ZONES = ("Asia/Shanghai", "Asia/Taipei", "America/New_York", "UTC", "Europe/Berlin")
UNITS = (None, "pcs", "kg", "carton", "set", "m")
CURRENCIES = (None, "CNY", "USD", "EUR", "TWD", "HKD", "JPY", "AUD")
COMPLAINT_REASONS = ("not_delivered", "not_as_described", "fake_inquiry", "payment_change")

langs = st.sampled_from(list(Lang))
amounts = st.decimals(min_value=Decimal("0.01"), max_value=Decimal(10) ** 9, places=2)
counts = st.integers(min_value=0, max_value=99_999)
moments = st.datetimes(
    min_value=datetime(2020, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC)
)
quantities = st.builds(Quantity, amounts, st.sampled_from(UNITS))


@st.composite
def prices(draw: st.DrawFn) -> Price:
    low, high = draw(st.none() | amounts), draw(st.none() | amounts)
    if low is not None and high is not None and low > high:
        low, high = high, low
    return Price(
        low=low,
        high=high,
        currency=draw(st.sampled_from(CURRENCIES)),
        per_unit=draw(st.sampled_from(UNITS)),
        per_count=draw(st.integers(min_value=1, max_value=1000)),
        negotiable=draw(st.booleans()),
    )


@dataclass(frozen=True)
class PostShape:
    """Everything about a post but what its owner wrote."""

    id: int
    kind: PostKind
    status: PostStatus
    language: Lang
    created_at: datetime
    product: bool
    specs: int
    quantity: Quantity | None
    moq: Quantity | None
    price: Price | None
    trade_term: bool
    port: bool
    place: bool
    destination: bool
    valid_days: int | None
    valid_until: datetime | None
    contacts: int
    keywords: int
    own_keywords: int
    certifications: int = 0  # parsed codes; a stored row is only as good as its database


post_shapes = st.builds(
    PostShape,
    id=st.integers(min_value=1, max_value=2**31),
    kind=st.sampled_from(list(PostKind)),
    status=st.sampled_from(list(PostStatus)),
    language=langs,
    created_at=moments,
    product=st.booleans(),
    specs=st.integers(0, 8),
    quantity=st.none() | quantities,
    moq=st.none() | quantities,
    price=st.none() | prices(),
    trade_term=st.booleans(),
    port=st.booleans(),
    place=st.booleans(),
    destination=st.booleans(),
    valid_days=st.none() | st.integers(1, 365),
    valid_until=st.none() | moments,
    contacts=st.integers(0, 4),
    keywords=st.integers(0, 8),
    own_keywords=st.integers(0, 3),
    certifications=st.integers(0, 3),
)


def make_post(shape: PostShape, words: Words) -> Post:
    parsed = ParsedPost(
        intent=Intent(shape.kind.value),
        language=shape.language,
        product=words(limits.PRODUCT) if shape.product else None,
        specs=tuple(words(limits.SPEC) for _ in range(shape.specs)),
        quantity=shape.quantity,
        moq=shape.moq,
        price=shape.price,
        trade_term=words(limits.TERM) if shape.trade_term else None,
        port=words(limits.PLACE) if shape.port else None,
        place=words(limits.PLACE) if shape.place else None,
        destination=words(limits.PLACE) if shape.destination else None,
        valid_days=shape.valid_days,
        valid_until=shape.valid_until,
        contacts=tuple(words(limits.CONTACT) for _ in range(shape.contacts)),
        keywords=tuple(words(limits.KEYWORD) for _ in range(shape.keywords)),
        features=(
            "logo",
            "oem",
            *("cert:" + words(limits.WORD) for _ in range(shape.certifications)),
        ),
    )
    return Post(
        id=shape.id,
        user_id=shape.id % 10_000 + 1,
        kind=shape.kind,
        raw_text=words(limits.RAW),
        parsed=parsed,
        status=shape.status,
        language=shape.language,
        created_at=shape.created_at,
        expires_at=shape.created_at + timedelta(days=14),
        keywords=tuple(words(limits.KEYWORD) for _ in range(shape.own_keywords)),
    )


@dataclass(frozen=True)
class UserShape:
    id: int
    language: Lang
    timezone: str
    username: bool
    phone: bool


user_shapes = st.builds(
    UserShape,
    id=st.integers(min_value=1, max_value=2**40),
    language=langs,
    timezone=st.sampled_from(ZONES),
    username=st.booleans(),
    phone=st.booleans(),
)


def make_user(shape: UserShape, words: Words) -> User:
    return User(
        id=shape.id,
        language=shape.language,
        username=words(limits.USERNAME) if shape.username else None,
        display_name=words(limits.NAME),
        timezone=shape.timezone,
        phone=words(limits.PHONE) if shape.phone else None,
    )


@dataclass(frozen=True)
class SummaryShape:
    """A trust summary but for the words members wrote (a comment, a complaint's answer)."""

    summary: TrustSummary
    comment: bool
    answer: bool
    confirmed: bool  # the business confirmed by a circle's admins, named by its title
    vouches: int  # circles whose vouches count, each named by its title


@st.composite
def summary_shapes(draw: st.DrawFn) -> SummaryShape:
    summary = TrustSummary(
        level=draw(st.sampled_from(list(IdentityLevel))),
        confirmed_deals=draw(counts),
        partners=draw(counts),
        repeat_partners=draw(counts),
        member_since=draw(st.none() | moments),
        ratings=draw(counts),
        ratings_received=draw(counts),
        rating=draw(st.none() | st.floats(1, 5)),
        level_since=draw(st.none() | moments),
        complaints=draw(counts),
        answered=draw(counts),
        latest_complaint=draw(st.none() | st.sampled_from(COMPLAINT_REASONS)),
        reply_hours=draw(st.none() | st.floats(0, 10_000)),
        replied_in_a_day=draw(st.none() | st.floats(0, 1)),
        asked=draw(counts),
        followed_up=draw(counts),
        fake_inquiries=draw(counts),
        last_active=draw(st.none() | moments),
        circle_deals=draw(st.none() | counts),
        circle_vouches=draw(counts),
        other_partners=draw(counts),
        disputed=draw(st.booleans()),
    )
    return SummaryShape(
        summary,
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.integers(0, 5)),
    )


def make_summary(shape: SummaryShape, words: Words) -> TrustSummary:
    return replace(
        shape.summary,
        latest_comment=words(limits.COMMENT) if shape.comment else None,
        latest_answer=words(limits.ANSWER) if shape.answer else None,
        confirmed_by=words(limits.TITLE) if shape.confirmed else None,
        vouched_in=tuple(words(limits.TITLE) for _ in range(shape.vouches)),
    )


@dataclass(frozen=True)
class CircleShape:
    id: int
    language: Lang
    open_to_market: bool
    posts_per_day: int
    digest_hour: int | None
    timezone: str


circle_shapes = st.builds(
    CircleShape,
    id=st.integers(min_value=-(10**13), max_value=-1),
    language=langs,
    open_to_market=st.booleans(),
    posts_per_day=st.integers(1, 50),
    digest_hour=st.none() | st.integers(0, 23),
    timezone=st.sampled_from(ZONES),
)


def make_circle(shape: CircleShape, words: Words) -> Circle:
    return Circle(
        id=shape.id,
        title=words(limits.TITLE),
        language=shape.language,
        open_to_market=shape.open_to_market,
        posts_per_day=shape.posts_per_day,
        digest_hour=shape.digest_hour,
        timezone=shape.timezone,
    )


def make_profile(keywords: int, words: Words) -> CompanyProfile:
    return CompanyProfile(
        user_id=1,
        company_name=words(limits.PROFILE_FIELD),
        region=words(limits.PROFILE_FIELD),
        main_products=words(limits.PROFILE_FIELD),
        keywords=tuple(words(limits.KEYWORD) for _ in range(keywords)),
    )


REASON_VALUES = {  # the values a match's stored reasons carry (matching/explain.py)
    "brand": ("brand",),
    "concept": ("concept",),
    "term": ("term",),
    "moq": ("moq", "quantity", "unit"),
    "price": ("offer_amount", "budget_amount", "currency", "unit"),
    "place": ("from", "to"),
    "trade_term": ("term",),
    "fresh": ("hours",),
    "feature": ("features",),
}
reason_kinds = st.lists(st.sampled_from(sorted(REASON_VALUES)), max_size=6)


def make_reasons(kinds: list[str], words: Words) -> list[dict[str, object]]:
    """Reasons as stored, every value written by someone (a term, a place, a brand...)."""
    return [
        {"kind": kind, "values": {name: words(limits.WORD) for name in REASON_VALUES[kind]}}
        for kind in kinds
    ]


_peer_prices = st.floats(0.01, 1e7)
price_positions = st.builds(
    price_position, _peer_prices, st.lists(_peer_prices, min_size=3, max_size=30)
)
missing_fields = st.lists(
    st.sampled_from(["price", "moq", "place", "specs", "quantity"]), unique=True
)
_offer_prices = st.tuples(st.decimals(0, 10**6, places=2), st.decimals(0, 10**6, places=2))
RelatedShape = tuple[PostShape, int, Quantity | None, tuple[Decimal, Decimal] | None]
related_shapes = st.lists(
    st.tuples(post_shapes, st.integers(1, 999), st.none() | quantities, st.none() | _offer_prices),
    max_size=3,
)


def make_related(shapes: list[RelatedShape], words: Words) -> list[Related]:
    return [
        Related(make_post(post, words), offers, moq, (min(p), max(p), "USD") if p else None)
        for post, offers, moq, p in shapes
    ]
