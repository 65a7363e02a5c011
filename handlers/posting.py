"""Posting in plain words: a message becomes a card with Publish / Edit / Cancel, and the
buttons under a card or a /my row open, renew or close the post."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Action, Post, PostKind
from bot.services import posts
from bot.services.errors import ButtonExpired, KindUnclear
from bot.texts import plain, t
from handlers import pending_question, post_edits
from handlers.buttons import Pressed
from handlers.keyboards import action_data, tokens_as_data
from handlers.pending_question import PendingQuestion
from handlers.post_cards import replace_card, show_card
from handlers.replies import reply

OpenUseCase = Callable[[int, int], Awaitable[tuple[Post, int]]]  # publish or renew: post, user


async def on_text(update: Update, context: BotContext) -> None:
    """A post in plain words, or the answer to the question the bot asked last."""
    message = update.effective_message
    user = update.effective_user
    assert message is not None and user is not None
    text = message.text or message.caption or ""
    owed = pending_question.take_words_question(context)
    if owed is not None:  # words owed about a deal, whatever they say
        about, deal_id = owed
        trust = context.use_cases.trust
        words_for = {
            pending_question.WordsFor.COMPLAINT_ANSWER: trust.answer_complaint,
            pending_question.WordsFor.RATING_COMMENT: trust.comment,
        }
        key = await words_for[about](user.id, deal_id, text)
        await reply(update, context, key)
        return
    question = pending_question.current(context)
    if question is not None:
        if not posts.reads_as_new_post(text):
            await post_edits.answer_question(update, context, question, text)
            return
        pending_question.drop(context)  # a whole new post is not an answer: say so
        await reply(
            update,
            context,
            "post.question_dropped",
            field=plain(context.lang, f"field.{question.field}"),
        )
    try:
        drafted = await context.use_cases.posting.draft(
            user.id,
            text,
            update_id=update.update_id,
        )
    except KindUnclear as unclear:
        await _ask_kind(update, context, text, unclear)
        return
    await _show_draft(update, context, drafted)


async def _show_draft(update: Update, context: BotContext, drafted: posts.Drafted) -> None:
    if drafted.needs_product:
        assert drafted.post.id is not None
        pending_question.ask(context, PendingQuestion(drafted.post.id, "product", "product"))
        await reply(update, context, "post.ask_product")
        return
    await show_card(update, context, drafted.post)


async def _ask_kind(update: Update, context: BotContext, text: str, unclear: KindUnclear) -> None:
    """Goods without "selling" or "buying": one tap decides, and the message is kept."""
    pending_question.ask_kind(context, text)
    lang = context.lang
    buttons = [
        [
            (plain(lang, "btn.i_sell"), action_data(Action.CHOOSE_POST_KIND, kind="offer")),
            (plain(lang, "btn.i_need"), action_data(Action.CHOOSE_POST_KIND, kind="need")),
        ]
    ]
    await reply(update, context, unclear.key, buttons=buttons, **unclear.values)


async def choose_kind(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    kind = str(pressed.payload.get("kind"))
    if kind not in {k.value for k in PostKind}:
        raise ButtonExpired()  # checked before the waiting message is taken
    text = pending_question.take_kind_text(context)
    if not text:
        raise ButtonExpired()
    drafted = await context.use_cases.posting.draft(
        pressed.user_id,
        text,
        kind=PostKind(kind),
        update_id=update.update_id,
    )
    await query.answer()
    await query.edit_message_reply_markup(reply_markup=None)
    await _show_draft(update, context, drafted)


async def publish(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _open(update, context, pressed, context.use_cases.posting.publish, "post.published")


async def renew(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _open(update, context, pressed, context.use_cases.posting.renew, "post.renewed")


async def _open(
    update: Update, context: BotContext, pressed: Pressed, use_case: OpenUseCase, note: str
) -> None:
    post, alerted = await use_case(pressed.id_arg("post"), pressed.user_id)
    date = post.expires_at.date().isoformat()
    await replace_card(update, context, post, t(context.lang, note, date=date))
    context.alerts_queued(alerted)


async def discard(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    await context.use_cases.posting.discard(pressed.id_arg("post"), pressed.user_id)
    question = pending_question.current(context)
    if question is not None and question.post_id == pressed.id_arg("post"):
        pending_question.drop(context)
    await query.answer()
    await query.edit_message_text(t(context.lang, "post.cancelled"), parse_mode=ParseMode.HTML)


async def close_with_deal(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _close(update, context, pressed, deal=True)


async def withdraw(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _close(update, context, pressed, deal=False)


async def _close(update: Update, context: BotContext, pressed: Pressed, *, deal: bool) -> None:
    post = await context.use_cases.posting.close(
        pressed.id_arg("post"),
        pressed.user_id,
        deal=deal,
    )
    note = t(context.lang, "post.closed_deal" if deal else "post.withdrawn")
    await replace_card(update, context, post, note)
    if deal and post.id is not None:  # record the deal with the partner it was made with
        rows = await context.use_cases.trust.claim_choices(pressed.user_id, post.id)
        if rows:
            await reply(update, context, "deal.who_with", buttons=tokens_as_data(rows))
