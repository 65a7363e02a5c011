"""The in-memory fakes (tests/fakes) and the SQL repositories agree.

Each scenario runs against `InMemoryStore` and against the SQL repositories on a migrated
SQLite file and (when reachable) a PostgreSQL database, so service tests written on the
fakes mean the same as on SQL, on either engine.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta

import pytest

from bot.domain.models import (
    ActionToken,
    ContactRequest,
    ContactStatus,
    Match,
    OutboxMessage,
    PostKind,
    PostStatus,
)
from bot.services.ports import UowFactory
from storage import Database
from storage.migrate import upgrade_to_head
from storage.tables import metadata
from tests.fakes import InMemoryStore
from tests.integration.factories import NOW, make_post, make_user
from tests.postgres import new_database


@pytest.fixture(scope="module")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('db') / 'agree.db'}"
    asyncio.run(upgrade_to_head(url))
    return url


@pytest.fixture(scope="module")
def postgres_url(postgres_server_url: object) -> Iterator[str]:
    with new_database("tc_agree") as url:
        asyncio.run(upgrade_to_head(url))
        yield url


@pytest.fixture(
    params=["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def store_url(request: pytest.FixtureRequest) -> str | None:
    """None for the fakes, else the migrated database's URL."""
    if request.param == "memory":
        return None
    fixture = {"sqlite": "sqlite_url", "postgresql": "postgres_url"}[request.param]
    return str(request.getfixturevalue(fixture))


@pytest.fixture
async def uow_factory(store_url: str | None) -> AsyncIterator[UowFactory]:
    """The same scenario on the fakes and on SQL: the end-to-end tests run on PostgreSQL only
    where storage behaves differently, so these carry the repositories' SQL onto it."""
    if store_url is None:
        yield InMemoryStore().uow_factory
        return
    database = Database.from_url(store_url)
    try:
        yield database.uow
    finally:
        async with database.engine.begin() as connection:
            for table in reversed(metadata.sorted_tables):
                await connection.execute(table.delete())
        await database.dispose()


async def _users(uow_factory: UowFactory, *ids: int) -> None:
    async with uow_factory() as uow:
        for user_id in ids:
            await uow.users.upsert(make_user(user_id))
        await uow.commit()


async def test_uncommitted_changes_are_rolled_back(uow_factory: UowFactory) -> None:
    async with uow_factory() as uow:
        await uow.users.upsert(make_user(1, display_name="first"))
        await uow.commit()
        await uow.users.upsert(make_user(1, display_name="second"))
        await uow.users.upsert(make_user(2))
    async with uow_factory() as uow:
        user = await uow.users.get(1)
        assert user is not None and user.display_name == "first"
        assert await uow.users.get(2) is None
        await uow.users.upsert(make_user(3))
        await uow.rollback()
        assert await uow.users.get(3) is None


async def test_upsert_keeps_created_at_and_reads_are_copies(uow_factory: UowFactory) -> None:
    async with uow_factory() as uow:
        await uow.users.upsert(make_user(1, created_at=NOW))
        await uow.users.upsert(make_user(1, created_at=NOW + timedelta(days=1), phone="+86 1"))
        user = await uow.users.get(1)
        assert user is not None and user.created_at == NOW and user.phone == "+86 1"
        user.display_name = "changed, never written"
        again = await uow.users.get(1)
        assert again is not None and again.display_name == "王老板"


async def test_a_post_needs_its_user(uow_factory: UowFactory) -> None:
    async with uow_factory() as uow:
        with pytest.raises(Exception, match="(?i)foreign key"):
            await uow.posts.add(make_post(404))


async def test_posts_newest_first_and_index_stream(uow_factory: UowFactory) -> None:
    await _users(uow_factory, 1, 2)
    async with uow_factory() as uow:
        ids = [
            await uow.posts.add(make_post(1, created_at=NOW + timedelta(minutes=i)))
            for i in range(5)
        ]
        await uow.posts.add(make_post(2, created_at=NOW + timedelta(hours=1)))
        withdrawn = await uow.posts.get(ids[1])
        assert withdrawn is not None
        withdrawn.status = PostStatus.WITHDRAWN
        await uow.posts.update(withdrawn)
        expired = await uow.posts.get(ids[2])
        assert expired is not None
        expired.expires_at = NOW - timedelta(seconds=1)
        await uow.posts.update(expired)
        await uow.posts.save_index_entry(ids[0], "保温杯", "c:vacuum_flask", b"\x01\x02", "v1")
        await uow.commit()
    async with uow_factory() as uow:
        page = await uow.posts.list_by_user(1, [PostStatus.OPEN], offset=1, limit=2)
        assert [p.id for p in page] == [ids[3], ids[2]]  # expired, not yet swept: open
        assert await uow.posts.count_by_user(1, [PostStatus.OPEN, PostStatus.WITHDRAWN]) == 5
        batches = [b async for b in uow.posts.stream_index_entries(NOW, batch_size=2)]
        assert [[e.post_id for e in b] for b in batches] == [
            [ids[0], ids[3]],
            [ids[4], ids[4] + 1],
        ]
        first = batches[0][0]
        assert (first.user_id, first.kind, first.terms, first.numbers) == (
            1,
            "offer",
            "保温杯",
            b"\x01\x02",
        )
        assert batches[0][1].terms is None
        assert (first.vocabulary, batches[0][1].vocabulary) == ("v1", None)
        # open posts (expired ones too, until swept) whose entry another vocabulary derived
        assert await uow.posts.with_stale_index([*ids, 404], "v1") == [ids[2], ids[3], ids[4]]
        assert await uow.posts.with_stale_index(ids, "v2") == [ids[0], ids[2], ids[3], ids[4]]
        assert await uow.posts.with_stale_index([], "v1") == []
        due = await uow.posts.list_due_to_expire(NOW, 10)
        assert [p.id for p in due] == [ids[2]]


async def test_outbox_due_order_retry_and_final_failure(uow_factory: UowFactory) -> None:
    async with uow_factory() as uow:
        ids = [
            await uow.outbox.add(
                OutboxMessage(None, 7, f"m{i}", [[("OK", "v1:t:x")]], created_at=NOW)
            )
            for i in range(4)
        ]
        await uow.outbox.mark_failed(ids[0], "timeout", retry_at=NOW + timedelta(seconds=30))
        await uow.outbox.mark_sent(ids[1], NOW, telegram_message_id=99)
        await uow.outbox.mark_failed(ids[2], "bad request", retry_at=None, at=NOW)
        await uow.commit()
    async with uow_factory() as uow:
        (pending,) = await uow.outbox.due(NOW, 10)
        assert pending.id == ids[3] and pending.buttons == [[("OK", "v1:t:x")]]
        later = await uow.outbox.due(NOW + timedelta(seconds=30), 10)
        assert [m.id for m in later] == [ids[0], ids[3]]
        assert (later[0].attempts, later[0].not_before) == (1, NOW + timedelta(seconds=30))
        assert [m.id for m in await uow.outbox.due(NOW + timedelta(days=1), 1)] == [ids[0]]


async def test_inbox_tokens_and_persistence(uow_factory: UowFactory) -> None:
    await _users(uow_factory, 1)
    async with uow_factory() as uow:
        assert await uow.inbox.record(5, {"update_id": 5}, NOW, 0)
        assert not await uow.inbox.record(5, {"other": True}, NOW, 0)
        assert await uow.inbox.record(9, {"update_id": 9}, NOW, 0)
        assert await uow.inbox.count_replays([5, 9, 404]) == {5: 1, 9: 1}
        assert await uow.inbox.count_replays([9]) == {9: 2}
        assert await uow.inbox.pending(after=5) == [(9, {"update_id": 9})]
        await uow.action_tokens.add(ActionToken("old", 1, "a", {"ids": (1, 2)}, NOW))
        await uow.action_tokens.add(ActionToken("new", 1, "a", {}, NOW + timedelta(days=1)))
        await uow.action_tokens.mark_used("new", NOW)
        await uow.action_tokens.mark_used("new", NOW + timedelta(hours=1))
        await uow.persistence.save("user_data", "1", {"step": (1, 2), 3: "x"})
        await uow.commit()
    async with uow_factory() as uow:
        old = await uow.action_tokens.get("old")
        assert old is not None and old.payload == {"ids": [1, 2]}
        assert await uow.action_tokens.purge_expired(NOW + timedelta(seconds=1)) == 1
        new = await uow.action_tokens.get("new")
        assert new is not None and new.used_at == NOW
        assert await uow.persistence.load("user_data") == {"1": {"step": [1, 2], "3": "x"}}
        with pytest.raises(Exception, match="(?i)unique|duplicate"):
            await uow.action_tokens.add(ActionToken("new", 1, "b", {}, NOW))


async def test_matches_once_per_pair_and_newest_contact_request(
    uow_factory: UowFactory,
) -> None:
    await _users(uow_factory, 1, 2)
    async with uow_factory() as uow:
        offer = await uow.posts.add(make_post(1))
        need = await uow.posts.add(make_post(2, kind=PostKind.NEED))
        match = Match(None, offer, need, 0.8, [{"kind": "moq", "values": {}}], NOW)
        match_id = await uow.matches.add(match)
        assert match_id is not None and match.id == match_id
        assert await uow.matches.add(Match(None, offer, need, 0.5, [], NOW)) is None
        assert await uow.matches.add(Match(None, offer, need + 100, 0.5, [], NOW)) is None
        first = ContactRequest(None, match_id, offer, 2, 1, ContactStatus.DECLINED, NOW)
        second = ContactRequest(None, match_id, offer, 2, 1, ContactStatus.PENDING, NOW)
        second.expires_at = NOW + timedelta(days=14)
        await uow.contact_requests.add(first)
        await uow.contact_requests.add(second)
        await uow.commit()
    async with uow_factory() as uow:  # waiting until it expires, then no longer
        assert await uow.contact_requests.count_pending_to(1, NOW + timedelta(days=13)) == 1
        assert await uow.contact_requests.count_pending_to(1, NOW + timedelta(days=15)) == 0
    async with uow_factory() as uow:
        assert [m.id for m in await uow.matches.for_post(need)] == [match_id]
        found = await uow.contact_requests.find(2, 1, offer, match_id)
        assert found is not None and found.id == second.id
        assert found.status is ContactStatus.PENDING
        stored = await uow.matches.get(match_id)
        assert stored is not None
        stored.offer_dismissed = True
        await uow.matches.update(stored)
        assert await uow.matches.dismissals() == [(1, need)]


async def test_deals_and_reminders(uow_factory: UowFactory) -> None:
    from bot.domain.models import Deal, DealOutcome, Reminder

    await _users(uow_factory, 1, 2)
    async with uow_factory() as uow:
        deal = Deal(None, None, None, None, 1, 2, NOW)
        deal_id = await uow.deals.add(deal)
        for user, due in ((1, NOW + timedelta(days=3)), (2, NOW + timedelta(days=1))):
            await uow.reminders.add(Reminder(None, "deal.outcome", user, due, {"deal": deal_id}))
        await uow.reminders.add(Reminder(None, "other", 1, NOW, {"deal": deal_id}))
        await uow.commit()
    async with uow_factory() as uow:
        assert [r.user_id for r in await uow.reminders.due(NOW + timedelta(days=2))] == [1, 2]
        due = await uow.reminders.due(NOW + timedelta(days=5))
        assert [(r.kind, r.user_id) for r in due] == [
            ("other", 1),
            ("deal.outcome", 2),
            ("deal.outcome", 1),
        ]
        pending = [
            *await uow.reminders.pending(user_id=1, kinds=("deal.outcome",)),
            *await uow.reminders.pending(user_id=2, kinds=("deal.outcome",)),
        ]
        assert sorted(r.user_id for r in pending) == [1, 2]
        assert [r.kind for r in await uow.reminders.pending(user_id=1)] == [
            "deal.outcome",
            "other",
        ]
        first = pending[0]
        first.sent_at = NOW
        await uow.reminders.update(first)
        stored = await uow.deals.get(deal_id)
        assert stored is not None and stored.outcome is None
        stored.said_done(2, NOW)
        stored.outcome = DealOutcome.CLAIMED
        await uow.deals.update(stored)
        await uow.commit()
    async with uow_factory() as uow:
        assert len(await uow.reminders.pending(user_id=2, kinds=("deal.outcome",))) == 1
        assert await uow.reminders.pending(user_id=1, kinds=("deal.outcome",)) == []
        (claimed,) = await uow.deals.claimed_before(NOW + timedelta(seconds=1))
        assert claimed.buyer_confirmed_at == NOW and claimed.seller_confirmed_at is None
        assert claimed.claimed_at == NOW
        assert await uow.deals.claimed_before(NOW) == []


async def test_deals_about_a_post_of_one_side(uow_factory: UowFactory) -> None:
    from bot.domain.models import Deal

    await _users(uow_factory, 1, 2, 3)
    async with uow_factory() as uow:
        offer = await uow.posts.add(make_post(1, kind=PostKind.OFFER))
        need = await uow.posts.add(make_post(2, kind=PostKind.NEED))
        first = await uow.deals.add(Deal(None, None, offer, need, 1, 2, NOW))
        second = await uow.deals.add(Deal(None, None, offer, None, 1, 3, NOW))
        await uow.commit()
    async with uow_factory() as uow:
        assert [d.id for d in await uow.deals.about_post(offer, 1)] == [first, second]
        assert [d.id for d in await uow.deals.about_post(need, 2)] == [first]
        assert [d.id for d in await uow.deals.about_post(offer, 3)] == [second]
        assert await uow.deals.about_post(need, 3) == []


async def test_ratings_once_per_deal_and_side(uow_factory: UowFactory) -> None:
    from bot.domain.models import Deal, Rating

    await _users(uow_factory, 1, 2)
    async with uow_factory() as uow:
        deal_id = await uow.deals.add(Deal(None, None, None, None, 1, 2, NOW))
        await uow.ratings.add(Rating(None, deal_id, 1, 2, 5, NOW))
        await uow.ratings.add(Rating(None, deal_id, 2, 1, 3, NOW))
        await uow.commit()
    async with uow_factory() as uow:
        assert [r.stars for r in await uow.ratings.for_deal(deal_id)] == [5, 3]
        assert [r.rater_id for r in await uow.ratings.for_ratee(2)] == [1]
        assert await uow.ratings.stars_mean() == 4.0
        assert [r.stars for r in await uow.ratings.everything()] == [5, 3]
        assert await uow.ratings.set_comment(deal_id, 1, "good") is True
        assert await uow.ratings.set_comment(deal_id, 1, "again") is False
        assert await uow.ratings.set_comment(deal_id, 9, "nobody") is False
        await uow.commit()
    async with uow_factory() as uow:
        assert [r.comment for r in await uow.ratings.for_deal(deal_id)] == ["good", ""]
    with pytest.raises(Exception):  # noqa: B017 - IntegrityError of either store
        async with uow_factory() as uow:
            await uow.ratings.add(Rating(None, deal_id, 1, 2, 4, NOW))
            await uow.commit()


async def test_circles_and_their_members(uow_factory: UowFactory) -> None:
    from bot.domain.models import Circle, Lang

    await _users(uow_factory, 1)
    async with uow_factory() as uow:
        await uow.circles.save(Circle(-100, "Cups", Lang.EN, created_at=NOW))
        await uow.circles.add_member(-100, 1, NOW)
        await uow.circles.add_member(-100, 1, NOW)  # twice is once
        post = make_post(1)
        post.circle_id = -100
        await uow.posts.add(post)
        await uow.commit()
    async with uow_factory() as uow:
        circle = await uow.circles.get(-100)
        assert circle is not None and (circle.title, circle.language) == ("Cups", Lang.EN)
        assert not circle.open_to_market and circle.created_at == NOW
        circle.open_to_market, circle.title = True, "Cups and mugs"
        await uow.circles.save(circle)
        await uow.commit()
    async with uow_factory() as uow:
        again = await uow.circles.get(-100)
        assert again is not None and again.open_to_market and again.created_at == NOW
        assert await uow.circles.is_member(-100, 1) and not await uow.circles.is_member(-100, 2)
        assert await uow.circles.get(-200) is None


async def test_circle_invitations_once_a_day_and_held_messages_retried(
    uow_factory: UowFactory,
) -> None:
    from bot.domain.models import Circle

    await _users(uow_factory, 1)
    async with uow_factory() as uow:
        await uow.circles.save(Circle(-100, "Cups", created_at=NOW))
        await uow.circles.save(Circle(-200, "Mugs", created_at=NOW))
        await uow.circles.add_member(-100, 1, NOW)
        await uow.circles.add_member(-200, 1, NOW + timedelta(hours=1))
        message_id = await uow.outbox.add(OutboxMessage(None, 1, "🔔", kind="match.alert"))
        await uow.commit()
    async with uow_factory() as uow:
        latest = await uow.circles.latest_of(1)
        assert latest is not None and latest.id == -200
        assert await uow.circles.invite_once_a_day(-200, 1, NOW)
        assert not await uow.circles.invite_once_a_day(-200, 1, NOW + timedelta(hours=23))
        assert await uow.circles.invite_once_a_day(-200, 1, NOW + timedelta(hours=25))
        assert not await uow.circles.invite_once_a_day(-300, 1, NOW)  # not a member
        await uow.outbox.mark_failed(message_id, "never started the bot", retry_at=None, at=NOW)
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.outbox.due(NOW, 10) == []
        assert (
            await uow.outbox.retry_failed(1, "never started the bot", NOW - timedelta(days=7)) == 1
        )
        await uow.commit()
    async with uow_factory() as uow:
        assert [m.id for m in await uow.outbox.due(NOW, 10)] == [message_id]


async def test_index_changes_in_revision_order_with_live_posts(uow_factory: UowFactory) -> None:
    await _users(uow_factory, 1)
    async with uow_factory() as uow:
        live = await uow.posts.add(make_post(1))
        closed = await uow.posts.add(make_post(1, status=PostStatus.WITHDRAWN))
        await uow.posts.save_index_entry(live, "p|杯", "{}", b"\x00", "v1")
        assert await uow.index_changes.record("post", "a", NOW, post_id=live) == 1
        assert await uow.index_changes.record("post", "b", NOW, post_id=closed) == 2
        await uow.commit()
    async with uow_factory() as uow:  # a rolled-back change gives its revision back
        assert await uow.index_changes.record("post", "a", NOW, post_id=404) == 3
    async with uow_factory() as uow:
        later = NOW + timedelta(hours=1)
        assert await uow.index_changes.record("dismiss", "b", later, post_id=live, user_id=1) == 3
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.index_changes.latest() == 3
        changes = await uow.index_changes.since(1, NOW, 10)
        assert [(c.revision, c.kind, c.origin, c.entry) for c in changes] == [
            (2, "post", "b", None),
            (3, "dismiss", "b", None),
        ]
        (first,) = await uow.index_changes.since(0, NOW, 1)
        assert first.entry is not None and (first.entry.post_id, first.entry.terms) == (
            live,
            "p|杯",
        )
        assert await uow.index_changes.purge(NOW + timedelta(minutes=1)) == 2
        await uow.commit()
    async with uow_factory() as uow:
        assert [c.revision for c in await uow.index_changes.since(0, NOW, 10)] == [3]
