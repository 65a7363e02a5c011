"""Report a problem under a contact card, the reason, and the other side's one answer."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.services import complaints
from handlers import pending_question
from handlers.buttons import Pressed
from handlers.keyboards import tokens_as_data
from handlers.replies import answer_question, reply


async def report_problem(update: Update, context: BotContext, pressed: Pressed) -> None:
    """ "Report a problem": what went wrong? (one button per reason)"""
    rows = await complaints.reasons_for(
        context.services.uow_factory, context.clock, pressed.user_id, pressed.id_arg("about")
    )
    assert update.callback_query is not None
    await update.callback_query.answer()
    await reply(update, context, "complaint.choose", buttons=tokens_as_data(rows))


async def file_complaint(update: Update, context: BotContext, pressed: Pressed) -> None:
    reason = str(pressed.payload.get("reason", ""))
    key = await complaints.file(
        context.services.uow_factory,
        context.clock,
        pressed.user_id,
        pressed.id_arg("about"),
        reason,
    )
    await answer_question(update, context, key)


async def answer_complaint(update: Update, context: BotContext, pressed: Pressed) -> None:
    """ "Answer": the next message is the answer (kept once, beside the complaint)."""
    deal_id = pressed.id_arg("deal")
    ok = await complaints.can_answer(context.services.uow_factory, pressed.user_id, deal_id)
    if ok:
        pending_question.ask_for_words(
            context, pending_question.WordsFor.COMPLAINT_ANSWER, deal_id
        )
    await answer_question(
        update, context, "complaint.ask_answer" if ok else "complaint.answer_done"
    )
