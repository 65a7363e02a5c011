"""/offer and /need: one question at a time (product -> quantity -> price -> place), each
answered by typing or skipped with a button, then the usual card with Publish. The product
cannot be skipped: a post needs one."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.domain.models import Conversation, PostKind, Topic
from bot.services.posting import guided
from handlers.keyboards import encode
from handlers.post_cards import show_card
from handlers.questions import Series
from handlers.replies import reply, skip_button

SKIP = encode("f", "skip")
FIRST = guided.QUESTIONS[0]


async def ask_offer(update: Update, context: BotContext) -> None:
    await _begin(update, context, PostKind.OFFER)


async def ask_need(update: Update, context: BotContext) -> None:
    await _begin(update, context, PostKind.NEED)


async def _begin(update: Update, context: BotContext, kind: PostKind) -> None:
    assert update.effective_user is not None
    topic = Topic(kind.value)
    await context.use_cases.conversations.begin(update.effective_user.id, topic, FIRST, answers={})
    await reply(update, context, f"flow.{kind.value}.ask_{FIRST}")


async def _ask(update: Update, context: BotContext, _c: Conversation, question: str) -> None:
    await reply(update, context, f"flow.ask_{question}", buttons=skip_button(context, SKIP))


def _check(conversation: Conversation, question: str, text: str) -> None:
    answers = dict(conversation.data.get("answers") or {})
    guided.check_answer(PostKind(conversation.topic.value), answers, question, text)


async def _finish(
    update: Update, context: BotContext, conversation: Conversation, answers: dict[str, str]
) -> None:
    assert update.effective_user is not None
    kind = PostKind(conversation.topic.value)
    drafted = await context.use_cases.posting.draft(
        update.effective_user.id,
        guided.raw_text(answers),
        read=lambda home: guided.compose(kind, answers, home),
        update_id=update.update_id,
    )
    await show_card(update, context, drafted.post)


SERIES = Series(
    topics=(Topic.OFFER, Topic.NEED),
    questions=guided.QUESTIONS,
    ask=_ask,
    check=_check,
    finish=_finish,
    must_answer=frozenset({FIRST}),
)
