"""Inbox, persistence, action tokens and the trust log."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import ActionToken, TrustEvent
from storage import Database
from storage.repositories import SqlInboxRepository
from tests.integration.factories import NOW, make_post, make_user

UPDATE = {"update_id": 812_345_678, "message": {"text": "求购保温杯5000只，10元以内"}}


async def test_inbox_record_dedupes_on_update_id(db: Database) -> None:
    async with db.uow() as uow:
        assert await uow.inbox.record(812_345_678, UPDATE, NOW, 0) is True
        assert await uow.inbox.record(812_345_678, {"other": 1}, NOW, 0) is False
        await uow.commit()
    async with db.uow() as uow:
        # Also across transactions, and the first payload wins.
        assert await uow.inbox.record(812_345_678, {"other": 2}, NOW, 0) is False
        assert await uow.inbox.record(812_345_679, {"update_id": 812_345_679}, NOW, 0) is True
        await uow.commit()
    async with db.uow() as uow:
        assert await SqlInboxRepository(uow.session).pending() == [
            (812_345_678, UPDATE),
            (812_345_679, {"update_id": 812_345_679}),
        ]
        await uow.inbox.mark_done([812_345_678], NOW + timedelta(seconds=1))
        await uow.commit()
    async with db.uow() as uow:
        assert [update_id for update_id, _ in await SqlInboxRepository(uow.session).pending()] == [
            812_345_679
        ]


async def test_inbox_batch_drafts_and_done_marks(db: Database) -> None:
    user = make_user(5)
    async with db.uow() as uow:  # received updates first: they open a durable transaction
        batch = [{"update_id": n, "message": {"text": f"post {n}"}} for n in (1, 2, 3)]
        people = dict.fromkeys(range(1, 5), 0)
        assert await uow.inbox.record_many(batch, NOW, people) == {1, 2, 3}
        assert await uow.inbox.record_many([*batch[1:], {"update_id": 4}], NOW, people) == {4}
        await uow.users.upsert(user)
        post_id = await uow.posts.add(make_post(user_id=5))
        await uow.inbox.note_drafted(2, post_id)
        await uow.inbox.mark_done([1, 3], NOW)
        await uow.commit()
    async with db.uow() as uow:
        assert (await uow.inbox.drafted(2), await uow.inbox.drafted(1)) == (post_id, None)
        assert [u for u, _ in await SqlInboxRepository(uow.session).pending()] == [2, 4]


async def test_persistence_load_save_delete(db: Database) -> None:
    async with db.uow() as uow:
        assert await uow.persistence.load("conversations") == {}
        await uow.persistence.save("conversations", "offer:1001:1001", 3)
        await uow.persistence.save("user_data", "1001", {"draft": "出售保温杯", "step": [1, 2]})
        await uow.persistence.save("conversations", "need:1002:1002", None)  # absent: no-op
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.persistence.load("conversations") == {"offer:1001:1001": 3}
        assert await uow.persistence.load("user_data") == {
            "1001": {"draft": "出售保温杯", "step": [1, 2]}
        }
        await uow.persistence.save("conversations", "offer:1001:1001", 4)
        await uow.persistence.save("user_data", "1001", None)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.persistence.load("conversations") == {"offer:1001:1001": 4}
        assert await uow.persistence.load("user_data") == {}


async def test_action_tokens(db: Database) -> None:
    token = ActionToken(
        token="Zq3x_9aB",
        user_id=1001,
        action="post.close",
        payload={"post_id": 42, "outcome": "deal"},
        expires_at=NOW + timedelta(hours=24),
    )
    async with db.uow() as uow:
        await uow.action_tokens.add(token)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.action_tokens.get("Zq3x_9aB") == token
        assert await uow.action_tokens.get("unknown") is None
        await uow.action_tokens.mark_used("Zq3x_9aB", NOW)
        await uow.action_tokens.mark_used("Zq3x_9aB", NOW + timedelta(minutes=1))
        await uow.commit()
    async with db.uow() as uow:
        used = await uow.action_tokens.get("Zq3x_9aB")
    assert used is not None and used.used_at == NOW  # the first use is what counts


async def test_duplicate_action_token_is_refused(db: Database) -> None:
    token = ActionToken("dup", 1001, "x", {}, NOW)
    async with db.uow() as uow:
        await uow.action_tokens.add(token)
        with pytest.raises(Exception, match="(?i)unique|duplicate"):
            await uow.action_tokens.add(ActionToken("dup", 1002, "y", {}, NOW))


async def test_trust_events_append_and_list(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1001))
        await uow.users.upsert(make_user(1002))
        kinds = ["post.created", "post.edited", "deal.confirmed", "post.closed"]
        for minutes, kind in enumerate(kinds):
            event = TrustEvent(
                user_id=1001,
                kind=kind,
                at=NOW + timedelta(minutes=minutes),
                post_id=7,
                counterpart_id=1002 if kind == "deal.confirmed" else None,
                detail={"stars": 5} if kind == "deal.confirmed" else {},
            )
            assert await uow.trust_events.add(event) == event.id
        await uow.trust_events.add(TrustEvent(user_id=1002, kind="post.created", at=NOW))
        await uow.commit()
    async with db.uow() as uow:
        events = await uow.trust_events.list_for_user(1001)
        assert [e.kind for e in events] == kinds
        assert events[2].detail == {"stars": 5} and events[2].counterpart_id == 1002
        latest_two = await uow.trust_events.list_for_user(1001, limit=2)
        assert [e.kind for e in latest_two] == ["deal.confirmed", "post.closed"]
    assert not hasattr(uow.trust_events, "delete") and not hasattr(uow.trust_events, "update")


async def test_inbox_purge_forgets_only_old_handled_updates(db: Database) -> None:
    old, recent = NOW - timedelta(days=5), NOW
    async with db.uow() as uow:
        await uow.inbox.record(1, {"update_id": 1}, old, 0)
        await uow.inbox.record(2, {"update_id": 2}, old, 0)
        await uow.inbox.record(3, {"update_id": 3}, recent, 0)
        await uow.inbox.mark_done([1], old)
        await uow.inbox.mark_done([3], recent)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.inbox.purge_done(NOW - timedelta(days=3)) == 1
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.inbox.record(1, {"update_id": 1}, NOW, 0)  # forgotten: new again
        assert not await uow.inbox.record(2, {"update_id": 2}, NOW, 0)  # never handled: kept
        assert not await uow.inbox.record(3, {"update_id": 3}, NOW, 0)


async def test_expired_action_tokens_are_purged(db: Database) -> None:
    async with db.uow() as uow:
        await uow.users.upsert(make_user(1))
        await uow.action_tokens.add(ActionToken("old", 1, "a", {}, NOW - timedelta(days=1)))
        await uow.action_tokens.add(ActionToken("new", 1, "a", {}, NOW + timedelta(days=1)))
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.action_tokens.purge_expired(NOW) == 1
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.action_tokens.get("old") is None
        assert await uow.action_tokens.get("new") is not None
