"""L2: a business registration number, its check character verified (China) or its form
checked (elsewhere, with a country code that exists); the card never calls it more."""

from __future__ import annotations

import pytest

from bot.domain.models import Lang
from bot.domain.trust.scores import IdentityLevel
from bot.services.errors import UserFacingError
from bot.services.people.identity import verify_business
from bot.services.ports import UowFactory
from bot.services.trust.summaries import summary_of
from bot.texts import t
from tests.fakes import FixedClock
from tests.unit.services.world import add_user


async def _level(uow_factory: UowFactory, clock: FixedClock) -> IdentityLevel:
    async with uow_factory() as uow:
        summary = await summary_of(uow, 1, clock.now())
    assert summary is not None
    return summary.level


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("91350100M000100Y43", "verify.done"),
        ("91350100 m000100y43", "verify.done"),
        ("GB 12345678", "verify.done_format"),
        ("de: HRB 123456", "verify.done_format"),
    ],
)
async def test_a_registration_raises_the_record_to_l2(
    uow_factory: UowFactory, clock: FixedClock, text: str, key: str
) -> None:
    await add_user(uow_factory, 1)
    assert await _level(uow_factory, clock) is IdentityLevel.UNKNOWN
    assert await verify_business(uow_factory, clock, 1, text) == key
    assert await _level(uow_factory, clock) is IdentityLevel.BUSINESS
    assert await verify_business(uow_factory, clock, 1, text) == "verify.already"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("91350100M000100Y44", "verify.bad_code"),  # wrong check character
        ("CN 12345", "verify.usage"),  # a Chinese registration is the 18-character code
        ("hello", "verify.usage"),
        ("XX 12345", "verify.unknown_country"),  # no such country
        ("UK 12345678", "verify.unknown_country"),  # Britain is GB
        ("xx: 1234567", "verify.unknown_country"),
        ("X", "verify.usage"),
    ],
)
async def test_bad_registrations_are_refused_with_a_reason(
    uow_factory: UowFactory, clock: FixedClock, text: str, key: str
) -> None:
    await add_user(uow_factory, 1)
    with pytest.raises(UserFacingError) as refused:
        await verify_business(uow_factory, clock, 1, text)
    assert refused.value.key == key
    assert await _level(uow_factory, clock) is IdentityLevel.UNKNOWN


@pytest.mark.parametrize("lang", list(Lang))
def test_the_card_says_what_was_checked_and_no_more(lang: Lang) -> None:
    """L2 rests on a number's form: no language calls it a checked or verified business."""
    shown = t(lang, "trust.level.2") + t(lang, "trust.card.level", level="")
    for overclaim in ("business checked", "business verified", "企业已核验", "企業已核驗"):
        assert overclaim not in shown
    assert any(word in shown for word in ("valid in form", "格式有效"))
