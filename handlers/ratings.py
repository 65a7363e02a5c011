"""The star buttons after a confirmed deal."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers import pending_question
from handlers.buttons import Pressed
from handlers.keyboards import tokens_as_data
from handlers.replies import answer_question, close_question, reply, reply_html
from handlers.trust import named_member


async def rate_command(update: Update, context: BotContext) -> None:
    """/rate @username (or as a reply): stars for a partner of a confirmed deal."""
    args = context.args or []
    user = update.effective_user
    subject = named_member(update, args[:1])
    if user is None:
        return
    if subject is None or len(args) > 1:
        await reply(update, context, "rating.usage")
        return
    text, buttons = await context.use_cases.trust.stars_for(user.id, subject)
    await reply_html(update, context, text, tokens_as_data(buttons))


async def rate_deal(update: Update, context: BotContext, pressed: Pressed) -> None:
    """A star: the thanks the use case queued (with "Add a comment") is the one answer; a
    second star for the same deal (a double tap, an older row) is answered on the button."""
    key = await context.use_cases.trust.rate(
        pressed.user_id,
        pressed.id_arg("deal"),
        pressed.id_arg("stars"),
    )
    await close_question(update, context, None if key == "rating.recorded" else key)


async def comment_rating(update: Update, context: BotContext, pressed: Pressed) -> None:
    """ "Add a comment": the next message is the comment (once)."""
    deal_id = pressed.id_arg("deal")
    about = pending_question.WordsFor.RATING_COMMENT
    await pending_question.ask_for_words(context, pressed.user_id, about, deal_id)
    await answer_question(update, context, "rating.ask_comment")
