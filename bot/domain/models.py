"""Plain domain objects shared by parsing, matching, services and storage.

Pure Python: no Telegram, no SQL. Storage maps these to rows; handlers render them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum


class Lang(StrEnum):
    ZH_HANS = "zh-Hans"
    ZH_HANT = "zh-Hant"
    EN = "en"


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


class Action(StrEnum):
    """What a button that changes data does: action buttons carry the value, token buttons
    store it."""

    PUBLISH_POST = "post.publish"
    EDIT_POST = "post.edit"  # opens the menu of fields
    EDIT_POST_FIELD = "post.edit_field"  # asks for one field's new value
    DISCARD_POST = "post.discard"
    CLOSE_WITH_DEAL = "post.deal"
    WITHDRAW_POST = "post.withdraw"
    RENEW_POST = "post.renew"
    CONTACT_POST_OWNER = "post.contact"  # from a /search result
    CONTACT_MATCH = "match.contact"  # from a match alert
    DISMISS_MATCH = "match.dismiss"  # "Not relevant" under a match alert
    ACCEPT_CONTACT = "contact.accept"
    DECLINE_CONTACT = "contact.decline"
    SET_LANGUAGE = "language.set"
    CHOOSE_POST_KIND = "post.kind"  # "selling or buying?" when a message does not say
    DEAL_DONE = "deal.done"  # under "Did you make a deal?" and under a contact card
    DEAL_TALKING = "deal.talking"
    DEAL_NONE = "deal.none"
    DEAL_CONFIRM = "deal.confirm"  # the other side agrees a deal was made
    DEAL_DENY = "deal.deny"
    RATE_DEAL = "deal.rate"  # 1..5 stars after a confirmed deal
    COMMENT_RATING = "deal.comment"  # a short comment to go with one's stars
    SHOW_TRUST = "trust.show"  # the counterpart's trust record, under alerts and requests
    REPORT_PROBLEM = "complaint.start"  # under a contact card: choose what went wrong
    FILE_COMPLAINT = "complaint.file"
    ANSWER_COMPLAINT = "complaint.answer"  # the accused may answer once, in words
    TOGGLE_SETTING = "settings.toggle"  # a reminder topic, the digest, alerts in quiet hours
    CHOOSE_TIMEZONE = "settings.zones"  # shows the cities
    SET_TIMEZONE = "settings.zone"
    CIRCLE_SETTING = "circle.setting"  # an admin's choice under /circle (re-checked when pressed)
    FORGET_ME = "user.forget"  # /forget confirmed: the presser's data is deleted
    KEEP_ME = "user.keep"  # /forget cancelled


# The post rules: what the owner may do with a post in each status. Cards, /my and the
# use cases all read this table, so a button is shown exactly when pressing it works.
OWNER_ACTIONS: dict[PostStatus, tuple[Action, ...]] = {
    PostStatus.DRAFT: (Action.PUBLISH_POST, Action.EDIT_POST, Action.DISCARD_POST),
    PostStatus.OPEN: (
        Action.CLOSE_WITH_DEAL,
        Action.WITHDRAW_POST,
        Action.RENEW_POST,
        Action.EDIT_POST,
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


@dataclass(slots=True)
class User:
    id: int  # Telegram user id
    language: Lang
    username: str | None = None
    display_name: str = ""
    timezone: str = "Asia/Shanghai"
    phone: str | None = None
    blocked_bot: bool = False
    language_chosen: bool = False  # set by /language; otherwise follows Telegram's code
    created_at: datetime | None = None
    last_active_at: datetime | None = None  # when they last wrote or pressed, to the hour
    reminders_off: tuple[str, ...] = ()  # reminder topics turned off in /settings
    digest: bool = False  # the weekly digest, opt-in
    alerts_wait: bool = False  # alerts wait through quiet hours too (reminders always do)
    # Set on a tombstone (/forget) and on a deleted user's stand-in: shown as "deleted user".
    deleted_at: datetime | None = None


@dataclass(slots=True)
class Circle:
    """A Telegram group the bot serves (a trade circle); `id` is the group's chat id."""

    id: int
    title: str = ""
    language: Lang = Lang.ZH_HANS  # of its greeting, digest and notices
    open_to_market: bool = False  # its posts also match posts outside the circle
    posts_per_day: int = 5  # per member
    digest_hour: int | None = None  # the daily digest in the group, local hour; None: off
    timezone: str = "Asia/Shanghai"  # of the digest hour
    stopped: tuple[int, ...] = ()  # members an admin stopped from posting
    digest_sent_on: str | None = None  # local date (ISO) of the last daily digest
    created_at: datetime | None = None
    migrated_to: int | None = None  # the supergroup it became


@dataclass(frozen=True, slots=True)
class CircleStats:
    """What a circle did since a date: members now, and new posts, matches and deals."""

    members: int
    posts: int
    matches: int
    deals: int


@dataclass(slots=True)
class CompanyProfile:
    user_id: int
    company_name: str = ""
    region: str = ""
    main_products: str = ""
    keywords: tuple[str, ...] = ()  # at most 8


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


@dataclass(slots=True)
class OutboxMessage:
    """A message to someone other than the person being answered, written in the same
    transaction as the change that causes it and sent later by the dispatcher."""

    id: int | None
    chat_id: int
    text: str
    # rows of (label, action token): outbox buttons always act through server-side tokens
    buttons: list[list[tuple[str, str]]] = field(default_factory=list)
    parse_mode: str | None = "HTML"
    kind: str = "message"  # alert, reminder, contact, admin ...
    created_at: datetime | None = None
    attempts: int = 0
    not_before: datetime | None = None


@dataclass(slots=True)
class TrustEvent:
    user_id: int
    kind: str  # post.created, post.edited, post.closed, post.expired, deal.confirmed, ...
    at: datetime
    post_id: int | None = None
    counterpart_id: int | None = None
    detail: dict[str, object] = field(default_factory=dict)
    id: int | None = None


@dataclass(slots=True)
class ActionToken:
    """Server-side token behind a button that changes data: bound to the one user who
    may press it, to an action and its arguments, and to an expiry."""

    token: str
    user_id: int
    action: str
    payload: dict[str, object]
    expires_at: datetime
    used_at: datetime | None = None


@dataclass(slots=True)
class Match:
    """An offer and a need the engine paired; each side is alerted at most once and may
    dismiss it ("not relevant")."""

    id: int | None
    offer_id: int
    need_id: int
    score: float
    reasons: list[dict[str, object]]  # [{"kind": "moq", "values": {...}}, ...]
    created_at: datetime
    offer_alerted: bool = False
    need_alerted: bool = False
    offer_dismissed: bool = False
    need_dismissed: bool = False


class ContactStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    EXPIRED = "expired"


@dataclass(slots=True)
class ContactRequest:
    """One side asked to exchange contacts; details flow only once the other side accepts."""

    id: int | None
    match_id: int | None  # from a match alert
    post_id: int | None  # the post it is about (the target's), also for /search results
    from_user_id: int
    to_user_id: int
    status: ContactStatus
    created_at: datetime
    responded_at: datetime | None = None
    expires_at: datetime | None = None


class DealOutcome(StrEnum):
    """Where a contact exchange ended. None on `Deal.outcome` while the two still talk."""

    CLAIMED = "claimed"  # one side said "deal done"; the other has not answered
    CONFIRMED = "confirmed"  # both sides say so: the only outcome that counts
    DENIED = "denied"  # the other side said there was no deal
    UNCONFIRMED = "unconfirmed"  # a claim nobody confirmed within 14 days: counts for nothing
    NONE = "none"  # "no deal": recorded, never shown as a fault


@dataclass(slots=True)
class Deal:
    """What came of one contact exchange between a seller and a buyer."""

    id: int | None
    match_id: int | None
    offer_id: int | None
    need_id: int | None
    seller_id: int
    buyer_id: int
    created_at: datetime
    outcome: DealOutcome | None = None
    seller_confirmed_at: datetime | None = None  # when each side said "deal done"
    buyer_confirmed_at: datetime | None = None
    closed_at: datetime | None = None

    def other(self, user_id: int) -> int:
        return self.buyer_id if user_id == self.seller_id else self.seller_id

    def has(self, user_id: int) -> bool:
        return user_id in (self.seller_id, self.buyer_id)

    def said_done(self, user_id: int, at: datetime) -> None:
        if user_id == self.seller_id:
            self.seller_confirmed_at = self.seller_confirmed_at or at
        else:
            self.buyer_confirmed_at = self.buyer_confirmed_at or at

    @property
    def claimed_at(self) -> datetime | None:
        """When the first side said "deal done"."""
        times = [t for t in (self.seller_confirmed_at, self.buyer_confirmed_at) if t]
        return min(times) if times else None

    @property
    def claimed_by(self) -> int | None:
        """Who said "deal done" first."""
        seller, buyer = self.seller_confirmed_at, self.buyer_confirmed_at
        if seller and (not buyer or seller <= buyer):
            return self.seller_id
        return self.buyer_id if buyer else None


@dataclass(slots=True)
class Reminder:
    """A stored, due-dated message to one user, sent once by a sweep (it survives restarts).
    `kind` says what to send ("deal.outcome"); `payload` carries its arguments."""

    id: int | None
    kind: str
    user_id: int
    due_at: datetime
    payload: dict[str, object] = field(default_factory=dict)
    post_id: int | None = None
    match_id: int | None = None
    attempts: int = 0
    sent_at: datetime | None = None
    cancelled_at: datetime | None = None  # what it was about ended (post closed, answered)
    expired_at: datetime | None = None  # fell due but no longer useful (its policy said so)
    reason: str | None = None  # why it was cancelled or expired

    @property
    def pending(self) -> bool:
        return self.sent_at is None and self.cancelled_at is None and self.expired_at is None

    def cancel(self, now: datetime, reason: str) -> None:
        self.cancelled_at, self.reason = now, reason

    def expire(self, now: datetime, reason: str) -> None:
        self.expired_at, self.reason = now, reason


@dataclass(slots=True)
class Rating:
    """One side's stars for the other after a confirmed deal; once per deal and side.
    Hidden until both rated, or until `REVEAL_AFTER` passed since it was given."""

    id: int | None
    deal_id: int
    rater_id: int
    ratee_id: int
    stars: int  # 1..5
    created_at: datetime
    comment: str = ""
