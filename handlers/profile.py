"""/profile: show the company profile, then ask company -> region -> products -> keywords;
each question can be skipped to keep the old value. The conversation's state is the
question being asked."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from enum import IntEnum
from typing import Any

from telegram import Update
from telegram.ext import (
    BaseHandler,
    CallbackQueryHandler,
    CommandHandler,
    ConversationHandler,
    MessageHandler,
    filters,
)

from bot.context import BotContext
from bot.services import profiles
from bot.texts.profile import profile_card, profile_saved
from handlers.keyboards import encode
from handlers.replies import reply, reply_html, skip_button

ANSWERS = "profile_answers"  # user_data: {question: text} so far
SKIP = encode("f", "pskip")
TIMEOUT_SECONDS = 15 * 60


class Step(IntEnum):
    """The question being asked; the conversation's state."""

    ASK_COMPANY = 0
    ASK_REGION = 1
    ASK_PRODUCTS = 2
    ASK_KEYWORDS = 3


QUESTION = {
    Step.ASK_COMPANY: "company",
    Step.ASK_REGION: "region",
    Step.ASK_PRODUCTS: "products",
    Step.ASK_KEYWORDS: "keywords",
}
Callback = Callable[[Update, BotContext], Coroutine[Any, Any, Step | int]]


async def start(update: Update, context: BotContext) -> Step:
    assert update.effective_user is not None
    profile = await profiles.get(context.services.uow_factory, update.effective_user.id)
    context.store[ANSWERS] = {}
    await reply_html(update, context, profile_card(profile, context.lang))
    return await _ask(update, context, Step.ASK_COMPANY)


async def _ask(update: Update, context: BotContext, step: Step) -> Step:
    await reply(
        update, context, f"profile.ask_{QUESTION[step]}", buttons=skip_button(context, SKIP)
    )
    return step


def got_answer(step: Step) -> Callback:
    """The handler for a typed answer while `step` is asked."""

    async def got(update: Update, context: BotContext) -> Step | int:
        assert update.effective_message is not None
        text = update.effective_message.text or ""
        if step is Step.ASK_KEYWORDS:
            profiles.parse_keywords(text)  # too many keywords: say so and ask again
        context.store[ANSWERS][QUESTION[step]] = text
        return await _after(update, context, step)

    got.__name__ = f"got_{QUESTION[step]}"
    return got


def skipped(step: Step) -> Callback:
    """The handler for Skip while `step` is asked: the old value stays."""

    async def skip(update: Update, context: BotContext) -> Step | int:
        assert update.callback_query is not None
        await update.callback_query.answer()
        context.store[ANSWERS][QUESTION[step]] = ""
        return await _after(update, context, step)

    skip.__name__ = f"skip_{QUESTION[step]}"
    return skip


async def _after(update: Update, context: BotContext, step: Step) -> Step | int:
    if step is not Step.ASK_KEYWORDS:
        return await _ask(update, context, Step(step + 1))
    assert update.effective_user is not None
    answers = context.store.pop(ANSWERS)
    profile = await profiles.save(context.services.uow_factory, update.effective_user.id, answers)
    await reply_html(update, context, profile_saved(profile, context.lang))
    return ConversationHandler.END


async def cancel(update: Update, context: BotContext) -> int:
    context.store.pop(ANSWERS, None)
    await reply(update, context, "cancel.done")
    return ConversationHandler.END


def build() -> ConversationHandler:  # type: ignore[type-arg]
    private = filters.ChatType.PRIVATE
    text = private & filters.TEXT & ~filters.COMMAND

    def handlers(step: Step) -> list[BaseHandler[Update, Any, Any]]:
        return [
            MessageHandler(text, got_answer(step)),
            CallbackQueryHandler(skipped(step), pattern=f"^{SKIP}$"),
        ]

    return ConversationHandler(
        entry_points=[CommandHandler("profile", start, filters=private)],
        states={step: handlers(step) for step in Step},
        fallbacks=[CommandHandler("cancel", cancel)],
        conversation_timeout=TIMEOUT_SECONDS,
        name="profile",
        persistent=True,
        allow_reentry=True,
    )
