"""/profile: show the company profile, then ask company -> region -> products -> keywords;
each question can be skipped to keep the old value."""

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
from bot.domain.models import CompanyProfile
from bot.services import profiles
from bot.texts import Html, plain, t
from handlers.keyboards import encode
from handlers.replies import reply, reply_html

ANSWERS = "profile_answers"
SKIP = encode("f", "pskip")
QUESTIONS = ("company", "region", "products", "keywords")


class Step(IntEnum):
    COMPANY = 0
    REGION = 1
    PRODUCTS = 2
    KEYWORDS = 3


def render(profile: CompanyProfile, lang: str) -> Html:
    none = plain(lang, "profile.none")
    return t(
        lang,
        "profile.show",
        company=profile.company_name or none,
        region=profile.region or none,
        products=profile.main_products or none,
        keywords=", ".join(profile.keywords) or none,
    )


async def start(update: Update, context: BotContext) -> Step:
    assert update.effective_user is not None
    profile = await profiles.get(context.services.uow_factory, update.effective_user.id)
    context.store[ANSWERS] = {}
    await reply_html(update, context, render(profile, context.lang))
    return await _ask(update, context, Step.COMPANY)


async def _ask(update: Update, context: BotContext, step: Step) -> Step:
    await reply(
        update,
        context,
        f"profile.ask_{QUESTIONS[step]}",
        buttons=[[(plain(context.lang, "btn.skip"), SKIP)]],
    )
    return step


async def got_answer(update: Update, context: BotContext) -> Step | int:
    assert update.effective_message is not None
    text = update.effective_message.text or ""
    step = Step(len(context.store[ANSWERS]))
    if step is Step.KEYWORDS:
        profiles.parse_keywords(text)  # too many keywords: say so and ask again
    context.store[ANSWERS][QUESTIONS[step]] = text
    return await _next(update, context, step)


async def skipped(update: Update, context: BotContext) -> Step | int:
    assert update.callback_query is not None
    await update.callback_query.answer()
    step = Step(len(context.store[ANSWERS]))
    context.store[ANSWERS][QUESTIONS[step]] = ""
    return await _next(update, context, step)


async def _next(update: Update, context: BotContext, step: Step) -> Step | int:
    if step < Step.KEYWORDS:
        return await _ask(update, context, Step(step + 1))
    assert update.effective_user is not None
    answers = context.store.pop(ANSWERS)
    profile = await profiles.save(context.services.uow_factory, update.effective_user.id, answers)
    await reply_html(
        update,
        context,
        Html(f"{t(context.lang, 'profile.saved')}\n\n{render(profile, context.lang)}"),
    )
    return ConversationHandler.END


async def cancel(update: Update, context: BotContext) -> int:
    context.store.pop(ANSWERS, None)
    await reply(update, context, "cancel.done")
    return ConversationHandler.END


def build() -> ConversationHandler:  # type: ignore[type-arg]
    private = filters.ChatType.PRIVATE
    answer: BaseHandler[Update, Any, Any] = MessageHandler(
        private & filters.TEXT & ~filters.COMMAND, got_answer
    )
    skip: BaseHandler[Update, Any, Any] = CallbackQueryHandler(skipped, pattern=f"^{SKIP}$")
    return ConversationHandler(
        entry_points=[CommandHandler("profile", start, filters=private)],
        states={step: [answer, skip] for step in Step},
        fallbacks=[CommandHandler("cancel", cancel)],
        conversation_timeout=15 * 60,
        name="profile",
        persistent=True,
        allow_reentry=True,
    )
