"""Users and company profiles round-trip through both backends."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.domain.models import CompanyProfile, Lang
from storage import Database
from tests.integration.factories import NOW, make_user


async def test_user_round_trip_and_unknown(db: Database) -> None:
    user = make_user(
        7_000_000_001,  # Telegram ids exceed 32 bits
        language=Lang.ZH_HANT,
        phone="+886 912 345 678",
        timezone="Asia/Taipei",
        language_chosen=True,
        created_at=NOW,
    )
    async with db.uow() as uow:
        await uow.users.upsert(user)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.users.get(user.id) == user
        assert await uow.users.get(404) is None


async def test_upsert_overwrites_fields_but_keeps_created_at(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(created_at=NOW))
        await uow.commit()
    renamed = make_user(display_name="Mr Wang", username=None, created_at=NOW + timedelta(days=3))
    async with db.uow() as uow:
        await uow.users.upsert(renamed)
        await uow.commit()
    async with db.uow() as uow:
        stored = await uow.users.get(renamed.id)
    assert stored is not None
    assert (stored.display_name, stored.username) == ("Mr Wang", None)
    assert stored.created_at == NOW


async def test_new_user_without_created_at_gets_an_aware_timestamp(db: Database) -> None:
    before = datetime.now(UTC)
    async with db.uow() as uow:
        await uow.users.upsert(make_user())
        await uow.commit()
        stored = await uow.users.get(1001)
    assert stored is not None and stored.created_at is not None
    assert stored.created_at.tzinfo is not None
    assert before - timedelta(seconds=1) <= stored.created_at <= datetime.now(UTC)


async def test_set_language_and_blocked(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user())
        await uow.users.set_language(1001, Lang.EN, chosen=True)
        await uow.users.set_blocked(1001, True)
        await uow.commit()
    async with db.uow() as uow:
        stored = await uow.users.get(1001)
    assert stored is not None
    assert (stored.language, stored.language_chosen, stored.blocked_bot) == (Lang.EN, True, True)


async def test_datetimes_come_back_in_utc_whatever_offset_went_in(db: Database) -> None:
    shanghai = timezone(timedelta(hours=8))
    async with db.uow() as uow:
        await uow.users.upsert(make_user(created_at=datetime(2026, 3, 1, 16, 30, tzinfo=shanghai)))
        await uow.commit()
        stored = await uow.users.get(1001)
    assert stored is not None and stored.created_at is not None
    assert stored.created_at == NOW
    assert stored.created_at.utcoffset() == timedelta(0)


async def test_naive_datetimes_are_rejected(db: Database) -> None:
    async with db.uow() as uow:
        with pytest.raises(Exception, match="naive datetime"):
            await uow.users.upsert(make_user(created_at=datetime(2026, 3, 1, 8, 30)))


async def test_profile_round_trip_and_overwrite(db: Database) -> None:
    profile = CompanyProfile(
        user_id=1001,
        company_name="义乌市好运日用品有限公司",
        region="浙江义乌",
        main_products="保温杯、水壶",
        keywords=("保温杯", "水壶", "304"),
    )
    async with db.uow() as uow:
        await uow.users.upsert(make_user())
        assert await uow.profiles.get(1001) is None
        await uow.profiles.save(profile)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.profiles.get(1001) == profile
        profile.keywords = ("水杯",)
        profile.region = "Yiwu"
        await uow.profiles.save(profile)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.profiles.get(1001) == profile


async def test_many_users_are_read_in_one_query(db: Database) -> None:
    async with db.uow() as uow:
        for user_id in (1, 2, 3):
            await uow.users.upsert(make_user(user_id))
        await uow.commit()
    async with db.uow() as uow:
        found = await uow.users.get_many([1, 3, 404])
        assert found.keys() == {1, 3} and found[3] == await uow.users.get(3)
        assert await uow.users.get_many([]) == {}


async def test_a_refresh_keeps_what_another_transaction_changed(db: Database) -> None:
    """Telegram's view of someone, read before /language and /settings changed them, is
    written without undoing those changes; a forgotten user is left as they are."""
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1, language=Lang.EN))
        await uow.users.upsert(make_user(2, deleted_at=NOW))
        await uow.commit()
    async with db.uow() as uow:
        seen = await uow.users.get(1)
    assert seen is not None
    async with db.uow() as uow:  # meanwhile: they chose a language and a setting
        await uow.users.set_language(1, Lang.ZH_HANT, chosen=True)
        changed = await uow.users.get(1)
        assert changed is not None
        await uow.users.upsert(dataclasses.replace(changed, digest=not changed.digest))
        await uow.commit()
    seen.display_name, seen.language, seen.last_active_at = "New Name", Lang.ZH_HANS, NOW
    async with db.uow() as uow:
        await uow.users.refresh(seen)
        await uow.users.refresh(dataclasses.replace(seen, id=2))
        await uow.commit()
    async with db.uow() as uow:
        user, forgotten = await uow.users.get(1), await uow.users.get(2)
    assert user is not None and forgotten is not None
    assert (user.display_name, user.last_active_at) == ("New Name", NOW)
    assert (user.language, user.language_chosen, user.digest) == (
        Lang.ZH_HANT,
        True,
        not seen.digest,
    )
    assert forgotten.display_name != "New Name"
