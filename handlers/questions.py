"""The answer and Skip handlers of one question in a conversation (guided posting, /profile):
the conversation's state is the question being asked, and each state gets its own pair."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from telegram import Update

from bot.context import BotContext

Step = TypeVar("Step", bound=int)
Callback = Callable[[Update, BotContext], Coroutine[Any, Any, int]]
Answers = Callable[[BotContext], dict[str, str]]  # where a flow keeps its answers so far
Check = Callable[[BotContext, str, str], None]  # raises a UserFacingError for a bad answer
After = Callable[[Update, BotContext, Step], Coroutine[Any, Any, int]]  # the next question


def question_handlers(
    step: Step, question: str, answers: Answers, check: Check, after: After[Step]
) -> tuple[Callback, Callback]:
    """(typed answer, Skip) for `question`, asked in state `step`. A bad answer raises
    before anything is kept, so the same question stays open."""

    async def got(update: Update, context: BotContext) -> int:
        assert update.effective_message is not None
        text = update.effective_message.text or ""
        check(context, question, text)
        answers(context)[question] = text
        return await after(update, context, step)

    async def skip(update: Update, context: BotContext) -> int:
        assert update.callback_query is not None
        await update.callback_query.answer()
        answers(context)[question] = ""
        return await after(update, context, step)

    got.__name__, skip.__name__ = f"got_{question}", f"skip_{question}"
    return got, skip
