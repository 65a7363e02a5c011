"""/offer and /need: one question at a time (product -> quantity -> price -> place), each
answered by typing or skipped with a button, then the usual card with Publish.

State lives in a persistent ConversationHandler and user_data, so it survives a restart.
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
from bot.services import guided, posts
from bot.texts import plain
from handlers.keyboards import encode
from handlers.posting import show_card
from handlers.replies import reply

FLOW = "flow"
SKIP = encode("f", "skip")
TIMEOUT_SECONDS = 15 * 60


class Step(IntEnum):
    PRODUCT = 0
    QUANTITY = 1
    PRICE = 2
    PLACE = 3


ASK = {
    Step.QUANTITY: "flow.ask_quantity",
    Step.PRICE: "flow.ask_price",
    Step.PLACE: "flow.ask_place",
}


async def ask_offer(update: Update, context: BotContext) -> Step:
    return await _begin(update, context, PostKind.OFFER)


async def ask_need(update: Update, context: BotContext) -> Step:
    return await _begin(update, context, PostKind.NEED)


async def _begin(update: Update, context: BotContext, kind: PostKind) -> Step:
    context.store.pop("pending", None)
    context.store[FLOW] = {"kind": kind.value, "answers": {}}
    await reply(update, context, f"flow.{kind.value}.ask_product")
    return Step.PRODUCT


async def got_answer(update: Update, context: BotContext) -> Step | int:
    message = update.effective_message
    assert message is not None
    step = Step(len(context.store[FLOW]["answers"]))
    flow = context.store[FLOW]
    question = guided.QUESTIONS[step]
    guided.check_answer(PostKind(flow["kind"]), flow["answers"], question, message.text or "")
    flow["answers"][question] = message.text or ""
    return await _next(update, context, step)


async def skipped(update: Update, context: BotContext) -> Step | int:
    query = update.callback_query
    assert query is not None
    await query.answer()
    flow = context.store[FLOW]
    step = Step(len(flow["answers"]))
    flow["answers"][guided.QUESTIONS[step]] = ""
    return await _next(update, context, step)


async def _next(update: Update, context: BotContext, step: Step) -> Step | int:
    if step < Step.PLACE:
        following = Step(step + 1)
        await reply(
            update, context, ASK[following], buttons=[[(plain(context.lang, "btn.skip"), SKIP)]]
        )
        return following
    return await _finish(update, context)


async def _finish(update: Update, context: BotContext) -> int:
    flow = context.store.pop(FLOW)
    user = update.effective_user
    assert user is not None
    kind, answers = PostKind(flow["kind"]), flow["answers"]
    drafted = await posts.draft(
        context.services.uow_factory,
        context.clock,
        context.settings.post_ttl,
        user.id,
        guided.raw_text(answers),
        parsed=guided.compose(kind, answers),
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
    answer: BaseHandler[Update, Any, Any] = MessageHandler(
        private & filters.TEXT & ~filters.COMMAND, got_answer
    )
    skip: BaseHandler[Update, Any, Any] = CallbackQueryHandler(skipped, pattern=f"^{SKIP}$")
    return ConversationHandler(
        entry_points=[
            CommandHandler("offer", ask_offer, filters=private),
            CommandHandler("need", ask_need, filters=private),
        ],
        states={
            Step.PRODUCT: [answer],
            Step.QUANTITY: [answer, skip],
            Step.PRICE: [answer, skip],
            Step.PLACE: [answer, skip],
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
