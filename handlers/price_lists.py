"""A price list pasted as one message: a draft for each product, shown together with three
buttons (publish all, one by one, cancel all); each press is the writer's alone, once."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Action, Post
from bot.services.errors import ButtonExpired, UserFacingError
from bot.services.posting.price_lists import ListDrafted
from bot.texts import Html, plain, t
from bot.texts.lists import price_list_drafts
from handlers.buttons import Pressed
from handlers.keyboards import tokens_as_data
from handlers.post_cards import show_card
from handlers.replies import reply_html


async def show_list(update: Update, context: BotContext, listed: ListDrafted) -> None:
    lang, count = context.lang, len(listed.posts)
    rows = [
        [(plain(lang, "btn.publish_all", count=count), listed.tokens[Action.PUBLISH_LIST])],
        [
            (plain(lang, "btn.list_cards"), listed.tokens[Action.SHOW_LIST_CARDS]),
            (plain(lang, "btn.discard_all"), listed.tokens[Action.DISCARD_LIST]),
        ],
    ]
    text = price_list_drafts(lang, listed.posts, listed.more)
    await reply_html(update, context, text, tokens_as_data(rows))


async def publish_all(update: Update, context: BotContext, pressed: Pressed) -> None:
    """Every draft of the list still a draft is published (one the writer published or
    cancelled on its own card is left as it is)."""
    published: list[Post] = []
    for post_id in _post_ids(pressed):
        try:
            post, alerted = await context.use_cases.posting.publish(post_id, pressed.user_id)
        except UserFacingError:
            continue
        published.append(post)
        context.alerts_queued(alerted)
    if published:
        context.post_changed()
    date = max(p.expires_at for p in published).date().isoformat() if published else ""
    note = t(context.lang, "list.published", count=len(published), date=date)
    await _replace(update, context, published, note)


async def show_cards(update: Update, context: BotContext, pressed: Pressed) -> None:
    drafts = []
    for post_id in _post_ids(pressed):
        try:
            drafts.append(await context.use_cases.posting.post_to_edit(post_id, pressed.user_id))
        except UserFacingError:
            continue
    await _replace(update, context, drafts, t(context.lang, "list.shown"))
    for post in drafts:
        await show_card(update, context, post)


async def discard_all(update: Update, context: BotContext, pressed: Pressed) -> None:
    ids = _post_ids(pressed)
    for post_id in ids:
        try:
            await context.use_cases.posting.discard(post_id, pressed.user_id)
        except UserFacingError:
            continue
    await _replace(update, context, [], t(context.lang, "list.cancelled"))


async def _replace(update: Update, context: BotContext, posts: list[Post], note: Html) -> None:
    """The list's message says what the press did, and its buttons go."""
    query = update.callback_query
    assert query is not None
    await query.answer()
    text = price_list_drafts(context.lang, posts, 0, note) if posts else note
    await query.edit_message_text(text, parse_mode=ParseMode.HTML)


def _post_ids(pressed: Pressed) -> list[int]:
    ids = pressed.payload.get("posts")
    if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
        raise ButtonExpired()  # a token made for something else
    return ids
