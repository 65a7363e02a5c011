"""Report a problem under a contact card, the reason, and the other side's one answer."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers import pending_question
from handlers.buttons import Pressed
from handlers.keyboards import tokens_as_data
from handlers.replies import answer_question, reply


async def report_problem(update: Update, context: BotContext, pressed: Pressed) -> None:
    """ "Report a problem": what went wrong? (one button per reason)"""
    rows = await context.use_cases.trust.reasons_for(pressed.user_id, pressed.id_arg("about"))
    assert update.callback_query is not None
    await update.callback_query.answer()
    await reply(update, context, "complaint.choose", buttons=tokens_as_data(rows))


async def file_complaint(update: Update, context: BotContext, pressed: Pressed) -> None:
    reason = str(pressed.payload.get("reason", ""))
    key = await context.use_cases.trust.file_complaint(
        pressed.user_id,
        pressed.id_arg("about"),
        reason,
    )
    await answer_question(update, context, key)


async def answer_complaint(update: Update, context: BotContext, pressed: Pressed) -> None:
    """ "Answer": the next message is the answer (kept once, beside the complaint)."""
    deal_id = pressed.id_arg("deal")
    ok = await context.use_cases.trust.can_answer(pressed.user_id, deal_id)
    if ok:
        about = pending_question.WordsFor.COMPLAINT_ANSWER
        await pending_question.ask_for_words(context, pressed.user_id, about, deal_id)
    await answer_question(
        update, context, "complaint.ask_answer" if ok else "complaint.answer_done"
    )
