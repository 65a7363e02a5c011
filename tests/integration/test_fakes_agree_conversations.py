"""The fake conversations (tests/fakes/plumbing.py) and the SQL ones agree, on the fakes,
SQLite and PostgreSQL (the stores of `agreeing_stores`)."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import Conversation, Topic
from bot.services.ports import UowFactory
from tests.integration.factories import NOW


async def test_conversations_one_per_person_rolled_back_and_swept(
    uow_factory: UowFactory,
) -> None:
    words = Conversation.begin(1, Topic.WORDS, "comment", NOW, deal=7, said=("好", 2))
    async with uow_factory() as uow:
        await uow.conversations.put(Conversation.begin(1, Topic.NEED, "product", NOW))
        await uow.conversations.put(words)  # in its place
        await uow.conversations.put(Conversation.begin(2, Topic.OFFER, "price", NOW))
        await uow.commit()
        await uow.conversations.put(Conversation.begin(3, Topic.PROFILE, "company", NOW))
        assert await uow.conversations.end(2) is not None
    async with uow_factory() as uow:  # the uncommitted put and end are gone
        assert await uow.conversations.get(3) is None
        stored = await uow.conversations.get(1)
        assert stored is not None and stored.data == {"deal": 7, "said": ["好", 2]}
        stored.data["deal"] = 8  # a copy: nothing stored changes
        assert await uow.conversations.get(1) == Conversation(
            1, Topic.WORDS, "comment", NOW + timedelta(hours=1), {"deal": 7, "said": ["好", 2]}
        )
        later = NOW + timedelta(hours=1)
        assert [c.user_id for c in await uow.conversations.over(later, 10)] == [2, 1]
        assert [c.topic for c in await uow.conversations.over(later, 1)] == [Topic.OFFER]
        ended = await uow.conversations.end(2)
        assert ended is not None and (ended.topic, ended.step) == (Topic.OFFER, "price")
        assert await uow.conversations.end(2) is None
        await uow.commit()
    async with uow_factory() as uow:
        assert [c.user_id for c in await uow.conversations.over(NOW + timedelta(days=1), 9)] == [1]
