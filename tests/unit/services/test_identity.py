"""L2: a business registration number, its check character verified (China) or its form
checked (elsewhere, with a country code that exists); the card never calls it more. One
number, one account: a second claim disputes it on both records until an established
circle's admins settle it (issue 33)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Lang
from bot.domain.trust.levels import IdentityFacts, identity_facts
from bot.domain.trust.scores import IdentityLevel
from bot.services.after_effects import Table
from bot.services.circles import settling
from bot.services.errors import UserFacingError
from bot.services.people.identity import verify_business
from bot.services.ports import UowFactory
from bot.services.privacy import forgetting
from bot.services.trust.summaries import summary_of
from bot.texts import t
from tests.fakes import FixedClock
from tests.unit.services.circle_world import circle, people
from tests.unit.services.world import add_user, new_index


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


# -- one number, one account (issue 33) ------------------------------------------------------

CODE = "91350100M000100Y43"
ADMIN_CHAT = -999
FIRM, ATTACKER, THIRD, ADMIN = 1, 2, 3, 4
CIRCLE = -1001
POSTERS = range(100, 110)


async def _facts(uow_factory: UowFactory, member: int) -> IdentityFacts:
    async with uow_factory() as uow:
        user = await uow.users.get(member)
        events = await uow.trust_events.list_for_user(member)
    assert user is not None
    return identity_facts(user, events)


async def _admin_chat(uow_factory: UowFactory, clock: FixedClock) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(clock.now(), 100)
    return [m.text for m in due if m.chat_id == ADMIN_CHAT]


async def _claim(uow_factory: UowFactory, clock: FixedClock, member: int) -> str:
    return await verify_business(uow_factory, clock, member, CODE, admin_chat_id=ADMIN_CHAT)


async def test_a_second_account_disputes_the_number_on_both_records_and_the_admins_are_told(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, FIRM, ATTACKER)
    assert await _claim(uow_factory, clock, ATTACKER) == "verify.done"  # the attacker first
    assert await _admin_chat(uow_factory, clock) == []
    assert (await _facts(uow_factory, ATTACKER)).level is IdentityLevel.BUSINESS
    assert await _claim(uow_factory, clock, FIRM) == "verify.disputed"
    for member in (FIRM, ATTACKER):
        facts = await _facts(uow_factory, member)
        assert facts.level is IdentityLevel.UNKNOWN and facts.disputed  # both lose L2
    (notice,) = await _admin_chat(uow_factory, clock)
    assert f"CN {CODE}" in notice and f"{ATTACKER}, {FIRM}" in notice
    async with uow_factory() as uow:
        assert await uow.registrations.claimants("CN", CODE) == [ATTACKER, FIRM]
    assert await _claim(uow_factory, clock, FIRM) == "verify.already"


async def test_the_real_firm_settles_it_through_an_established_circle(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, FIRM, ATTACKER, ADMIN)
    await _claim(uow_factory, clock, ATTACKER)
    await _claim(uow_factory, clock, FIRM)
    await circle(uow_factory, clock, CIRCLE, POSTERS, title="Yiwu cups")
    title = await settling.settle(
        uow_factory, clock, CIRCLE, ADMIN, FIRM, creator_id=9, admin_chat_id=ADMIN_CHAT
    )
    assert title == "Yiwu cups"
    firm = await _facts(uow_factory, FIRM)
    assert firm == IdentityFacts(IdentityLevel.BUSINESS, firm.since, False, "Yiwu cups")
    attacker = await _facts(uow_factory, ATTACKER)
    assert attacker.level is IdentityLevel.UNKNOWN and attacker.disputed
    assert attacker.confirmed_by is None
    assert "settled" in (await _admin_chat(uow_factory, clock))[-1]
    # a settlement stands: neither circle's admins settle it again, nor for the other side
    for winner in (FIRM, ATTACKER):
        with pytest.raises(UserFacingError) as again:
            await settling.settle(uow_factory, clock, CIRCLE, ADMIN, winner)
        assert again.value.key == "circle.settle_already"
    # a third account claiming the number later is disputed alone
    await people(uow_factory, THIRD)
    assert await _claim(uow_factory, clock, THIRD) == "verify.disputed"
    assert (await _facts(uow_factory, FIRM)).confirmed_by == "Yiwu cups"
    assert (await _facts(uow_factory, THIRD)).disputed
    assert "settlement stands" in (await _admin_chat(uow_factory, clock))[-1]


@pytest.mark.parametrize(
    ("age", "posters", "creator", "settler", "winner", "key"),
    [
        (
            timedelta(days=29),
            POSTERS,
            9,
            ADMIN,
            FIRM,
            "circle.standing.young",
        ),  # the attacker's new group
        (timedelta(days=31), range(100, 105), 9, ADMIN, FIRM, "circle.standing.few_posters"),
        (timedelta(days=31), POSTERS, ATTACKER, ADMIN, ATTACKER, "circle.standing.creator"),
        (timedelta(days=31), POSTERS, 9, ATTACKER, ATTACKER, "circle.settle_self"),
        (timedelta(days=31), POSTERS, 9, FIRM, ATTACKER, "circle.settle_self"),  # a claimant
        (timedelta(days=31), POSTERS, 9, ADMIN, ADMIN, "circle.settle_self"),
        (timedelta(days=31), POSTERS, 9, ADMIN, THIRD, "circle.settle_none"),  # no number
    ],
)
async def test_a_settlement_that_would_not_count_is_refused_and_nothing_recorded(
    uow_factory: UowFactory,
    clock: FixedClock,
    age: timedelta,
    posters: range,
    creator: int,
    settler: int,
    winner: int,
    key: str,
) -> None:
    await people(uow_factory, FIRM, ATTACKER, THIRD, ADMIN)
    await _claim(uow_factory, clock, ATTACKER)
    await _claim(uow_factory, clock, FIRM)
    await circle(uow_factory, clock, CIRCLE, posters, age=age)
    with pytest.raises(UserFacingError) as refused:
        await settling.settle(uow_factory, clock, CIRCLE, settler, winner, creator_id=creator)
    assert refused.value.key == key
    for member in (FIRM, ATTACKER):
        assert (await _facts(uow_factory, member)).disputed


async def test_an_undisputed_number_has_nothing_to_settle(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, FIRM, ADMIN)
    await _claim(uow_factory, clock, FIRM)
    await circle(uow_factory, clock, CIRCLE, POSTERS)
    with pytest.raises(UserFacingError) as refused:
        await settling.settle(uow_factory, clock, CIRCLE, ADMIN, FIRM)
    assert refused.value.key == "circle.settle_none"


async def test_forgetting_a_claimant_deletes_their_claim(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, FIRM, ATTACKER)
    await _claim(uow_factory, clock, ATTACKER)
    await _claim(uow_factory, clock, FIRM)
    assert await forgetting.forget(uow_factory, clock, Table(new_index()), ATTACKER)
    async with uow_factory() as uow:
        assert await uow.registrations.claimants("CN", CODE) == [FIRM]
    # the dispute stays on the firm's record until an established circle settles it
    assert (await _facts(uow_factory, FIRM)).disputed
