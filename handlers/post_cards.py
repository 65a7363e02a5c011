"""A post's card with the buttons its status allows (the post rules), as a reply or in
place of the card whose button was pressed."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Action, Post, PostStatus
from bot.texts import Html, plain
from bot.texts.cards import card_message
from handlers.keyboards import markup, post_action_data
from handlers.replies import reply_html

Buttons = list[list[tuple[str, str]]]
LABELS = {
    Action.PUBLISH_POST: "btn.publish",
    Action.EDIT_POST: "btn.edit",
    Action.DISCARD_POST: "btn.cancel",
    Action.CLOSE_WITH_DEAL: "btn.deal",
    Action.WITHDRAW_POST: "btn.withdraw",
    Action.RENEW_POST: "btn.renew",
    Action.SHOW_MARKET: "btn.market",
}


def post_buttons(post: Post, user_id: int, lang: str, *, prefix: str = "") -> Buttons:
    """The owner's buttons for `post`, two a row; `prefix` numbers them in a list."""
    row = [  # in the order of the post rules
        (f"{prefix}{plain(lang, LABELS[action])}", post_action_data(action, post.id))
        for action in post.allowed_actions(user_id)
        if action in LABELS
    ]
    if post.status is PostStatus.DRAFT:
        return [row] if row else []  # publish, edit, cancel side by side
    return [row[i : i + 2] for i in range(0, len(row), 2)]


async def show_card(update: Update, context: BotContext, post: Post, *, intro: str = "") -> None:
    text = card_message(post, context.lang, intro=intro)
    await reply_html(update, context, text, post_buttons(post, post.user_id, context.lang))


async def replace_card(update: Update, context: BotContext, post: Post, note: Html) -> None:
    """Show the outcome in place of the pressed card, with the buttons that still apply."""
    query = update.callback_query
    assert query is not None
    await query.answer()
    text = card_message(post, context.lang, note=note)
    buttons = post_buttons(post, post.user_id, context.lang)
    await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(buttons))
