"""The one question a user may owe the bot outside a conversation: a field of one of their
posts (the product a message lacked, or the field they chose under Edit).

It is kept in the persisted user_data under one key, through this typed object only, so it
survives a restart. /cancel and starting a guided flow drop it; a message that reads as a
whole new post also drops it (the user is told) instead of becoming the answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.context import BotContext

KEY = "pending"


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


def drop(context: BotContext) -> bool:
    """Forget the question; True if there was one."""
    return context.store.pop(KEY, None) is not None
