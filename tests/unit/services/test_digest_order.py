"""Digests list their posts by fit and trust (issue 33): the better-fitting post first and,
at equal fit, the more trusted owner first, whatever their age; the weekly digest also
marks an offer too good to be true."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.models import Lang
from bot.services.after_effects import Table
from bot.services.circles import circle_admin, circle_digest, groups
from bot.services.matching import fit_and_trust
from bot.services.ports import UnitOfWork, UowFactory
from bot.services.reminders import user_settings
from bot.services.schedule import Schedule
from bot.texts import t
from tests.fakes import FixedClock
from tests.unit.services.world import TTL, add_user, new_index, opened, sweep

TRUSTED, UNKNOWN, LOOSE, READER = 1, 2, 3, 9
TRUST = {TRUSTED: 0.9, UNKNOWN: 0.5, LOOSE: 0.95}
NEED = "求购 不锈钢保温杯 3000个 单价15元以内"
GOOD_FIT = "出售 不锈钢保温杯 起订100个 {price}元/个"  # holds every word of the need
LOOSE_FIT = "出售 保温杯 起订100个 {price}元/个"  # holds fewer of them
MONDAY_9_SHANGHAI = datetime(2026, 3, 2, 1, 0, tzinfo=UTC)  # the clock starts Sun 1 March
GROUP = -100
SCHEDULE = Schedule(post_ttl=TTL)


@pytest.fixture(autouse=True)
def _trust(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each owner's ranking trust as the table says (what it counts is tested elsewhere)."""

    async def ranking_trust_of(_uow: UnitOfWork, user_id: int, _now: datetime) -> float:
        return TRUST.get(user_id, 0.5)

    monkeypatch.setattr(fit_and_trust, "ranking_trust_of", ranking_trust_of)


async def _texts(uow_factory: UowFactory, chat_id: int, kind: str) -> list[str]:
    async with uow_factory() as uow:
        due = await uow.outbox.due(FixedClock().now() + timedelta(days=3650), 1000)
    return [m.text for m in due if m.chat_id == chat_id and m.kind == kind]


def _order(text: str, marks: list[str]) -> list[str]:
    """`marks` in the order they first appear in `text`."""
    assert all(mark in text for mark in marks), text
    return sorted(marks, key=text.index)


async def test_the_weekly_digest_lists_the_best_fit_first_then_the_trusted_owner(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, READER)
    await opened(uow_factory, clock, index, READER, NEED)
    await user_settings.toggle(uow_factory, clock, READER, "digest")
    # oldest to newest: by date alone the order would be the reverse
    for owner, text in (
        (TRUSTED, GOOD_FIT.format(price=13)),
        (UNKNOWN, GOOD_FIT.format(price=12)),
        (LOOSE, LOOSE_FIT.format(price=11)),
    ):
        clock.advance(timedelta(minutes=5))
        await opened(uow_factory, clock, index, owner, text)
    clock.advance(MONDAY_9_SHANGHAI - clock.now())
    await sweep(uow_factory, clock, index, SCHEDULE)
    (digest,) = await _texts(uow_factory, READER, "digest.weekly")
    assert _order(digest, ["¥13", "¥12", "¥11"]) == ["¥13", "¥12", "¥11"]


async def test_the_weekly_digest_marks_an_offer_too_good_to_be_true(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()
    await add_user(uow_factory, READER, Lang.EN)
    await opened(uow_factory, clock, index, READER, NEED)
    await user_settings.toggle(uow_factory, clock, READER, "digest")
    for seller, price in ((4, 12), (5, 11), (6, 13), (7, 6)):  # 6 <= 60% of the median 12
        await opened(uow_factory, clock, index, seller, GOOD_FIT.format(price=price))
    clock.advance(MONDAY_9_SHANGHAI - clock.now())
    await sweep(uow_factory, clock, index, SCHEDULE)
    (digest,) = await _texts(uow_factory, READER, "digest.weekly")
    warning = str(t(Lang.EN, "alert.too_good_short"))
    lines = digest.split("\n")
    (at,) = [n for n, line in enumerate(lines) if "¥6" in line]
    assert digest.count(warning) == 1 and warning in lines[at + 2]  # under its status line


async def test_the_circle_digest_lists_the_best_fit_first_then_the_trusted_owner(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    index = new_index()  # the clock: 16:30 in Shanghai

    async def posted(user_id: int, text: str) -> int:
        clock.advance(timedelta(minutes=5))  # oldest to newest
        await add_user(uow_factory, user_id)
        result = await groups.post_in_circle(
            uow_factory, clock, SCHEDULE, Table(index, SCHEDULE), (GROUP, "Cups"), user_id, text
        )
        assert result.post is not None and result.post.id is not None
        return result.post.id

    loose = await posted(LOOSE, LOOSE_FIT.format(price=11))  # matches no need well
    trusted = await posted(TRUSTED, GOOD_FIT.format(price=13))
    unknown = await posted(UNKNOWN, GOOD_FIT.format(price=12))  # newer than the trusted one
    await posted(READER, NEED)  # alerted to both good fits, equally
    await circle_admin.change(uow_factory, clock, GROUP, "digest", "18", admin_id=LOOSE)
    clock.advance(timedelta(hours=2))
    assert await circle_digest.send_digests(uow_factory, clock, "bot") == 1
    (digest,) = await _texts(uow_factory, GROUP, "circle.digest")
    links = [f'start=p{trusted}"', f'start=p{unknown}"', f'start=p{loose}"']
    assert _order(digest, links) == links
