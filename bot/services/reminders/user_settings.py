"""/settings: which reminders a member gets, the weekly digest, whether alerts wait through
quiet hours, their time zone (picked by city) and the currency prices are shown in; and
/profile's answers, whose region moves a time zone they did not pick (`home`)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.domain.home import CITIES, CURRENCY_CHOICES, moved_by_profile, zone_named
from bot.domain.home import city_of as city_of  # /settings shows the city of a zone
from bot.domain.models import CompanyProfile, User, ZoneSource
from bot.services.errors import ButtonExpired
from bot.services.follow_ups import (
    TOPICS,
    schedule_next_digest,
    schedule_next_month,
    stop_digest,
    stop_month,
)
from bot.services.people import profiles
from bot.services.people.users import member_of
from bot.services.ports import Clock, UowFactory
from bot.services.reminders import home
from bot.texts import Html

SWITCHES = (*TOPICS, "digest", "month_report", "alerts_wait")


def is_on(user: User, switch: str) -> bool:
    if switch == "digest":
        return user.digest
    if switch == "month_report":
        return user.month_report
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
        elif switch == "month_report":
            user.month_report = not user.month_report
            if user.month_report:
                await schedule_next_month(uow, now, user)
            else:
                await stop_month(uow, now, user.id)
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
    """The time zone of `city`, theirs from now on (a place they name no longer moves it);
    a scheduled digest moves to Monday 09:00 there."""
    zone = CITIES.get(city)
    if zone is None:
        raise ButtonExpired()
    async with uow_factory() as uow:
        user = await member_of(uow, user_id)
        user.timezone, user.timezone_source = zone, ZoneSource.SETTINGS
        await uow.users.upsert(user)
        if user.digest:
            await schedule_next_digest(uow, clock.now(), user)
        if user.month_report:
            await schedule_next_month(uow, clock.now(), user)
        await uow.commit()
        return user


async def set_currency(uow_factory: UowFactory, user_id: int, code: str) -> User:
    """The currency prices in another are shown to them in, one of `CURRENCY_CHOICES` (a
    forged button's other code is refused)."""
    if code not in CURRENCY_CHOICES:
        raise ButtonExpired()
    async with uow_factory() as uow:
        user = await member_of(uow, user_id)
        user.currency, user.currency_told = code, True
        await uow.users.upsert(user)
        await uow.commit()
        return user


async def save_profile(
    uow_factory: UowFactory,
    clock: Clock,
    rates: Mapping[str, float],
    user_id: int,
    answers: dict[str, str],
) -> tuple[CompanyProfile, Html | None]:
    """/profile's answers kept (`profiles.save`); a region that names a place moves their
    time zone unless they picked one in /settings: the notice for the reply, then."""
    told = None
    async with uow_factory() as uow:
        profile = await profiles.write(uow, user_id, answers)
        if answers.get("region"):
            named = zone_named(profile.region)
            told = await home.follow(uow, clock.now(), user_id, named, moved_by_profile, rates)
        await uow.commit()
        return profile, told
