"""Posts and their rules: what a message says (parsed post, quantity, price), the post
itself, and what its owner may do with it in each status."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from bot.domain.models.buttons import Action
from bot.domain.models.people import CircleStats, Lang


class Intent(StrEnum):
    OFFER = "offer"
    NEED = "need"
    NONE = "none"


class PostKind(StrEnum):
    OFFER = "offer"
    NEED = "need"


class PostStatus(StrEnum):
    DRAFT = "draft"  # parsed, shown as a card, not yet published
    OPEN = "open"
    DEAL = "deal"  # closed because a deal was made (成交)
    WITHDRAWN = "withdrawn"  # closed by the owner without a deal (撤下)
    EXPIRED = "expired"


# The post rules: what the owner may do with a post in each status. Cards, /my and the
# use cases all read this table, so a button is shown exactly when pressing it works.
OWNER_ACTIONS: dict[PostStatus, tuple[Action, ...]] = {
    PostStatus.DRAFT: (Action.PUBLISH_POST, Action.EDIT_POST, Action.DISCARD_POST),
    PostStatus.OPEN: (
        Action.CLOSE_WITH_DEAL,
        Action.WITHDRAW_POST,
        Action.RENEW_POST,
        Action.EDIT_POST,
        Action.SHOW_MARKET,
    ),
    # An expired post can come back, or be closed for the record (a deal made after all).
    PostStatus.EXPIRED: (Action.CLOSE_WITH_DEAL, Action.WITHDRAW_POST, Action.RENEW_POST),
    PostStatus.DEAL: (),
    PostStatus.WITHDRAWN: (),
}


@dataclass(frozen=True, slots=True)
class Quantity:
    """An amount of goods. `unit` is a canonical unit code from bot.domain.vocabulary.units
    ("pcs", "set", "carton", "kg", "ton", ...) or None when the text gave none;
    `unit_word` the Chinese word the writer counted in when the code's own name would
    say it differently ("500条" is 500 pcs, shown as 条; `units.kept_unit_word`)."""

    amount: Decimal
    unit: str | None = None
    unit_word: str | None = field(default=None, compare=False)  # how it reads, not what


@dataclass(frozen=True, slots=True)
class Price:
    """A unit price as written: a single value (low == high), a range, or a ceiling
    ("10元以内": low None, high 10). `currency` is ISO 4217 ("CNY", "USD", ...);
    `per_unit` a canonical unit code; `per_count` how many units the price covers
    (12 for "per dozen" when per_unit is "pcs"). `negotiable` marks 价格私聊 / 面议."""

    low: Decimal | None = None
    high: Decimal | None = None
    currency: str | None = None
    per_unit: str | None = None
    per_count: int = 1
    negotiable: bool = False
    per_unit_word: str | None = field(default=None, compare=False)  # as Quantity.unit_word


@dataclass(frozen=True, slots=True)
class ParsedPost:
    """What the parser understood of one message. `product` keeps the user's script;
    `language` is the script/language the message was written in."""

    intent: Intent
    language: Lang
    product: str | None = None
    specs: tuple[str, ...] = ()
    quantity: Quantity | None = None
    moq: Quantity | None = None
    price: Price | None = None
    trade_term: str | None = None  # FOB, CIF, EXW, ...
    port: str | None = None  # the trade term's port: FOB 宁波
    place: str | None = None  # where goods ship from (offer) or port/city named
    destination: str | None = None  # where goods go (need: 寄到上海)
    valid_days: int | None = None
    valid_until: datetime | None = None
    contacts: tuple[str, ...] = ()  # phones and links: private until contacts are exchanged
    keywords: tuple[str, ...] = ()
    # customisation, certifications, samples as codes: "logo", "oem", "cert:CE"
    # (bot.domain.vocabulary.features)
    features: tuple[str, ...] = ()


@dataclass(slots=True)
class Post:
    id: int | None
    user_id: int
    kind: PostKind
    raw_text: str
    parsed: ParsedPost
    status: PostStatus
    language: Lang
    created_at: datetime
    expires_at: datetime
    updated_at: datetime | None = None
    circle_id: int | None = None
    keywords: tuple[str, ...] = ()  # at most 3, chosen by the owner
    photo: str | None = None  # Telegram's file_id of the picture it was posted with

    def allowed_actions(self, user_id: int) -> tuple[Action, ...]:
        """What `user_id` may do with this post now: its owner by the post rules; anyone
        else may only ask an open post's owner for contact."""
        if user_id == self.user_id:
            actions = OWNER_ACTIONS[self.status]
            if Action.EDIT_POST in actions:
                actions += (Action.EDIT_POST_FIELD,)
            return actions
        return (Action.CONTACT_POST_OWNER,) if self.status is PostStatus.OPEN else ()

    def allows(self, action: Action, user_id: int) -> bool:
        return action in self.allowed_actions(user_id)

    def is_live(self, now: datetime) -> bool:
        """Open and not yet past its expiry (the sweep may not have marked it yet)."""
        return self.status is PostStatus.OPEN and self.expires_at > now


# A trade circle's week as its market report shows it (issue 36): its figures, the median
# unit price and range of its busiest products (`bot.domain.circle_week.busiest`), and
# the needs nobody answered.


@dataclass(frozen=True, slots=True)
class ProductWeek:
    sample: Post  # its newest offer of the week (else post), for its name
    posts: int  # offers and needs of the week
    prices: tuple[float, ...]  # its offers' unit prices, CNY per base unit
    unit: str | None  # the base unit they are per

    @property
    def median(self) -> float | None:
        return statistics.median(self.prices) if self.prices else None


@dataclass(frozen=True, slots=True)
class CircleWeek:
    stats: CircleStats
    products: tuple[ProductWeek, ...]  # the busiest, most posts first
    unanswered: tuple[Post, ...]  # open needs of the week with no match nor request, newest first

    @property
    def active(self) -> bool:
        """Anything happened: a post, a match, a contact or a deal."""
        stats = self.stats
        return bool(stats.posts or stats.matches or stats.contacts or stats.deals)

    @property
    def conversion(self) -> float | None:
        """Confirmed deals per contact exchanged this week (None without contacts)."""
        contacts = self.stats.contacts
        return self.stats.deals / contacts if contacts else None


@dataclass(frozen=True, slots=True)
class SellerInterest:
    """A seller known to sell a product: from an offer of it (`source` "offer", `last_at`
    their newest such offer) or from their /profile ("profile")."""

    user_id: int
    source: str
    last_at: datetime
