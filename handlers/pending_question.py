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
from typing import Literal

from bot.context import BotContext

KEY = "pending"
KIND_KEY = "unclear_post"  # the message waiting for "selling or buying?"
COMPLAINT_KEY = "complaint_answer"  # the exchange whose complaint the user is answering
COMMENT_KEY = "rating_comment"  # the deal whose rating the user is commenting on


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


def ask_complaint_answer(context: BotContext, deal_id: int) -> None:
    context.store[COMPLAINT_KEY] = deal_id


def take_complaint_answer(context: BotContext) -> int | None:
    """The exchange whose complaint the next message answers, taken (it answers once)."""
    deal = context.store.pop(COMPLAINT_KEY, None)
    return int(deal) if deal is not None else None


def ask_rating_comment(context: BotContext, deal_id: int) -> None:
    context.store[COMMENT_KEY] = deal_id


def take_rating_comment(context: BotContext) -> int | None:
    """The deal whose rating the next message comments on, taken (it comments once)."""
    deal = context.store.pop(COMMENT_KEY, None)
    return int(deal) if deal is not None else None


def drop(context: BotContext) -> bool:
    """Forget any question; True if there was one."""
    field = context.store.pop(KEY, None) is not None
    kind = context.store.pop(KIND_KEY, None) is not None
    complaint = context.store.pop(COMPLAINT_KEY, None) is not None
    comment = context.store.pop(COMMENT_KEY, None) is not None
    return field or kind or complaint or comment
