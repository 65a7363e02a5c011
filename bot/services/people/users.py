"""Users: registration on first contact and language choice."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.home import Conversion
from bot.domain.language import language_from_telegram_code
from bot.domain.models import Lang, User
from bot.domain.phones import format_phone
from bot.services.errors import UserFacingError
from bot.services.ports import UnitOfWork, UowFactory

MAX_USERNAME = 32  # Telegram's; /trust may be followed by a word of any length


@dataclass(frozen=True, slots=True)
class TelegramPerson:
    """The parts of a Telegram user we keep."""

    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None
    # What this update says of the bot being blocked: False when they write or press, True
    # when they block it, None when it says nothing (say, the bot was added to a group).
    blocked_bot: bool | None = False

    @property
    def display_name(self) -> str:
        return " ".join(p for p in (self.first_name, self.last_name) if p).strip()


def default_timezone(language: Lang, telegram_code: str | None = None) -> str:
    """Until they pick a city in /settings or name one (`bot.domain.home`): Hong Kong or
    Taipei when Telegram's language code names the region (zh-HK, zh-TW), Taipei for other
    traditional Chinese readers, Shanghai for simplified, else UTC. The city also decides
    what a bare 元 is (NT$, HK$, ¥): `posts.writer_region`."""
    regions = set((telegram_code or "").lower().replace("_", "-").split("-")[1:])
    if regions & {"hk", "mo"}:
        return "Asia/Hong_Kong"
    if "tw" in regions or language is Lang.ZH_HANT:
        return "Asia/Taipei"
    return "UTC" if language is Lang.EN else "Asia/Shanghai"


ACTIVE_EVERY = timedelta(hours=1)  # "last active" is kept to the hour: no write per message


async def register(
    uow: UnitOfWork,
    person: TelegramPerson,
    now: datetime,
    default: Lang,
    *,
    new: bool = True,
    known: dict[int, User] | None = None,
) -> tuple[User, bool]:
    """Register a user on first contact and keep name and username current, inside the
    caller's transaction; True when something was written. The language follows Telegram's
    language code until the user picks one with /language. Writing or pressing (not a
    member update) marks them active, at most once an hour. Someone who used /forget comes
    back as a new user, unless this update is a redelivery (`new` False) or says they
    blocked the bot: then the tombstone is returned as it is. `known`: the users as read
    already in this transaction (absent from it: not registered yet)."""
    active = person.blocked_bot is False
    if known is None:
        user = await uow.users.get(person.id)
    else:  # a copy: what follows changes it, and the caller's may be someone's sender
        user = dataclasses.replace(known[person.id]) if person.id in known else None
    if user is not None and user.deleted_at is not None:
        if person.blocked_bot or not new:
            return user, False
        user = None
    telegram_language = (
        language_from_telegram_code(person.language_code) if person.language_code else None
    )
    if user is None:
        language = telegram_language or default
        user = User(
            id=person.id,
            language=language,
            timezone=default_timezone(language, person.language_code),
            username=person.username,
            display_name=person.display_name,
            blocked_bot=bool(person.blocked_bot),
            created_at=now,
            last_active_at=now if active else None,
        )
        await uow.users.upsert(user)
        return user, True
    language = user.language
    if telegram_language is not None and not user.language_chosen:
        language = telegram_language  # they switched Telegram's language: follow it
    blocked = user.blocked_bot if person.blocked_bot is None else person.blocked_bot
    current = (user.username, user.display_name, user.blocked_bot, user.language)
    stale = active and (user.last_active_at is None or now - user.last_active_at >= ACTIVE_EVERY)
    if current == (person.username, person.display_name, blocked, language) and not stale:
        return user, False
    if stale:
        user.last_active_at = now
    user.username = person.username
    user.display_name = person.display_name
    user.blocked_bot = blocked
    user.language = language
    await uow.users.refresh(user)  # only these: keeps what another transaction changed
    return user, True


async def set_language(uow_factory: UowFactory, user_id: int, language: Lang) -> None:
    async with uow_factory() as uow:
        await uow.users.set_language(user_id, language, chosen=True)
        await uow.commit()


async def language_of(uow_factory: UowFactory, user_id: int, default: Lang) -> Lang:
    async with uow_factory() as uow:
        user = await uow.users.get(user_id)
        return user.language if user else default


async def set_phone(uow_factory: UowFactory, user_id: int, phone: str) -> None:
    """Keep the number the user shared; it is shown only after a contact is accepted.

    Telegram's contact button shares the account's own number, always with its country
    code but often without the "+": stored in international format ("+86 138 0013 8000"),
    or as received when phonenumbers does not find it valid."""
    raw = phone.strip()
    formatted = format_phone(raw if raw.startswith("+") else f"+{raw}")
    async with uow_factory() as uow:
        user = await uow.users.get(user_id)
        if user is not None:
            user.phone = (formatted or raw)[:32]
            await uow.users.upsert(user)
            await uow.commit()


async def told_currency(uow: UnitOfWork, user_id: int, conversion: Conversion) -> None:
    """Record, in the caller's transaction, that the message just rendered with
    `conversion` named their guessed currency (`Conversion.told`): it is named once."""
    if conversion.told:
        await uow.users.set_currency_told(user_id)


async def currency_told(uow_factory: UowFactory, user_id: int) -> None:
    """`told_currency` for a reply, in a transaction of its own."""
    async with uow_factory() as uow:
        await uow.users.set_currency_told(user_id)
        await uow.commit()


async def set_blocked(uow_factory: UowFactory, user_id: int) -> None:
    """The user blocked the bot: alerts and reminders stop until they write again."""
    async with uow_factory() as uow:
        await uow.users.set_blocked(user_id, True)
        await uow.commit()


async def member_of(uow: UnitOfWork, subject: int | str) -> User:
    """A member named by Telegram id or by username ("@name" or "name"); a clear refusal
    for someone who never used the bot."""
    if isinstance(subject, str):
        name = subject.removeprefix("@")
        user = await uow.users.by_username(name)
        if user is None:
            shown = name if len(name) <= MAX_USERNAME else name[: MAX_USERNAME - 1] + "…"
            raise UserFacingError("trust.unknown_user", username=shown)
        return user
    user = await uow.users.get(subject)
    if user is None or user.deleted_at is not None:
        raise UserFacingError("trust.unknown_person")
    return user


async def recipient(uow: UnitOfWork, user_id: int) -> User | None:
    """The user, unless they are unknown or blocked the bot (then nothing is queued)."""
    user = await uow.users.get(user_id)
    return None if user is None or user.blocked_bot else user
