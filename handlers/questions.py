"""A series of questions asked one at a time (/offer and /need, /profile), each answered by
typing or skipped with a button. The person's conversation (`bot.domain.models.conversations`)
holds the question asked now and the answers so far, in the database: any worker takes the
next answer, and a restart loses nothing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import Update

from bot.context import BotContext
from bot.domain.models import Conversation, Topic
from bot.services.errors import ButtonExpired

Ask = Callable[[Update, BotContext, Conversation, str], Awaitable[None]]
Check = Callable[[Conversation, str, str], None]  # raises a UserFacingError for a bad answer
Finish = Callable[[Update, BotContext, Conversation, dict[str, str]], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Series:
    topics: tuple[Topic, ...]
    questions: tuple[str, ...]
    ask: Ask  # puts a question (with its Skip button where it has one)
    check: Check
    finish: Finish  # after the last answer; the conversation has ended
    must_answer: frozenset[str] = frozenset()  # questions without a Skip button


def answers_in(conversation: Conversation) -> dict[str, str]:
    return {str(k): str(v) for k, v in dict(conversation.data.get("answers") or {}).items()}


async def answered(
    update: Update, context: BotContext, series: Series, conversation: Conversation, text: str
) -> None:
    """A typed answer to the question asked now. A bad answer raises before anything is
    kept, so the same question stays open."""
    series.check(conversation, conversation.step, text)
    await _next(update, context, series, conversation, text)


async def skipped(update: Update, context: BotContext, series: Series) -> None:
    """Skip under a question: only the question asked now, in a conversation still open."""
    query = update.callback_query
    assert query is not None and update.effective_user is not None
    conversation = await context.use_cases.conversations.current(update.effective_user.id)
    if (
        conversation is None
        or conversation.topic not in series.topics
        or conversation.step in series.must_answer
    ):
        raise ButtonExpired()
    await query.answer()
    await _next(update, context, series, conversation, "")


async def _next(
    update: Update, context: BotContext, series: Series, conversation: Conversation, text: str
) -> None:
    answers = {**answers_in(conversation), conversation.step: text}
    position = series.questions.index(conversation.step) + 1
    if position == len(series.questions):
        await context.use_cases.conversations.end(conversation.user_id)
        await series.finish(update, context, conversation, answers)
        return
    following = series.questions[position]
    moved = await context.use_cases.conversations.advance(conversation, following, answers=answers)
    await series.ask(update, context, moved, following)


def skip_handler(series: Series) -> Callable[[Update, BotContext], Coroutine[Any, Any, None]]:
    """The handler of the series' Skip button."""

    async def skip(update: Update, context: BotContext) -> None:
        await skipped(update, context, series)

    return skip
