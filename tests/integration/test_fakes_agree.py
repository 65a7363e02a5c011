"""The in-memory fakes (tests/fakes) and the SQL repositories agree.

Each scenario runs against `InMemoryStore` and against the SQL repositories on a migrated
SQLite file and (when reachable) a PostgreSQL database, so service tests written on the
fakes mean the same as on SQL, on either engine.
"""

from __future__ import annotations

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
    ZoneSource,
)
from bot.services.ports import UowFactory
from tests.integration.agreeing_stores import add_users
from tests.integration.factories import NOW, make_post, make_user


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


async def test_a_reader_s_currency_and_zone_source_are_kept(uow_factory: UowFactory) -> None:
    """What /settings and a named place write, and the one column the notice of a guessed
    currency writes (beside others' alerts: nothing else of the row), on a live member."""
    async with uow_factory() as uow:
        placed = make_user(1, timezone="Europe/Berlin", timezone_source=ZoneSource.PLACE)
        await uow.users.upsert(placed)
        await uow.users.upsert(make_user(2, currency="PKR"))
        await uow.users.upsert(make_user(3, deleted_at=NOW))
        await uow.commit()
    async with uow_factory() as uow:
        await uow.users.set_currency_told(1)
        await uow.users.set_currency_told(3)  # a tombstone keeps nothing
        assert (await uow.users.get(1)).currency_told  # type: ignore[union-attr]
        await uow.commit()
    async with uow_factory() as uow:
        berlin, pkr, gone = await uow.users.get(1), await uow.users.get(2), await uow.users.get(3)
    assert berlin is not None and pkr is not None and gone is not None
    assert (berlin.timezone, berlin.timezone_source) == ("Europe/Berlin", ZoneSource.PLACE)
    assert berlin.currency_told and berlin.currency is None and berlin.display_name == "王老板"
    assert pkr.currency == "PKR" and pkr.timezone_source is ZoneSource.LANGUAGE
    assert not pkr.currency_told and not gone.currency_told


async def test_a_post_needs_its_user(uow_factory: UowFactory) -> None:
    async with uow_factory() as uow:
        with pytest.raises(Exception, match="(?i)foreign key"):
            await uow.posts.add(make_post(404))


async def test_posts_newest_first_and_index_stream(uow_factory: UowFactory) -> None:
    await add_users(uow_factory, 1, 2)
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
    await add_users(uow_factory, 1)
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
    await add_users(uow_factory, 1, 2)
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


async def test_circles_and_their_members(uow_factory: UowFactory) -> None:
    from bot.domain.models import Circle, Lang

    await add_users(uow_factory, 1)
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
        assert await uow.circles.members(-100) == {1} and await uow.circles.members(-200) == set()


async def test_a_circle_s_week_counts_contacts_exchanged_about_its_posts(
    uow_factory: UowFactory,
) -> None:
    """The week's market report (issue 36): contacts exchanged are accepted requests about
    the circle's posts, by a match or by the post, answered within the week; the week's
    posts closed since are read too when asked."""
    from bot.domain.models import Circle, ContactRequest, ContactStatus, Match, PostStatus

    await add_users(uow_factory, 1, 2, 3)
    since = NOW - timedelta(days=7)
    async with uow_factory() as uow:
        await uow.circles.save(Circle(-100, "Cups", created_at=NOW))
        offer = make_post(1)
        offer.circle_id = -100
        offer_id = await uow.posts.add(offer)
        closed = make_post(1, status=PostStatus.DEAL)
        closed.circle_id = -100
        await uow.posts.add(closed)
        need_id = await uow.posts.add(make_post(2, kind=PostKind.NEED))  # in the market
        match_id = await uow.matches.add(Match(None, offer_id, need_id, 0.9, [], NOW))
        answered = NOW + timedelta(hours=1)
        for match, post, status, at in (
            (match_id, offer_id, ContactStatus.ACCEPTED, answered),  # by the alert: counts
            (None, offer_id, ContactStatus.ACCEPTED, answered),  # by /search: counts
            (None, offer_id, ContactStatus.ACCEPTED, since - timedelta(hours=1)),  # before
            (None, offer_id, ContactStatus.PENDING, None),
            (None, need_id, ContactStatus.ACCEPTED, answered),  # about a post outside
        ):
            request = ContactRequest(None, match, post, 3, 1, ContactStatus.PENDING, NOW)
            await uow.contact_requests.add(request)
            request.status, request.responded_at = status, at  # as it is answered
            await uow.contact_requests.update(request)
        await uow.commit()
    async with uow_factory() as uow:
        stats = await uow.circles.stats(-100, since)
        assert (stats.posts, stats.matches, stats.contacts) == (2, 1, 2)
        assert len(await uow.circles.new_posts(-100, since, 10)) == 1
        assert len(await uow.circles.new_posts(-100, since, 10, open_only=False)) == 2


async def test_a_circle_s_unanswered_needs_have_no_match_and_no_request(
    uow_factory: UowFactory,
) -> None:
    """The week's needs nobody answered (issue 36), newest first: one query on every store."""
    from bot.domain.models import Circle, ContactRequest, ContactStatus, Match, PostStatus

    await add_users(uow_factory, 1, 2, 3)
    since = NOW - timedelta(days=7)
    async with uow_factory() as uow:
        await uow.circles.save(Circle(-100, "Cups", created_at=NOW))
        ids = []
        for n, status in enumerate([PostStatus.OPEN] * 4 + [PostStatus.WITHDRAWN]):
            need = make_post(2, kind=PostKind.NEED, status=status, created_at=NOW + timedelta(n))
            need.circle_id = -100
            ids.append(await uow.posts.add(need))
        old = make_post(2, kind=PostKind.NEED, created_at=since - timedelta(hours=1))
        old.circle_id = -100
        await uow.posts.add(old)
        offer = await uow.posts.add(make_post(1))
        await uow.matches.add(Match(None, offer, ids[0], 0.9, [], NOW))
        asked = ContactRequest(None, None, ids[1], 3, 2, ContactStatus.PENDING, NOW)
        await uow.contact_requests.add(asked)
        await uow.commit()
    async with uow_factory() as uow:
        found = await uow.circles.unanswered_needs(-100, since, NOW + timedelta(days=5), 10)
        assert [p.id for p in found] == [ids[3], ids[2]]
        found = await uow.circles.unanswered_needs(-100, since, NOW, 1)
        assert [p.id for p in found] == [ids[3]]
        assert await uow.circles.unanswered_needs(-100, since, NOW + timedelta(days=60), 10) == []


async def test_circle_invitations_once_a_day_and_held_messages_retried(
    uow_factory: UowFactory,
) -> None:
    from bot.domain.models import Circle

    await add_users(uow_factory, 1)
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
    await add_users(uow_factory, 1)
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
