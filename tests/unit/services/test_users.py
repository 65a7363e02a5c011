"""Users: registration on first contact, language choice, phone, blocking."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Lang, User
from bot.services.people import users
from bot.services.people.users import TelegramPerson
from bot.services.ports import UowFactory
from tests.fakes import FixedClock, InMemoryStore

WANG = TelegramPerson(1001, "Wang", "Lei", username="yiwu_cups", language_code="zh-hans")


async def _register(
    uow_factory: UowFactory, clock: FixedClock, person: TelegramPerson, default: Lang = Lang.EN
) -> tuple[User, bool]:
    async with uow_factory() as uow:
        result = await users.register(uow, person, clock.now(), default)
        await uow.commit()
    return result


async def _stored(uow_factory: UowFactory, user_id: int) -> User | None:
    async with uow_factory() as uow:
        return await uow.users.get(user_id)


async def test_first_contact_registers_the_person(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    user, changed = await _register(uow_factory, clock, WANG)
    assert changed
    stored = await _stored(uow_factory, 1001)
    assert stored == user
    assert (stored.display_name, stored.username, stored.language) == (
        "Wang Lei",
        "yiwu_cups",
        Lang.ZH_HANS,
    )
    assert stored.created_at == clock.now() and not stored.blocked_bot


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("zh-hans", Lang.ZH_HANS),
        ("zh", Lang.ZH_HANS),
        ("zh-TW", Lang.ZH_HANT),
        ("zh-hk", Lang.ZH_HANT),
        ("en", Lang.EN),
        ("de", Lang.EN),
        (None, Lang.ZH_HANT),  # no code: the configured default
    ],
)
async def test_language_comes_from_telegram_or_the_default(
    uow_factory: UowFactory, clock: FixedClock, code: str | None, language: Lang
) -> None:
    person = TelegramPerson(7, "Lin", language_code=code)
    user, _ = await _register(uow_factory, clock, person, default=Lang.ZH_HANT)
    assert user.language is language
    zones = {Lang.EN: "UTC", Lang.ZH_HANS: "Asia/Shanghai", Lang.ZH_HANT: "Asia/Taipei"}
    assert user.timezone == ("Asia/Hong_Kong" if code == "zh-hk" else zones[language])


async def test_nothing_is_written_when_nothing_changed(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    await _register(uow_factory, clock, WANG)
    version = store.version
    clock.advance(timedelta(minutes=5))  # the next message, same name and username
    user, changed = await _register(uow_factory, clock, WANG)
    assert not changed and user.display_name == "Wang Lei"
    assert store.version == version


async def test_last_active_is_kept_to_the_hour(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    first, _ = await _register(uow_factory, clock, WANG)
    assert first.last_active_at == clock.now()
    clock.advance(timedelta(minutes=59))
    _, changed = await _register(uow_factory, clock, WANG)
    assert not changed  # within the hour: no write for "last active"
    clock.advance(timedelta(minutes=2))
    _, changed = await _register(uow_factory, clock, WANG)
    stored = await _stored(uow_factory, 1001)
    assert changed and stored is not None and stored.last_active_at == clock.now()


async def test_a_member_update_is_not_activity(uow_factory: UowFactory, clock: FixedClock) -> None:
    await _register(uow_factory, clock, WANG)
    clock.advance(timedelta(days=3))
    added_to_group = TelegramPerson(1001, "Wang", "Lei", "yiwu_cups", "zh-hans", blocked_bot=None)
    _, changed = await _register(uow_factory, clock, added_to_group)
    stored = await _stored(uow_factory, 1001)
    assert not changed and stored is not None
    assert stored.last_active_at == clock.now() - timedelta(days=3)


async def test_a_new_name_is_kept_and_writing_again_unblocks(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    first, _ = await _register(uow_factory, clock, WANG)
    await users.set_blocked(uow_factory, 1001)
    blocked = await _stored(uow_factory, 1001)
    assert blocked is not None and blocked.blocked_bot

    renamed = TelegramPerson(1001, "Wang", username="wang_cups", language_code="zh-hans")
    user, changed = await _register(uow_factory, clock, renamed)
    assert changed
    stored = await _stored(uow_factory, 1001)
    assert stored is not None
    assert (stored.display_name, stored.username) == ("Wang", "wang_cups")
    assert not stored.blocked_bot  # they wrote to us, so they have not blocked the bot
    assert stored.created_at == first.created_at


async def test_unblocking_alone_is_a_change(uow_factory: UowFactory, clock: FixedClock) -> None:
    await _register(uow_factory, clock, WANG)
    await users.set_blocked(uow_factory, 1001)
    _, changed = await _register(uow_factory, clock, WANG)
    assert changed
    stored = await _stored(uow_factory, 1001)
    assert stored is not None and not stored.blocked_bot


async def test_a_chosen_language_survives_later_updates(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _register(uow_factory, clock, WANG)
    await users.set_language(uow_factory, 1001, Lang.EN)
    assert await users.language_of(uow_factory, 1001, Lang.ZH_HANS) is Lang.EN
    renamed = TelegramPerson(1001, "Wang", username="new_name", language_code="zh-hans")
    await _register(uow_factory, clock, renamed)
    stored = await _stored(uow_factory, 1001)
    assert stored is not None and stored.language is Lang.EN and stored.language_chosen


async def test_language_of_a_stranger_is_the_default(uow_factory: UowFactory) -> None:
    assert await users.language_of(uow_factory, 404, Lang.ZH_HANT) is Lang.ZH_HANT


async def test_setting_the_language_of_a_stranger_creates_no_one(
    uow_factory: UowFactory,
) -> None:
    await users.set_language(uow_factory, 404, Lang.EN)
    await users.set_blocked(uow_factory, 404)
    assert await _stored(uow_factory, 404) is None


async def test_shared_phone_is_kept_short(uow_factory: UowFactory, clock: FixedClock) -> None:
    await _register(uow_factory, clock, WANG)
    await users.set_phone(uow_factory, 1001, "+86 138 0000 0000")
    stored = await _stored(uow_factory, 1001)
    assert stored is not None and stored.phone == "+86 138 0000 0000"
    await users.set_phone(uow_factory, 1001, "9" * 40)
    stored = await _stored(uow_factory, 1001)
    assert stored is not None and stored.phone == "9" * 32
    assert stored.display_name == "Wang Lei"  # nothing else changed


async def test_a_phone_from_a_stranger_is_ignored(uow_factory: UowFactory) -> None:
    await users.set_phone(uow_factory, 404, "+86 138 0000 0000")
    assert await _stored(uow_factory, 404) is None


async def test_register_writes_only_in_the_callers_transaction(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    async with uow_factory() as uow:
        await users.register(uow, WANG, clock.now(), Lang.EN)
        assert await uow.users.get(1001) is not None
    # not committed by the caller: nothing stays
    assert await _stored(uow_factory, 1001) is None


async def test_the_language_follows_telegram_until_one_is_chosen(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _register(uow_factory, clock, WANG)
    switched = TelegramPerson(1001, "Wang", "Lei", username="yiwu_cups", language_code="en")
    user, changed = await _register(uow_factory, clock, switched)
    assert changed and user.language is Lang.EN
    unknown = TelegramPerson(1001, "Wang", "Lei", username="yiwu_cups", language_code=None)
    user, changed = await _register(uow_factory, clock, unknown)  # no code: keep what we have
    assert not changed and user.language is Lang.EN
    await users.set_language(uow_factory, 1001, Lang.ZH_HANT)
    user, _ = await _register(uow_factory, clock, WANG)
    assert user.language is Lang.ZH_HANT


async def test_only_updates_that_say_so_change_whether_the_bot_is_blocked(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await _register(uow_factory, clock, WANG)
    blocked = TelegramPerson(1001, "Wang", "Lei", username="yiwu_cups", blocked_bot=True)
    user, changed = await _register(uow_factory, clock, blocked)  # they blocked the bot
    assert changed and user.blocked_bot
    silent = TelegramPerson(1001, "Wang", "Lei", username="yiwu_cups", blocked_bot=None)
    user, changed = await _register(uow_factory, clock, silent)  # e.g. a group update
    assert not changed and user.blocked_bot
    user, changed = await _register(uow_factory, clock, WANG)  # they wrote again
    assert changed and not user.blocked_bot
