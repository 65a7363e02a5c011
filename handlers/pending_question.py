"""The questions a user may owe the bot outside a conversation, kept here only: a field of
one of their posts (the product a message lacked, or the field they chose under Edit), and
"selling or buying?" for a message that names goods but says neither (the message waits),
the answer to a complaint made against them, and a comment on their own rating.

They live in the persisted user_data, through this module only, so they survive a restart.
/cancel and starting a guided flow drop them; a message that reads as a whole new post drops
the field question (the user is told) instead of becoming the answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from bot.context import BotContext

KEY = "pending"
KIND_KEY = "unclear_post"  # the message waiting for "selling or buying?"
WORDS_KEY = "words"  # free words owed about one deal: {"about": WordsFor, "deal": id}


@dataclass(frozen=True, slots=True)
class PendingQuestion:
    post_id: int
    field: str  # one of post_edits.EDITABLE_FIELDS
    reason: Literal["product", "edit"]  # the card lacked a product, or the owner chose Edit


def current(context: BotContext) -> PendingQuestion | None:
    stored = context.store.get(KEY)
    if not stored:
        return None
    field = str(stored.get("field", "product"))
    if stored.get("kind") == "product":
        return PendingQuestion(int(stored["post"]), field, "product")
    return PendingQuestion(int(stored["post"]), field, "edit")


def ask(context: BotContext, question: PendingQuestion) -> None:
    context.store[KEY] = {
        "kind": question.reason,
        "post": question.post_id,
        "field": question.field,
    }


def ask_kind(context: BotContext, text: str) -> None:
    context.store[KIND_KEY] = text


def take_kind_text(context: BotContext) -> str | None:
    """The message that waited for "selling or buying?", taken (the answer comes once)."""
    text = context.store.pop(KIND_KEY, None)
    return str(text) if text else None


class WordsFor(StrEnum):
    """What the next message, whatever it says, is taken as."""

    COMPLAINT_ANSWER = "complaint_answer"  # the answer to a complaint about that deal
    RATING_COMMENT = "rating_comment"  # a comment on one's own rating of that deal


def ask_for_words(context: BotContext, about: WordsFor, deal_id: int) -> None:
    context.store[WORDS_KEY] = {"about": about.value, "deal": deal_id}


def take_words_question(context: BotContext) -> tuple[WordsFor, int] | None:
    """What the next message is owed for, taken (the words come once)."""
    stored = context.store.pop(WORDS_KEY, None)
    if not stored:
        return None
    return WordsFor(stored["about"]), int(stored["deal"])


def drop(context: BotContext) -> bool:
    """Forget any question; True if there was one."""
    field = context.store.pop(KEY, None) is not None
    kind = context.store.pop(KIND_KEY, None) is not None
    words = context.store.pop(WORDS_KEY, None) is not None
    return field or kind or words
