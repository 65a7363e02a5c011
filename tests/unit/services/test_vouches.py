"""L3 (issue 33): a vouch counts only from an established circle (the bot in it 30 days, 10
members who trade and posted), not one the member or a deal partner created, not one their partners
fill, and once a circle and once an admin. A vouch that would not count is refused with the
reason, and nothing is recorded."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.trust.levels import identity_facts
from bot.domain.trust.scores import IdentityLevel
from bot.services.circles import circle_admin
from bot.services.errors import UserFacingError
from bot.services.ports import UowFactory
from tests.fakes import FixedClock
from tests.unit.services.circle_world import circle, deals_with, people

MEMBER, ADMIN, ADMIN_2, CREATOR = 1, 2, 3, 4
A, B = -1001, -1002  # two established circles
TEN = range(100, 110)  # members who posted there, none the member's partner


async def _facts(uow_factory: UowFactory):  # type: ignore[no-untyped-def]
    async with uow_factory() as uow:
        user = await uow.users.get(MEMBER)
        events = await uow.trust_events.list_for_user(MEMBER)
    assert user is not None
    return identity_facts(user, events), events


async def _refused(uow_factory: UowFactory, clock: FixedClock, chat: int, key: str, **kw) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UserFacingError) as refused:
        await circle_admin.vouch(uow_factory, clock, chat, ADMIN, MEMBER, **kw)
    assert refused.value.key == key


async def test_two_established_circles_give_l3_each_shown_with_its_circle(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, MEMBER, ADMIN, ADMIN_2)
    await circle(uow_factory, clock, A, TEN, title="Yiwu cups")
    await circle(uow_factory, clock, B, TEN, title="Ningbo LED")
    assert await circle_admin.vouch(uow_factory, clock, A, ADMIN, MEMBER, creator_id=CREATOR) == 1
    facts, _ = await _facts(uow_factory)
    assert facts.level is IdentityLevel.UNKNOWN
    assert (
        await circle_admin.vouch(uow_factory, clock, B, ADMIN_2, MEMBER, creator_id=CREATOR) == 2
    )
    facts, events = await _facts(uow_factory)
    assert facts.level is IdentityLevel.VOUCHED and facts.since == clock.now()
    assert [(v.circle_id, v.title) for v in facts.vouches] == [(A, "Yiwu cups"), (B, "Ningbo LED")]
    assert events[-1].detail == {
        "circle": B,
        "title": "Ningbo LED",
        "creator": CREATOR,
        "checked": "established circle",
    }


async def test_puppets_posting_for_months_in_their_own_group_do_not_make_it_established(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    """Ten puppets, none a deal partner of the member, none trading with the wider market:
    the group is old and busy, but nobody in it trades."""
    await people(uow_factory, MEMBER, ADMIN)
    await circle(uow_factory, clock, A, TEN, age=timedelta(days=120), trading=False)
    await _refused(uow_factory, clock, A, "circle.standing.few_posters", creator_id=ADMIN)
    facts, events = await _facts(uow_factory)
    assert facts.level is IdentityLevel.UNKNOWN and events == []


async def test_the_attacker_s_two_young_groups_are_refused(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, MEMBER, ADMIN)
    await circle(uow_factory, clock, A, TEN, age=timedelta(days=29, hours=23))
    await circle(uow_factory, clock, B, range(100, 109))  # old enough, 9 posters
    with pytest.raises(UserFacingError) as young:
        await circle_admin.vouch(uow_factory, clock, A, ADMIN, MEMBER, creator_id=ADMIN)
    assert young.value.key == "circle.standing.young" and young.value.values["days"] == 30
    assert young.value.values["age"] == 29
    with pytest.raises(UserFacingError) as few:
        await circle_admin.vouch(uow_factory, clock, B, ADMIN, MEMBER, creator_id=ADMIN)
    assert few.value.key == "circle.standing.few_posters"
    assert few.value.values["count"] == 9 and few.value.values["needed"] == 10
    facts, events = await _facts(uow_factory)
    assert facts.level is IdentityLevel.UNKNOWN and events == []  # nothing recorded
    clock.advance(timedelta(hours=1))  # circle A is 30 days old now
    assert await circle_admin.vouch(uow_factory, clock, A, ADMIN, MEMBER, creator_id=ADMIN) == 1


@pytest.mark.parametrize(
    ("creator", "partners", "key"),
    [
        (MEMBER, (), "circle.standing.creator"),  # the member's own group
        (7, (7,), "circle.standing.creator"),  # a deal partner's group
        # ten puppets posting in it are the member's deal partners
        (CREATOR, tuple(TEN), "circle.standing.partners"),
        (CREATOR, tuple(range(100, 105)), "circle.standing.partners"),  # half of those posting
    ],
)
async def test_a_circle_the_member_or_their_partners_made_or_fill_is_refused(
    uow_factory: UowFactory,
    clock: FixedClock,
    creator: int,
    partners: tuple[int, ...],
    key: str,
) -> None:
    await people(uow_factory, MEMBER, ADMIN)
    await circle(uow_factory, clock, A, TEN)
    await deals_with(uow_factory, clock, MEMBER, partners)
    await _refused(uow_factory, clock, A, key, creator_id=creator)
    facts, events = await _facts(uow_factory)
    assert facts.vouches == () and events == []


async def test_four_partners_of_ten_posters_still_count(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, MEMBER, ADMIN)
    await circle(uow_factory, clock, A, TEN)
    await deals_with(uow_factory, clock, MEMBER, range(100, 104))
    assert await circle_admin.vouch(uow_factory, clock, A, ADMIN, MEMBER, creator_id=CREATOR) == 1


async def test_two_admins_of_one_circle_are_one_vouch_and_an_admin_counts_once(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, MEMBER, ADMIN, ADMIN_2)
    await circle(uow_factory, clock, A, TEN)
    await circle(uow_factory, clock, B, TEN)
    assert await circle_admin.vouch(uow_factory, clock, A, ADMIN, MEMBER, creator_id=CREATOR) == 1
    with pytest.raises(UserFacingError) as again:
        await circle_admin.vouch(uow_factory, clock, A, ADMIN_2, MEMBER, creator_id=CREATOR)
    assert again.value.key == "circle.vouch_circle_already"
    await _refused(uow_factory, clock, B, "circle.vouch_admin_already", creator_id=CREATOR)
    facts, events = await _facts(uow_factory)
    assert facts.level is IdentityLevel.UNKNOWN and len(events) == 1


async def test_a_circle_that_became_a_supergroup_is_still_one_circle(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, MEMBER, ADMIN, ADMIN_2)
    await circle(uow_factory, clock, A, TEN)
    assert await circle_admin.vouch(uow_factory, clock, A, ADMIN, MEMBER, creator_id=CREATOR) == 1
    async with uow_factory() as uow:
        await uow.circles.migrate(A, B)
        await uow.commit()
    with pytest.raises(UserFacingError) as again:
        await circle_admin.vouch(uow_factory, clock, B, ADMIN_2, MEMBER, creator_id=CREATOR)
    assert again.value.key == "circle.vouch_circle_already"


async def test_nobody_vouches_for_themselves_or_for_a_stranger(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await people(uow_factory, ADMIN)
    await circle(uow_factory, clock, A, TEN)
    with pytest.raises(UserFacingError) as own:
        await circle_admin.vouch(uow_factory, clock, A, ADMIN, ADMIN)
    assert own.value.key == "circle.vouch_self"
    with pytest.raises(UserFacingError) as stranger:
        await circle_admin.vouch(uow_factory, clock, A, ADMIN, 404)
    assert stranger.value.key == "trust.unknown_person"
