"""Each person's conversation on SQLite and PostgreSQL: one per person, ended once, swept
past its deadline in deadline order."""

from __future__ import annotations

from datetime import UTC, timedelta, timezone

from bot.domain.models import Conversation, Topic
from storage import Database
from tests.integration.factories import NOW

DATA = {
    "product": "不锈钢保温杯 500ml",
    "answers": {"quantity": [5000, "只"], "price": {"value": "11.5", "currency": "¥"}},
    "post": 42,
    "skipped": None,
    "done": True,
}


def _at(user_id: int, minutes: int, topic: Topic = Topic.WORDS) -> Conversation:
    return Conversation(user_id, topic, "comment", NOW + timedelta(minutes=minutes))


async def test_put_and_get_keep_every_field(db: Database) -> None:
    beijing = timezone(timedelta(hours=8))
    conversation = Conversation.begin(7, Topic.OFFER, "quantity", NOW.astimezone(beijing), **DATA)
    async with db.uow() as uow:
        assert await uow.conversations.get(7) is None
        await uow.conversations.put(conversation)
        await uow.commit()
    async with db.uow() as uow:
        stored = await uow.conversations.get(7)
    assert stored == conversation
    assert stored is not None and stored.topic is Topic.OFFER
    assert stored.expires_at.tzinfo == UTC and stored.data["answers"]["quantity"][1] == "只"


async def test_put_replaces_the_same_persons_conversation(db: Database) -> None:
    first = Conversation.begin(7, Topic.PROFILE, "company", NOW, company="Quillworks")
    async with db.uow() as uow:
        await uow.conversations.put(first)
        await uow.conversations.put(_at(8, 5))
        await uow.commit()
    later = NOW + timedelta(minutes=3)
    replaced = Conversation.begin(7, Topic.POST_FIELD, "price", later, post=42)
    async with db.uow() as uow:
        await uow.conversations.put(first.next("region", later, region="华东"))
        assert await uow.conversations.get(7) == first.next("region", later, region="华东")
        await uow.conversations.put(replaced)
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.conversations.get(7) == replaced  # no trace of the first's data
        assert await uow.conversations.get(8) == _at(8, 5)


async def test_end_returns_the_removed_one_then_none(db: Database) -> None:
    conversation = Conversation.begin(7, Topic.POST_KIND, "kind", NOW, message="保温杯 5000只")
    async with db.uow() as uow:
        await uow.conversations.put(conversation)
        await uow.conversations.put(_at(8, 5))
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.conversations.end(7) == conversation
        assert await uow.conversations.end(7) is None
        assert await uow.conversations.get(7) is None
        await uow.commit()
    async with db.uow() as uow:
        assert await uow.conversations.get(7) is None
        assert await uow.conversations.end(404) is None
        assert await uow.conversations.get(8) == _at(8, 5)


async def test_over_lists_those_past_their_deadline_in_deadline_order(db: Database) -> None:
    async with db.uow() as uow:
        for user_id, minutes in ((1, 30), (2, 10), (3, -5), (4, 10), (5, 60), (6, 20)):
            await uow.conversations.put(_at(user_id, minutes))
        await uow.commit()
    async with db.uow() as uow:
        now = NOW + timedelta(minutes=20)
        assert [c.user_id for c in await uow.conversations.over(now, 10)] == [3, 2, 4, 6]
        assert [c.user_id for c in await uow.conversations.over(now, 2)] == [3, 2]
        assert await uow.conversations.over(NOW - timedelta(minutes=6), 10) == []
        (first,) = await uow.conversations.over(now.astimezone(timezone(timedelta(hours=-5))), 1)
        assert first == _at(3, -5)
