"""Company profiles: what /profile keeps, and the keyword rules that feed matching."""

from __future__ import annotations

import pytest

from bot.domain.models import CompanyProfile, Lang
from bot.services.errors import UserFacingError
from bot.services.people import profiles, users
from bot.services.people.users import TelegramPerson
from bot.services.ports import UowFactory
from tests.fakes import FixedClock

USER = 1001


@pytest.fixture(autouse=True)
async def _registered(uow_factory: UowFactory, clock: FixedClock) -> None:
    async with uow_factory() as uow:
        await users.register(uow, TelegramPerson(USER, "Wang"), clock.now(), Lang.ZH_HANS)
        await uow.commit()


async def test_no_profile_yet_reads_as_empty(uow_factory: UowFactory) -> None:
    assert await profiles.get(uow_factory, USER) == CompanyProfile(user_id=USER)


async def test_answers_are_saved_and_read_back(uow_factory: UowFactory) -> None:
    answers = {
        "company": "  义乌杯业有限公司 ",
        "region": "浙江义乌",
        "products": "保温杯、水杯",
        "keywords": "保温杯, 不锈钢，水杯、保温杯",
    }
    saved = await profiles.save(uow_factory, USER, answers)
    assert saved == CompanyProfile(
        user_id=USER,
        company_name="义乌杯业有限公司",
        region="浙江义乌",
        main_products="保温杯、水杯",
        keywords=("保温杯", "不锈钢", "水杯"),  # split on any comma, duplicates once
    )
    assert await profiles.get(uow_factory, USER) == saved


async def test_a_skipped_question_keeps_the_old_answer(uow_factory: UowFactory) -> None:
    await profiles.save(
        uow_factory, USER, {"company": "杯业", "region": "义乌", "keywords": "保温杯"}
    )
    again = await profiles.save(uow_factory, USER, {"company": "", "region": "金华"})
    assert (again.company_name, again.region, again.keywords) == ("杯业", "金华", ("保温杯",))
    assert await profiles.get(uow_factory, USER) == again


async def test_long_answers_are_cut(uow_factory: UowFactory) -> None:
    saved = await profiles.save(
        uow_factory,
        USER,
        {"company": "公" * 100, "products": "杯" * 200, "keywords": "k" * 50},
    )
    assert saved.company_name == "公" * profiles.MAX_FIELD
    assert saved.main_products == "杯" * (2 * profiles.MAX_FIELD)
    assert saved.keywords == ("k" * 30,)


async def test_more_than_eight_keywords_are_refused_and_nothing_changes(
    uow_factory: UowFactory,
) -> None:
    await profiles.save(uow_factory, USER, {"company": "杯业", "keywords": "保温杯"})
    nine = ",".join(f"词{i}" for i in range(9))
    with pytest.raises(UserFacingError) as refused:
        await profiles.save(uow_factory, USER, {"company": "新名字", "keywords": nine})
    assert refused.value.key == "profile.too_many_keywords"
    assert refused.value.values == {"count": 9}
    kept = await profiles.get(uow_factory, USER)
    assert (kept.company_name, kept.keywords) == ("杯业", ("保温杯",))


def test_eight_keywords_fit() -> None:
    eight = "\n".join(f"词{i}" for i in range(8))
    assert profiles.parse_keywords(eight) == tuple(f"词{i}" for i in range(8))
    assert profiles.parse_keywords(" ,， ;") == ()
