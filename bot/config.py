"""Settings, read from the environment and `.env` (every field is listed in .env.example)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.domain import money
from bot.domain.models import Lang
from bot.services.delivery.rate_limits import BURST, RATE
from bot.services.schedule import Schedule

DEFAULT_API_BASE_URL = "https://api.telegram.org/bot"

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*$", re.IGNORECASE)
_UNIT_SECONDS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
# Telegram takes 1-256 characters of A-Z, a-z, 0-9, _ and -; fewer than 12 are easy to guess
WEBHOOK_SECRET_MIN_LENGTH = 12
_WEBHOOK_SECRET = re.compile(rf"[A-Za-z0-9_-]{{{WEBHOOK_SECRET_MIN_LENGTH},256}}")


def parse_duration(value: str | int | float | timedelta) -> timedelta:
    """'30d', '12h', '90s', '45m', '2w' or a number of seconds -> timedelta."""
    if isinstance(value, timedelta):
        return value
    if isinstance(value, int | float):
        return timedelta(seconds=value)
    match = _DURATION.match(value)
    if not match:
        raise ValueError(f"not a duration: {value!r} (use e.g. 30d, 12h, 90s)")
    seconds = float(match.group(1)) * _UNIT_SECONDS[match.group(2).lower()]
    if seconds <= 0:
        raise ValueError("a duration must be positive")
    return timedelta(seconds=seconds)


def normalise_database_url(url: str) -> str:
    """Accept sqlite:///x.db, sqlite+aiosqlite:///x.db, postgres(ql)://..., postgresql+asyncpg://...
    and return the async-driver form SQLAlchemy needs."""
    url = url.strip()
    for prefix, replacement in (
        ("sqlite+aiosqlite://", "sqlite+aiosqlite://"),
        ("sqlite://", "sqlite+aiosqlite://"),
        ("postgresql+asyncpg://", "postgresql+asyncpg://"),
        ("postgresql+psycopg://", "postgresql+asyncpg://"),
        ("postgresql+psycopg2://", "postgresql+asyncpg://"),
        ("postgresql://", "postgresql+asyncpg://"),
        ("postgres://", "postgresql+asyncpg://"),
    ):
        if url.startswith(prefix):
            return replacement + url[len(prefix) :]
    raise ValueError("DATABASE_URL must start with sqlite:// or postgresql://")


DURATIONS = (
    "post_ttl",
    "outcome_ask_after",
    "follow_up_after",
    "expiry_warning_before",
    "nudge_after",
    "lead_after",
    "quiet_post_after",
    "reminder_tick",
    "lease_ttl",
    "inbox_hold",
)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        hide_input_in_errors=True,  # a refused secret or token is never printed back
    )

    telegram_bot_token: SecretStr | None = None
    telegram_api_base_url: str = DEFAULT_API_BASE_URL
    # Telegram's overall limit on messages sent: about 30 a second, up to 1000 for a bot with
    # paid broadcasts; replies and alerts are paced to it (handlers/transport/send_window.py)
    telegram_messages_per_second: int = Field(default=30, ge=5, le=1000)
    # and in one chat: alerts and notices to a private chat this many seconds apart (Telegram
    # allows about one a second; the rest is left for the replies the person asks for), and at
    # most this many a minute in a group
    telegram_private_chat_interval: float = Field(default=1.5, gt=0, le=60)
    telegram_group_messages_per_minute: int = Field(default=20, ge=1, le=1000)
    database_url: str = Field(
        default_factory=lambda: f"sqlite+aiosqlite:///{Path.cwd() / 'tradecircle.db'}"
    )
    log_level: str = "INFO"
    admin_chat_id: int | None = None
    default_language: Lang = Lang.EN
    post_ttl: timedelta = timedelta(days=30)
    outcome_ask_after: timedelta = timedelta(days=3)  # contact exchange -> "made a deal?"
    follow_up_after: timedelta = timedelta(hours=24)  # an unanswered alert or request
    expiry_warning_before: timedelta = timedelta(days=3)
    nudge_after: timedelta = timedelta(days=14)  # no interest -> advice
    lead_after: timedelta = timedelta(days=1)  # a need that alerted nobody -> leads
    quiet_post_after: timedelta = timedelta(days=2)  # no response -> on circle admins' list
    reminder_tick: timedelta = timedelta(seconds=30)  # between sweeps of due reminders
    quiet_hours: bool = True  # 22:00-08:00 in each reader's time zone, only replies go out
    # posts' sentence vectors made and searched (docs/meaning.md): about a second of CPU to
    # load the encoder, then a millisecond a post; off, /search goes by words alone
    find_by_meaning: bool = True
    # where the process that makes vectors saves the dense index, so a start-up loads it
    # rather than rebuilding it (docs/meaning.md); by default beside a SQLite database
    # ("tradecircle.db.vectors"), and nowhere for PostgreSQL unless set
    meaning_index_dir: Path | None = None
    webhook_url: str | None = None
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = 8443
    webhook_secret_token: SecretStr | None = None
    outbox_interval: float = 1.0  # seconds between outbox sweeps
    sweep_interval: float = 60.0  # seconds between sweeps for expired posts
    # seconds between looks for circles' daily digests that are due: one goes out this long
    # after its hour at the latest
    circle_digest_interval: float = Field(default=300.0, gt=0)
    # the polling process renews its lease every third of this; a standby takes over once
    # the lease lapses
    lease_ttl: timedelta = timedelta(seconds=6)
    # a worker holds the people whose updates it takes this long past its last renewal (at
    # half of it); one that dies lets go after it, and another takes what it left (a new
    # poller takes over at once)
    inbox_hold: timedelta = timedelta(seconds=10)
    max_alerts_per_need: int = Field(default=5, ge=1, le=50)
    max_alerts_per_day: int = Field(default=20, ge=1, le=1000)
    # one person's messages and taps: this many at once, then this many a second
    rate_limit_burst: int = Field(default=BURST, ge=1, le=1000)
    rate_limit_per_second: float = Field(default=RATE, gt=0, le=1000)
    currency_rates: str = ""  # "USD=7.2,EUR=7.8": CNY per unit, over built-in defaults
    match_alert_threshold: float | None = Field(default=None, ge=0, le=1)

    @field_validator("currency_rates")
    @classmethod
    def _rates(cls, value: str) -> str:
        if value.strip():
            money.parse_rates(value)  # raises ValueError with the problem
        return value

    def meaning_folder(self) -> Path | None:
        """Where the dense index is saved (`meaning_index_dir`, or beside the SQLite file)."""
        if self.meaning_index_dir is not None:
            return self.meaning_index_dir
        prefix = "sqlite+aiosqlite:///"
        if self.database_url.startswith(prefix) and ":memory:" not in self.database_url:
            return Path(self.database_url.removeprefix(prefix) + ".vectors")
        return None

    def rates(self) -> dict[str, float]:
        return (
            money.parse_rates(self.currency_rates)
            if self.currency_rates.strip()
            else dict(money.DEFAULT_RATES)
        )

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str) -> str:
        return normalise_database_url(value)

    @field_validator("telegram_api_base_url")
    @classmethod
    def _base_url(cls, value: str) -> str:
        value = value.strip()
        if not value.startswith(("http://", "https://")):
            raise ValueError("TELEGRAM_API_BASE_URL must be an http(s) URL")
        return value

    @field_validator(*DURATIONS, mode="before")
    @classmethod
    def _duration(cls, value: object) -> timedelta:
        if isinstance(value, str | int | float | timedelta):
            return parse_duration(value)
        raise ValueError("durations are written like 90s, 15m, 24h or 7d")

    def schedule(self) -> Schedule:
        return Schedule(
            self.post_ttl,
            self.outcome_ask_after,
            self.follow_up_after,
            self.expiry_warning_before,
            self.nudge_after,
            self.lead_after,
        )

    @field_validator("log_level")
    @classmethod
    def _log_level(cls, value: str) -> str:
        value = value.upper()
        if value not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return value

    @field_validator("webhook_secret_token")
    @classmethod
    def _webhook_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _WEBHOOK_SECRET.fullmatch(value.get_secret_value()):
            raise ValueError(
                f"WEBHOOK_SECRET_TOKEN must be {WEBHOOK_SECRET_MIN_LENGTH} to 256 characters of "
                "A-Z, a-z, 0-9, _ and - (Telegram allows 1 to 256; a short one is easy to "
                "guess). Make one with: "
                "python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"
            )
        return value

    @field_validator(
        "admin_chat_id",
        "webhook_url",
        "webhook_secret_token",
        "match_alert_threshold",
        "meaning_index_dir",
        mode="before",
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value

    def token(self) -> str | None:
        return self.telegram_bot_token.get_secret_value() if self.telegram_bot_token else None
