"""The identity levels' rules as a table (bot/domain/trust/levels.py, issue 33): L2 and a
disputed number, a settlement, L3 from established circles only, one vouch a circle."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.models import Lang, TrustEvent, User
from bot.domain.trust.levels import (
    BUSINESS,
    DISPUTED,
    ESTABLISHED,
    SETTLED,
    VOUCHED,
    IdentityFacts,
    VouchFact,
    circle_refusal,
    identity_facts,
)
from bot.domain.trust.scores import IdentityLevel

T0 = datetime(2026, 12, 1, tzinfo=UTC)
ME, RIVAL = 1, 2
CODE = {"country": "CN", "number": "91350100M000100Y43"}
OTHER_CODE = {"country": "GB", "number": "12345678"}


def at(hours: int) -> datetime:
    return T0 + timedelta(hours=hours)


def business(hours: int = 0) -> TrustEvent:
    return TrustEvent(ME, BUSINESS, at(hours), detail={**CODE, "checked": "check character"})


def disputed(hours: int, code: dict[str, str] = CODE) -> TrustEvent:
    return TrustEvent(ME, DISPUTED, at(hours), detail=dict(code))


def settled(hours: int, winner: int, title: str = "Yiwu cups") -> TrustEvent:
    detail = {**CODE, "circle": -100, "title": title, "winner": winner, "creator": 9}
    return TrustEvent(ME, SETTLED, at(hours), counterpart_id=50, detail=detail)


def vouched(hours: int, circle: int, admin: int, checked: bool = True) -> TrustEvent:
    detail: dict[str, object] = {"circle": circle, "title": f"circle {circle}"}
    if checked:
        detail |= {"creator": 9, "checked": ESTABLISHED}
    return TrustEvent(ME, VOUCHED, at(hours), counterpart_id=admin, detail=detail)


@pytest.mark.parametrize(
    ("phone", "events", "expected"),
    [
        (None, [], IdentityFacts(IdentityLevel.UNKNOWN, None)),
        ("+86 1", [], IdentityFacts(IdentityLevel.PHONE, None)),
        (None, [business(1)], IdentityFacts(IdentityLevel.BUSINESS, at(1))),
        # a second account claimed the number: no L2 while it stands (the phone still counts)
        ("+86 1", [business(1), disputed(2)], IdentityFacts(IdentityLevel.PHONE, None, True)),
        # a dispute about another number is not about this one
        (
            None,
            [business(1), disputed(2, OTHER_CODE)],
            IdentityFacts(IdentityLevel.BUSINESS, at(1)),
        ),
        # settled for this member: L2 again, confirmed by the circle's admins
        (
            None,
            [business(1), disputed(2), settled(3, ME)],
            IdentityFacts(IdentityLevel.BUSINESS, at(1), False, "Yiwu cups"),
        ),
        # settled for the other account: disputed, no L2
        (
            None,
            [business(1), disputed(2), settled(3, RIVAL)],
            IdentityFacts(IdentityLevel.UNKNOWN, None, True),
        ),
        # disputed again after a settlement (the winner forgot, a third account came)
        (
            None,
            [business(1), disputed(2), settled(3, ME), disputed(4)],
            IdentityFacts(IdentityLevel.UNKNOWN, None, True),
        ),
    ],
)
def test_l2_and_its_dispute(
    phone: str | None, events: list[TrustEvent], expected: IdentityFacts
) -> None:
    user = User(ME, Lang.EN, phone=phone)
    assert identity_facts(user, events) == expected


@pytest.mark.parametrize(
    ("events", "level", "counted"),
    [
        ([vouched(1, -100, 50)], IdentityLevel.UNKNOWN, [-100]),
        # two established circles: L3, since the second vouch
        ([vouched(1, -100, 50), vouched(2, -200, 60)], IdentityLevel.VOUCHED, [-100, -200]),
        # two admins of one circle are one vouch
        ([vouched(1, -100, 50), vouched(2, -100, 51)], IdentityLevel.UNKNOWN, [-100]),
        # vouches given before the established-circle rules count for nothing
        ([vouched(1, -100, 50, False), vouched(2, -200, 60, False)], IdentityLevel.UNKNOWN, []),
        ([vouched(1, -100, 50, False), vouched(2, -200, 60)], IdentityLevel.UNKNOWN, [-200]),
        # L3 rests on the vouches, a disputed number beside it is still shown
        (
            [business(0), disputed(1), vouched(2, -100, 50), vouched(3, -200, 60)],
            IdentityLevel.VOUCHED,
            [-100, -200],
        ),
    ],
)
def test_l3_counts_one_vouch_per_established_circle(
    events: list[TrustEvent], level: IdentityLevel, counted: list[int]
) -> None:
    facts = identity_facts(User(ME, Lang.EN), events)
    assert facts.level is level
    assert [v.circle_id for v in facts.vouches] == counted
    assert all(v == VouchFact(v.circle_id, f"circle {v.circle_id}", v.at) for v in facts.vouches)
    if level is IdentityLevel.VOUCHED:
        assert facts.since == facts.vouches[1].at
    assert facts.disputed == any(e.kind == DISPUTED for e in events)


NOW = T0 + timedelta(days=100)
OLD = NOW - timedelta(days=30)
TEN = set(range(100, 110))


@pytest.mark.parametrize(
    ("created", "posters", "creator", "partners", "reason"),
    [
        (OLD, TEN, 9, set(), None),  # 30 days, 10 posters, an independent creator
        (OLD, TEN, None, set(), None),  # a group whose creator left
        (None, TEN, 9, set(), "young"),
        (OLD + timedelta(seconds=1), TEN, 9, set(), "young"),  # one second short of 30 days
        (OLD, set(range(100, 109)), 9, set(), "few_posters"),  # 9 members posted
        (OLD, TEN, ME, set(), "creator"),  # the member's own group
        (OLD, TEN, 7, {7}, "creator"),  # a deal partner's group
        (OLD, TEN, 9, set(range(100, 105)), "partners"),  # 5 of 10 posters are partners
        (OLD, TEN, 9, set(range(100, 104)) | {7, 8}, None),  # 4 of 10 (others post elsewhere)
        (OLD, TEN | {ME}, 9, set(range(100, 110)), "partners"),  # 10 puppets and the member
    ],
)
def test_which_circle_may_speak_for_a_member(
    created: datetime | None,
    posters: set[int],
    creator: int | None,
    partners: set[int],
    reason: str | None,
) -> None:
    assert circle_refusal(created, NOW, posters, creator, ME, partners) == reason
