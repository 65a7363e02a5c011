"""The one conversation each person may be in (`bot.domain.models.conversations`), read from the
database on each update so that any worker can take any chat. A conversation past its
deadline is over: the sweep (or the person's next message, whichever comes first) removes
it, and tells the person when they were answering a series of questions or owed words."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.domain.models import Action, Conversation, Topic
from bot.services.delivery import outbox
from bot.services.delivery.action_tokens import answer_buttons
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts import t

WORDS_BUTTON = {  # the button that asks for the words again, by what they were for
    "complaint_answer": (Action.ANSWER_COMPLAINT, "btn.complaint_answer"),
    "rating_comment": (Action.COMMENT_RATING, "btn.rating_comment"),
}
BUTTON_TTL = timedelta(days=30)
Buttons = list[list[tuple[str, str]]]
TIMED_OUT = {  # what a person hears when a conversation ran past its deadline
    Topic.OFFER: "flow.timeout",
    Topic.NEED: "flow.timeout",
    Topic.PROFILE: "profile.timeout",
    Topic.WORDS: "words.timeout",
}


async def current(uow_factory: UowFactory, clock: Clock, user_id: int) -> Conversation | None:
    """The person's conversation, or None; one past its deadline is ended here (and the
    person told, after whatever answers the message they just sent)."""
    async with uow_factory() as uow:
        conversation = await uow.conversations.get(user_id)
        if conversation is None or not conversation.over(clock.now()):
            return conversation
        await _close(uow, clock, conversation)
        await uow.commit()
        return None


async def begin(
    uow_factory: UowFactory, clock: Clock, user_id: int, topic: Topic, step: str, **data: Any
) -> Conversation:
    """Start a conversation in place of any other the person was in. The same question
    asked again (a second press of its button) leaves the open one as it is."""
    conversation = Conversation.begin(user_id, topic, step, clock.now(), **data)
    async with uow_factory() as uow:
        open_one = await uow.conversations.get(user_id)
        if open_one is not None and not open_one.over(clock.now()) and open_one.same(conversation):
            return open_one
        await uow.conversations.put(conversation)
        await uow.commit()
    return conversation


async def advance(
    uow_factory: UowFactory, clock: Clock, conversation: Conversation, step: str, **data: Any
) -> Conversation:
    """The next question of the same conversation (its answers so far kept in `data`)."""
    following = conversation.next(step, clock.now(), **data)
    async with uow_factory() as uow:
        await uow.conversations.put(following)
        await uow.commit()
    return following


async def end(uow_factory: UowFactory, user_id: int) -> Conversation | None:
    """The person's conversation is over; the one that was, if any."""
    async with uow_factory() as uow:
        ended = await uow.conversations.end(user_id)
        await uow.commit()
        return ended


async def leave(uow_factory: UowFactory, clock: Clock, user_id: int) -> Buttons:
    """The person left their conversation for something else (a new post): it ends, and
    words they still owe about a deal can be written later with the button returned (the
    one they pressed was spent)."""
    async with uow_factory() as uow:
        ended = await uow.conversations.end(user_id)
        buttons = await _ask_again(uow, clock, ended) if ended is not None else []
        await uow.commit()
        return buttons


async def sweep(uow_factory: UowFactory, clock: Clock, limit: int = 100) -> int:
    """End every conversation past its deadline; how many people were told."""
    async with uow_factory() as uow:
        told = 0
        for conversation in await uow.conversations.over(clock.now(), limit):
            told += await _close(uow, clock, conversation)
        await uow.commit()
        return told


async def _close(uow: UnitOfWork, clock: Clock, conversation: Conversation) -> int:
    if await uow.conversations.get(conversation.user_id) != conversation:
        return 0  # a new one began since it was read
    await uow.conversations.end(conversation.user_id)
    key = TIMED_OUT.get(conversation.topic)
    person = await uow.users.get(conversation.user_id)
    if key is None or person is None or person.deleted_at is not None or person.blocked_bot:
        return 0
    text = t(person.language, key)
    buttons = await _ask_again(uow, clock, conversation)
    await outbox.add_to(
        uow, clock.now(), person.id, text, buttons=buttons, kind="conversation.timeout"
    )
    return 1


async def _ask_again(uow: UnitOfWork, clock: Clock, conversation: Conversation) -> Buttons:
    if conversation.topic is not Topic.WORDS or conversation.step not in WORDS_BUTTON:
        return []
    person = await uow.users.get(conversation.user_id)
    if person is None:
        return []
    action, label = WORDS_BUTTON[conversation.step]
    payload = {"deal": int(conversation.data["deal"])}
    expires = clock.now() + BUTTON_TTL
    return await answer_buttons(
        uow, expires, person.id, person.language, [[(action, label)]], payload
    )
