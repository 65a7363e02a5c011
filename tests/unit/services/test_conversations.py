"""The one conversation each person may be in: begun, moved on, ended, and over at its
deadline (the person told where they were answering a series or owed words)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Lang, Topic
from bot.domain.models.conversations import LIFETIME
from bot.services.delivery import conversations
from bot.services.people import users
from bot.services.people.users import TelegramPerson
from bot.services.ports import UowFactory
from tests.fakes import FixedClock, InMemoryStore

WANG, SAM = 1001, 1002


@pytest.fixture(autouse=True)
async def _registered(uow_factory: UowFactory, clock: FixedClock) -> None:
    async with uow_factory() as uow:
        await users.register(uow, TelegramPerson(WANG, "Wang"), clock.now(), Lang.ZH_HANS)
        await users.register(uow, TelegramPerson(SAM, "Sam"), clock.now(), Lang.EN)
        await uow.commit()


def told(store: InMemoryStore) -> list[tuple[int, str, str]]:
    return [
        (r.message.chat_id, r.message.kind, r.message.text) for r in store.tables.outbox.values()
    ]


async def test_a_series_moves_on_with_its_answers_and_a_fresh_deadline(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    begun = await conversations.begin(uow_factory, clock, WANG, Topic.NEED, "product", answers={})
    clock.advance(timedelta(minutes=10))
    moved = await conversations.advance(
        uow_factory, clock, begun, "quantity", answers={"product": "保温杯"}
    )
    assert await conversations.current(uow_factory, clock, WANG) == moved
    assert moved.step == "quantity" and moved.data == {"answers": {"product": "保温杯"}}
    assert moved.expires_at == clock.now() + LIFETIME[Topic.NEED]
    assert await conversations.end(uow_factory, WANG) == moved
    assert await conversations.current(uow_factory, clock, WANG) is None
    assert await conversations.end(uow_factory, WANG) is None


async def test_asking_a_question_ends_any_other(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    await conversations.begin(uow_factory, clock, WANG, Topic.OFFER, "product", answers={})
    words = await conversations.begin(
        uow_factory, clock, WANG, Topic.WORDS, "rating_comment", deal=3
    )
    assert await conversations.current(uow_factory, clock, WANG) == words


async def test_the_same_question_asked_again_keeps_its_deadline(
    uow_factory: UowFactory, clock: FixedClock
) -> None:
    first = await conversations.begin(
        uow_factory, clock, WANG, Topic.POST_FIELD, "price", post=9, reason="edit"
    )
    clock.advance(timedelta(minutes=20))
    again = await conversations.begin(
        uow_factory, clock, WANG, Topic.POST_FIELD, "price", post=9, reason="edit"
    )
    assert again == first  # a second press of the same Edit button changes nothing
    other = await conversations.begin(
        uow_factory, clock, WANG, Topic.POST_FIELD, "place", post=9, reason="edit"
    )
    assert other.step == "place" and other.expires_at > first.expires_at


@pytest.mark.parametrize(
    ("topic", "step", "expected"),
    [
        (Topic.NEED, "price", "等待超时，之前的回答没有发布"),
        (Topic.PROFILE, "region", "等待超时，资料没有修改"),
        (Topic.WORDS, "complaint_answer", "等待超时。需要时点下面的按钮"),
        (Topic.POST_FIELD, "product", None),  # the draft waits in /my: nothing to say
        (Topic.POST_KIND, "kind", None),
    ],
)
async def test_a_conversation_past_its_deadline_ends_at_the_next_message_and_says_so(
    uow_factory: UowFactory,
    clock: FixedClock,
    store: InMemoryStore,
    topic: Topic,
    step: str,
    expected: str | None,
) -> None:
    await conversations.begin(uow_factory, clock, WANG, topic, step, deal=3, post=5)
    clock.advance(LIFETIME[topic] - timedelta(seconds=1))
    assert await conversations.current(uow_factory, clock, WANG) is not None
    clock.advance(timedelta(seconds=1))
    assert await conversations.current(uow_factory, clock, WANG) is None
    notices = told(store)
    if expected is None:
        assert notices == []
    else:
        ((chat, kind, text),) = notices
        assert chat == WANG and kind == "conversation.timeout" and expected in text
    assert await conversations.sweep(uow_factory, clock) == 0  # ended once, told once


async def test_the_sweep_ends_only_those_past_their_deadline_in_the_readers_language(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    await conversations.begin(uow_factory, clock, SAM, Topic.OFFER, "quantity", answers={})
    clock.advance(timedelta(minutes=10))
    await conversations.begin(uow_factory, clock, WANG, Topic.PROFILE, "company", answers={})
    clock.advance(LIFETIME[Topic.OFFER] - timedelta(minutes=10))
    assert await conversations.sweep(uow_factory, clock) == 1
    ((chat, _, text),) = told(store)
    assert chat == SAM and text.startswith("⌛ I stopped waiting")
    assert await conversations.current(uow_factory, clock, SAM) is None
    assert await conversations.current(uow_factory, clock, WANG) is not None


async def test_nobody_is_told_who_blocked_the_bot_or_is_gone(
    uow_factory: UowFactory, clock: FixedClock, store: InMemoryStore
) -> None:
    await conversations.begin(uow_factory, clock, SAM, Topic.OFFER, "price", answers={})
    await users.set_blocked(uow_factory, SAM)
    clock.advance(LIFETIME[Topic.OFFER])
    assert await conversations.sweep(uow_factory, clock) == 0
    assert told(store) == [] and await conversations.current(uow_factory, clock, SAM) is None
