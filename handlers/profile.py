"""/profile: show the company profile, then ask company -> region -> products -> keywords;
each question can be skipped to keep the old value. The conversation's state is the
question being asked."""

from __future__ import annotations

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
from handlers.questions import question_handlers
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


async def start(update: Update, context: BotContext) -> Step:
    assert update.effective_user is not None
    profile = await context.use_cases.people.profile(update.effective_user.id)
    context.store[ANSWERS] = {}
    await reply_html(update, context, profile_card(profile, context.lang))
    return await _ask(update, context, Step.ASK_COMPANY)


async def _ask(update: Update, context: BotContext, step: Step) -> Step:
    await reply(
        update, context, f"profile.ask_{QUESTION[step]}", buttons=skip_button(context, SKIP)
    )
    return step


def _answers(context: BotContext) -> dict[str, str]:
    answers: dict[str, str] = context.store[ANSWERS]
    return answers


def _check(_context: BotContext, question: str, text: str) -> None:
    if question == "keywords":
        profiles.parse_keywords(text)  # too many keywords: say so and ask again


async def _after(update: Update, context: BotContext, step: Step) -> Step | int:
    if step is not Step.ASK_KEYWORDS:
        return await _ask(update, context, Step(step + 1))
    assert update.effective_user is not None
    answers = context.store.pop(ANSWERS)
    profile = await context.use_cases.people.save_profile(update.effective_user.id, answers)
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
        got, skip = question_handlers(step, QUESTION[step], _answers, _check, _after)
        return [MessageHandler(text, got), CallbackQueryHandler(skip, pattern=f"^{SKIP}$")]

    return ConversationHandler(
        entry_points=[CommandHandler("profile", start, filters=private)],
        states={step: handlers(step) for step in Step},
        fallbacks=[CommandHandler("cancel", cancel)],
        conversation_timeout=TIMEOUT_SECONDS,
        name="profile",
        persistent=True,
        allow_reentry=True,
    )
