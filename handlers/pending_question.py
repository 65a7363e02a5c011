"""The single questions a person may owe the bot outside /offer, /need and /profile: a field
of one of their posts (the product a message lacked, or the field chosen under Edit),
"selling or buying?" for a message that names goods but says neither (the message waits),
the words of a photo sent without a caption (the photo waits), and words owed about a deal
(the answer to a complaint, a comment on one's rating).

Each is the person's conversation (`bot.domain.models.conversations`), kept in the database and
read on each update, with a deadline; asking one ends any other. /cancel, a command or a
message that reads as a whole new post end it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from bot.context import BotContext
from bot.domain.models import Conversation, Topic


@dataclass(frozen=True, slots=True)
class PendingQuestion:
    post_id: int
    field: str  # one of post_edits.EDITABLE_FIELDS
    reason: Literal["product", "edit"]  # the card lacked a product, or the owner chose Edit


class WordsFor(StrEnum):
    """What the next message is taken as."""

    COMPLAINT_ANSWER = "complaint_answer"  # the answer to a complaint about that deal
    RATING_COMMENT = "rating_comment"  # a comment on one's own rating of that deal


def question_in(conversation: Conversation | None) -> PendingQuestion | None:
    if conversation is None or conversation.topic is not Topic.POST_FIELD:
        return None
    post_id, field = int(conversation.data["post"]), conversation.step
    if conversation.data.get("reason") == "product":
        return PendingQuestion(post_id, field, "product")
    return PendingQuestion(post_id, field, "edit")


def words_in(conversation: Conversation | None) -> tuple[WordsFor, int] | None:
    if conversation is None or conversation.topic is not Topic.WORDS:
        return None
    return WordsFor(conversation.step), int(conversation.data["deal"])


async def ask(context: BotContext, user_id: int, question: PendingQuestion) -> None:
    await context.use_cases.conversations.begin(
        user_id,
        Topic.POST_FIELD,
        question.field,
        post=question.post_id,
        reason=question.reason,
    )


@dataclass(frozen=True, slots=True)
class WaitingPost:
    """A message that waits for "selling or buying?", and the photo it came with."""

    text: str
    photo: str | None = None


async def ask_kind(context: BotContext, user_id: int, waiting: WaitingPost) -> None:
    data: dict[str, object] = {"text": waiting.text}
    if waiting.photo is not None:
        data["photo"] = waiting.photo
    await context.use_cases.conversations.begin(user_id, Topic.POST_KIND, "kind", **data)


async def take_waiting_post(context: BotContext, user_id: int) -> WaitingPost | None:
    """The message that waited for "selling or buying?", taken (the answer comes once)."""
    conversation = await context.use_cases.conversations.current(user_id)
    if conversation is None or conversation.topic is not Topic.POST_KIND:
        return None
    await context.use_cases.conversations.end(user_id)
    text = str(conversation.data.get("text") or "")
    photo = conversation.data.get("photo")
    return WaitingPost(text, str(photo) if photo else None) if text else None


async def ask_for_photo_words(context: BotContext, user_id: int, photo: str) -> None:
    """A photo without a caption: it waits for the words of its post."""
    await context.use_cases.conversations.begin(user_id, Topic.PHOTO_WORDS, "words", photo=photo)


def photo_in(conversation: Conversation | None) -> str | None:
    """The photo waiting for its post's words, if that is what the person owes."""
    if conversation is None or conversation.topic is not Topic.PHOTO_WORDS:
        return None
    return str(conversation.data["photo"])


async def ask_for_words(context: BotContext, user_id: int, about: WordsFor, deal_id: int) -> None:
    await context.use_cases.conversations.begin(user_id, Topic.WORDS, about.value, deal=deal_id)


async def drop(context: BotContext, user_id: int) -> bool:
    """End any conversation; True if there was one."""
    return await context.use_cases.conversations.end(user_id) is not None
