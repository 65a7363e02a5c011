"""/settings: which reminders a member gets, the weekly digest, whether alerts wait through
quiet hours, and their time zone (picked by city)."""

from __future__ import annotations

from bot.domain.models import User
from bot.services.errors import ButtonExpired
from bot.services.follow_ups import TOPICS
from bot.services.people.users import member_of
from bot.services.ports import Clock, UowFactory
from bot.services.reminders._digest import schedule_next_digest, stop_digest

SWITCHES = (*TOPICS, "digest", "alerts_wait")
# Cities whose time zones cover most traders; "utc" for anyone else.
CITIES: dict[str, str] = {
    "shanghai": "Asia/Shanghai",
    "hong_kong": "Asia/Hong_Kong",
    "taipei": "Asia/Taipei",
    "singapore": "Asia/Singapore",
    "bangkok": "Asia/Bangkok",
    "kolkata": "Asia/Kolkata",
    "dubai": "Asia/Dubai",
    "moscow": "Europe/Moscow",
    "istanbul": "Europe/Istanbul",
    "berlin": "Europe/Berlin",
    "london": "Europe/London",
    "lagos": "Africa/Lagos",
    "sao_paulo": "America/Sao_Paulo",
    "new_york": "America/New_York",
    "los_angeles": "America/Los_Angeles",
    "utc": "UTC",
}


def city_of(timezone: str) -> str | None:
    return next((city for city, zone in CITIES.items() if zone == timezone), None)


def is_on(user: User, switch: str) -> bool:
    if switch == "digest":
        return user.digest
    if switch == "alerts_wait":
        return user.alerts_wait
    return switch not in user.reminders_off


async def settings_of(uow_factory: UowFactory, user_id: int) -> User:
    async with uow_factory() as uow:
        return await member_of(uow, user_id)


async def toggle(uow_factory: UowFactory, clock: Clock, user_id: int, switch: str) -> User:
    """Switch one setting; turning the digest on schedules the next one, off cancels it."""
    if switch not in SWITCHES:
        raise ButtonExpired()
    async with uow_factory() as uow:
        user = await member_of(uow, user_id)
        now = clock.now()
        if switch == "digest":
            user.digest = not user.digest
            if user.digest:
                await schedule_next_digest(uow, now, user)
            else:
                await stop_digest(uow, now, user.id)
        elif switch == "alerts_wait":
            user.alerts_wait = not user.alerts_wait
        elif switch in user.reminders_off:
            user.reminders_off = tuple(t for t in user.reminders_off if t != switch)
        else:
            user.reminders_off = (*user.reminders_off, switch)
        await uow.users.upsert(user)
        await uow.commit()
        return user


async def set_timezone(uow_factory: UowFactory, clock: Clock, user_id: int, city: str) -> User:
    """The time zone of `city`; a scheduled digest moves to Monday 09:00 there."""
    zone = CITIES.get(city)
    if zone is None:
        raise ButtonExpired()
    async with uow_factory() as uow:
        user = await member_of(uow, user_id)
        user.timezone = zone
        await uow.users.upsert(user)
        if user.digest:
            await schedule_next_digest(uow, clock.now(), user)
        await uow.commit()
        return user
