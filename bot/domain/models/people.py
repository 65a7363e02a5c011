"""People and where they trade: users, their languages and company profiles, and trade circles."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class Lang(StrEnum):
    ZH_HANS = "zh-Hans"
    ZH_HANT = "zh-Hant"
    EN = "en"


class ZoneSource(StrEnum):
    """Where a member's time zone came from, weakest first: a place they name moves a zone
    only their language gave (a post's, only the UTC of someone nobody placed), never one
    they picked in /settings (`bot.domain.home.may_follow`)."""

    LANGUAGE = "language"  # their language's (and Telegram's region code's) default
    PLACE = "place"  # a city they named: their /profile region, or their side of a post
    SETTINGS = "settings"  # a city they picked in /settings


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
    month_report: bool = False  # "Your month" on the 1st, opt-in
    alerts_wait: bool = False  # alerts wait through quiet hours too (reminders always do)
    timezone_source: ZoneSource = ZoneSource.LANGUAGE
    currency: str | None = None  # picked in /settings; else their city's, else their language's
    currency_told: bool = False  # told once which currency prices are shown to them in
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
    weekly_report: bool = False  # the weekly market report in the group too (admins: always)
    report_sent_on: str | None = None  # local date (ISO) of the Monday it last went out
    created_at: datetime | None = None
    migrated_to: int | None = None  # the supergroup it became


@dataclass(frozen=True, slots=True)
class CircleStats:
    """What a circle did since a date: members now, and new posts, matches, contacts
    exchanged (requests accepted) and confirmed deals."""

    members: int
    posts: int
    matches: int
    deals: int
    contacts: int = 0


@dataclass(slots=True)
class CompanyProfile:
    user_id: int
    company_name: str = ""
    region: str = ""
    main_products: str = ""
    keywords: tuple[str, ...] = ()  # at most 8
