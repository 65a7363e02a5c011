"""Retention: old drafts and old withdrawn or expired posts go, with their matches, requests
and reminders; open posts, recent ones and posts a deal names stay; ended reminders go after
a while. The same scenario on the fakes, SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import (
    ContactRequest,
    ContactStatus,
    Deal,
    Match,
    PostKind,
    PostStatus,
    Reminder,
)
from bot.services.ports import UowFactory
from storage import Database
from tests.fakes import InMemoryStore
from tests.integration.factories import NOW, make_post, make_user

DAY = timedelta(days=1)
POSTS = {  # name: (status, kind, age)
    "old draft": (PostStatus.DRAFT, PostKind.OFFER, 8 * DAY),
    "new draft": (PostStatus.DRAFT, PostKind.OFFER, 6 * DAY),
    "old withdrawn": (PostStatus.WITHDRAWN, PostKind.OFFER, 91 * DAY),
    "old expired": (PostStatus.EXPIRED, PostKind.NEED, 91 * DAY),
    "new expired": (PostStatus.EXPIRED, PostKind.OFFER, 89 * DAY),
    "old open": (PostStatus.OPEN, PostKind.OFFER, 200 * DAY),
    "old withdrawn, a deal's": (PostStatus.WITHDRAWN, PostKind.OFFER, 91 * DAY),
    "old deal": (PostStatus.DEAL, PostKind.OFFER, 200 * DAY),
}
GONE = {"old draft", "old withdrawn", "old expired"}


async def _posts(uow_factory: UowFactory) -> dict[str, int]:
    ids = {}
    async with uow_factory() as uow:
        for user_id in (1, 2):
            await uow.users.upsert(make_user(user_id))
        for name, (status, kind, age) in POSTS.items():
            post = make_post(1 if kind is PostKind.OFFER else 2, kind=kind, status=status)
            post.created_at = post.updated_at = NOW - age
            ids[name] = await uow.posts.add(post)
        await uow.commit()
    return ids


async def _scenario(uow_factory: UowFactory) -> None:
    ids = await _posts(uow_factory)
    async with uow_factory() as uow:
        gone_match = await uow.matches.add(
            Match(None, ids["old withdrawn"], ids["old expired"], 0.8, [], NOW - 95 * DAY)
        )
        deal_match = await uow.matches.add(
            Match(
                None, ids["old withdrawn, a deal's"], ids["old expired"], 0.8, [], NOW - 95 * DAY
            )
        )
        assert gone_match is not None and deal_match is not None
        request = ContactRequest(
            None, gone_match, ids["old withdrawn"], 2, 1, ContactStatus.ACCEPTED, NOW - 94 * DAY
        )
        request_id = await uow.contact_requests.add(request)
        deal = Deal(None, deal_match, ids["old withdrawn, a deal's"], None, 1, 2, NOW - 93 * DAY)
        deal_id = await uow.deals.add(deal)
        for name in ("old withdrawn", "new draft"):
            await uow.reminders.add(
                Reminder(None, "post.no_interest", 1, NOW + DAY, post_id=ids[name])
            )
        await uow.commit()

    cutoffs = {"drafts_before": NOW - 7 * DAY, "closed_before": NOW - 90 * DAY}
    removed = []
    for _ in range(3):
        async with uow_factory() as uow:
            removed.append(await uow.posts.purge_stale(**cutoffs, limit=2))
            await uow.commit()
    assert removed == [2, 1, 0]

    async with uow_factory() as uow:
        left = {name for name, post_id in ids.items() if await uow.posts.get(post_id)}
        assert left == set(POSTS) - GONE
        assert await uow.matches.get(gone_match) is None
        assert await uow.matches.get(deal_match) is None  # its need went
        assert await uow.contact_requests.get(request_id) is None
        kept = await uow.deals.get(deal_id)
        assert kept is not None
        assert (kept.match_id, kept.offer_id) == (None, ids["old withdrawn, a deal's"])
        assert await uow.reminders.pending(post_id=ids["old withdrawn"]) == []
        assert len(await uow.reminders.pending(post_id=ids["new draft"])) == 1


async def _ended_reminders(uow_factory: UowFactory) -> None:
    async with uow_factory() as uow:
        await uow.users.upsert(make_user(1))
        ends = {"sent": 31, "cancelled": 40, "expired": 29, "pending": None}
        for kind, days in ends.items():
            reminder = Reminder(None, kind, 1, NOW - 50 * DAY)
            await uow.reminders.add(reminder)
            if days is not None:
                setattr(reminder, f"{kind}_at", NOW - days * DAY)
                await uow.reminders.update(reminder)
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.reminders.purge_finished(NOW - 30 * DAY) == 2
        await uow.commit()
    async with uow_factory() as uow:
        due = await uow.reminders.due(NOW)
        assert [r.kind for r in due] == ["pending"]


async def test_old_posts_go_with_what_hangs_on_them(db: Database) -> None:
    await _scenario(db.uow)


async def test_the_fakes_purge_old_posts_the_same_way() -> None:
    await _scenario(InMemoryStore().uow_factory)


async def test_ended_reminders_go_after_a_while(db: Database) -> None:
    await _ended_reminders(db.uow)


async def test_the_fakes_forget_ended_reminders_the_same_way() -> None:
    await _ended_reminders(InMemoryStore().uow_factory)
