"""Edit: the owner picks a field of a draft or open post, then sends its new value (a
pending question, answered through `posting.on_text`)."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Action
from bot.services.errors import ButtonExpired
from bot.services.posting import post_edits
from bot.texts import plain, t
from handlers import pending_question
from handlers.buttons import Pressed
from handlers.keyboards import post_action_data
from handlers.pending_question import PendingQuestion
from handlers.post_cards import show_card
from handlers.replies import reply

FIELDS_PER_ROW = 3


async def choose_field(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    post = await context.use_cases.posting.post_to_edit(pressed.id_arg("post"), pressed.user_id)
    lang = context.lang
    fields = [
        (plain(lang, f"field.{f}"), post_action_data(Action.EDIT_POST_FIELD, post.id, field=f))
        for f in post_edits.EDITABLE_FIELDS
    ]
    rows = [fields[i : i + FIELDS_PER_ROW] for i in range(0, len(fields), FIELDS_PER_ROW)]
    await query.answer()
    await reply(update, context, "post.edit_choose", buttons=rows)


async def ask_field(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    field = str(pressed.payload.get("field"))
    if field not in post_edits.EDITABLE_FIELDS:
        raise ButtonExpired()  # not a field any version of the menu offered
    post = await context.use_cases.posting.post_to_edit(pressed.id_arg("post"), pressed.user_id)
    assert post.id is not None
    await pending_question.ask(context, pressed.user_id, PendingQuestion(post.id, field, "edit"))
    await query.answer()
    await query.edit_message_text(
        t(context.lang, "post.edit_ask", field=plain(context.lang, f"field.{field}")),
        parse_mode=ParseMode.HTML,
    )


async def answer_question(
    update: Update, context: BotContext, question: PendingQuestion, text: str
) -> None:
    """Save the answer; a value that cannot be read raises before anything changes, and
    the question stays open for another try."""
    assert update.effective_user is not None
    post, alerted = await context.use_cases.posting.edit_field(
        question.post_id,
        update.effective_user.id,
        question.field,
        text,
    )
    await pending_question.drop(context, update.effective_user.id)
    intro = t(context.lang, "post.edited") if question.reason == "edit" else ""
    await show_card(update, context, post, intro=intro)
    context.alerts_queued(alerted)
    context.post_changed()
