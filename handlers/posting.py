"""Posting in plain words: a message becomes a card with Publish / Edit / Cancel, and the
buttons under a card or a /my row open, renew or close the post (`private_text` decides
whether a message is a post or an answer)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Action, Post, PostKind
from bot.services.errors import ButtonExpired, KindUnclear
from bot.services.posting import posts
from bot.texts import Html, plain, t
from bot.texts.advice import price_line
from handlers import pending_question, price_lists
from handlers.buttons import Pressed
from handlers.keyboards import action_data, tokens_as_data
from handlers.pending_question import PendingQuestion, WaitingPost
from handlers.post_cards import replace_card, show_card
from handlers.replies import reply

OpenUseCase = Callable[[int, int], Awaitable[tuple[Post, int]]]  # publish or renew: post, user


async def post_in_words(
    update: Update, context: BotContext, text: str, photo: str | None = None
) -> None:
    """A post in plain words (a photo's caption, the photo kept) becomes a draft card (or a
    question: its product, its kind)."""
    assert update.effective_user is not None
    await _drafted(update, context, update.effective_user.id, WaitingPost(text, photo))


async def _drafted(
    update: Update,
    context: BotContext,
    user_id: int,
    waiting: WaitingPost,
    kind: PostKind | None = None,
) -> None:
    """A price list's drafts, or the message's one draft, shown; or "selling or buying?"."""
    posting, update_id = context.use_cases.posting, update.update_id
    text, photo = waiting.text, waiting.photo
    try:
        listed = await posting.draft_list(
            user_id, text, kind=kind, update_id=update_id, photo=photo
        )
        if listed is not None:
            await price_lists.show_list(update, context, listed)
            return
        drafted = await posting.draft(user_id, text, kind=kind, update_id=update_id, photo=photo)
    except KindUnclear as unclear:
        await _ask_kind(update, context, waiting, unclear)
        return
    await _show_draft(update, context, drafted)


async def _show_draft(update: Update, context: BotContext, drafted: posts.Drafted) -> None:
    if drafted.needs_product:
        assert drafted.post.id is not None
        question = PendingQuestion(drafted.post.id, "product", "product")
        await pending_question.ask(context, drafted.post.user_id, question)
        await reply(update, context, "post.ask_product")
        return
    await show_card(update, context, drafted.post)


async def _ask_kind(
    update: Update, context: BotContext, waiting: WaitingPost, unclear: KindUnclear
) -> None:
    """Goods without "selling" or "buying": one tap decides, and the message is kept."""
    assert update.effective_user is not None
    await pending_question.ask_kind(context, update.effective_user.id, waiting)
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
    waiting = await pending_question.take_waiting_post(context, pressed.user_id)
    if waiting is None:
        raise ButtonExpired()
    await query.answer()
    await query.edit_message_reply_markup(reply_markup=None)
    await _drafted(update, context, pressed.user_id, waiting, PostKind(kind))


async def publish(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _open(update, context, pressed, context.use_cases.posting.publish, "post.published")


async def renew(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _open(update, context, pressed, context.use_cases.posting.renew, "post.renewed")


async def _open(
    update: Update, context: BotContext, pressed: Pressed, use_case: OpenUseCase, note: str
) -> None:
    post, alerted = await use_case(pressed.id_arg("post"), pressed.user_id)
    date = post.expires_at.date().isoformat()
    said = t(context.lang, note, date=date)
    if post.id is not None and (
        position := await context.use_cases.posting.own_price_position(post.id, post.user_id)
    ):  # where its price stands among comparable offers, when there are enough of them
        said = Html(
            f"{said}\n{price_line(context.lang, post, position, context.conversion, own=True)}"
        )
    await replace_card(update, context, post, said)
    context.alerts_queued(alerted)
    context.post_changed()


async def discard(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    await context.use_cases.posting.discard(pressed.id_arg("post"), pressed.user_id)
    conversation = await context.use_cases.conversations.current(pressed.user_id)
    question = pending_question.question_in(conversation)
    if question is not None and question.post_id == pressed.id_arg("post"):
        await pending_question.drop(context, pressed.user_id)
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
