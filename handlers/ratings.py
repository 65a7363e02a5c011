"""The star buttons after a confirmed deal."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.services import ratings
from handlers import pending_question
from handlers.buttons import Pressed
from handlers.replies import answer_question


async def rate_deal(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await ratings.rate(
        context.services.uow_factory,
        context.clock,
        pressed.user_id,
        pressed.id_arg("deal"),
        pressed.id_arg("stars"),
    )
    await answer_question(update, context, key)


async def comment_rating(update: Update, context: BotContext, pressed: Pressed) -> None:
    """ "Add a comment": the next message is the comment (once)."""
    deal_id = pressed.id_arg("deal")
    pending_question.ask_for_words(context, pending_question.WordsFor.RATING_COMMENT, deal_id)
    await answer_question(update, context, "rating.ask_comment")
