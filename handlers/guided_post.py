"""/offer and /need: one question at a time (product -> quantity -> price -> place), each
answered by typing or skipped with a button, then the usual card with Publish.

One ConversationHandler; its state is the question being asked (`Step`), and each state has
its own answer and skip handlers. State lives in persistence and user_data, so it survives
a restart.
"""

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
from bot.domain.models import PostKind
from bot.services import guided
from handlers import pending_question
from handlers.keyboards import encode
from handlers.post_cards import show_card
from handlers.questions import question_handlers
from handlers.replies import reply, skip_button

FLOW = "flow"  # user_data: {"kind": "offer" | "need", "answers": {question: text}}
SKIP = encode("f", "skip")
TIMEOUT_SECONDS = 15 * 60


class Step(IntEnum):
    """The question being asked; the conversation's state."""

    ASK_PRODUCT = 0
    ASK_QUANTITY = 1
    ASK_PRICE = 2
    ASK_PLACE = 3


QUESTION = dict(zip(Step, guided.QUESTIONS, strict=True))


async def ask_offer(update: Update, context: BotContext) -> Step:
    return await _begin(update, context, PostKind.OFFER)


async def ask_need(update: Update, context: BotContext) -> Step:
    return await _begin(update, context, PostKind.NEED)


async def _begin(update: Update, context: BotContext, kind: PostKind) -> Step:
    pending_question.drop(context)  # the flow asks its own questions now
    context.store[FLOW] = {"kind": kind.value, "answers": {}}
    await reply(update, context, f"flow.{kind.value}.ask_product")
    return Step.ASK_PRODUCT


def _answers(context: BotContext) -> dict[str, str]:
    answers: dict[str, str] = context.store[FLOW]["answers"]
    return answers


def _check(context: BotContext, question: str, text: str) -> None:
    flow = context.store[FLOW]
    guided.check_answer(PostKind(flow["kind"]), flow["answers"], question, text)


async def _after(update: Update, context: BotContext, step: Step) -> Step | int:
    if step is Step.ASK_PLACE:
        return await _finish(update, context)
    following = Step(step + 1)
    await reply(
        update, context, f"flow.ask_{QUESTION[following]}", buttons=skip_button(context, SKIP)
    )
    return following


async def _finish(update: Update, context: BotContext) -> int:
    flow = context.store.pop(FLOW)
    assert update.effective_user is not None
    kind, answers = PostKind(flow["kind"]), flow["answers"]
    drafted = await context.use_cases.posting.draft(
        update.effective_user.id,
        guided.raw_text(answers),
        read=lambda home: guided.compose(kind, answers, home),
        update_id=update.update_id,
    )
    await show_card(update, context, drafted.post)
    return ConversationHandler.END


async def cancel(update: Update, context: BotContext) -> int:
    context.store.pop(FLOW, None)
    await reply(update, context, "cancel.done")
    return ConversationHandler.END


async def timed_out(update: Update, context: BotContext) -> None:
    context.store.pop(FLOW, None)
    await reply(update, context, "flow.timeout")


def build() -> ConversationHandler:  # type: ignore[type-arg]
    private = filters.ChatType.PRIVATE
    text = private & filters.TEXT & ~filters.COMMAND

    def handlers(step: Step) -> list[BaseHandler[Update, Any, Any]]:
        got, skip = question_handlers(step, QUESTION[step], _answers, _check, _after)
        answer: BaseHandler[Update, Any, Any] = MessageHandler(text, got)
        if step is Step.ASK_PRODUCT:
            return [answer]  # a post needs a product: this one cannot be skipped
        return [answer, CallbackQueryHandler(skip, pattern=f"^{SKIP}$")]

    return ConversationHandler(
        entry_points=[
            CommandHandler("offer", ask_offer, filters=private),
            CommandHandler("need", ask_need, filters=private),
        ],
        states={
            **{step: handlers(step) for step in Step},
            ConversationHandler.TIMEOUT: [
                MessageHandler(filters.ALL, timed_out),
                CallbackQueryHandler(timed_out),
            ],
        },
        fallbacks=[CommandHandler("cancel", cancel)],
        conversation_timeout=TIMEOUT_SECONDS,
        name="guided_post",
        persistent=True,
        allow_reentry=True,
    )
