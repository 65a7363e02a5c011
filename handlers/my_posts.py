"""/my: the user's open and expired posts, newest first, a page per message, each with the
buttons its status allows. ◀️ ▶️ page through the list by editing the same message; a page
turn only reads (post buttons carry their post id, nothing is stored for them)."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.services.errors import ButtonExpired
from bot.texts import Html, plain
from bot.texts.lists import my_posts_page
from handlers.keyboards import markup, page_data, page_of
from handlers.post_cards import Buttons, post_buttons
from handlers.replies import reply_html

PAGE_SIZE = 3
VIEW = "my"


async def my_posts(update: Update, context: BotContext) -> None:
    assert update.effective_user is not None and update.effective_chat is not None
    text, buttons = await _page(context, update.effective_user.id, 0)
    await reply_html(update, context, text, buttons)


async def turn_page(update: Update, context: BotContext) -> None:
    query = update.callback_query
    assert query is not None and query.data is not None
    page = page_of(query.data)
    if page is None:
        raise ButtonExpired()
    text, buttons = await _page(context, query.from_user.id, page)
    await query.answer()
    await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(buttons))


async def _page(context: BotContext, user_id: int, page: int) -> tuple[Html, Buttons]:
    lang = context.lang
    found, total = await context.use_cases.posting.list_mine(user_id, page, PAGE_SIZE)
    pages = max((total + PAGE_SIZE - 1) // PAGE_SIZE, 1)
    if not found and total:  # the list shrank since the page was drawn
        page = min(max(page, 0), pages - 1)
        found, total = await context.use_cases.posting.list_mine(user_id, page, PAGE_SIZE)
    first = page * PAGE_SIZE + 1
    buttons: Buttons = []
    for number, post in enumerate(found, start=first):
        buttons += post_buttons(post, user_id, lang, prefix=f"{number}. ")
    nav = []
    if page > 0:
        nav.append((plain(lang, "btn.prev"), page_data(VIEW, page - 1)))
    if page < pages - 1:
        nav.append((plain(lang, "btn.next"), page_data(VIEW, page + 1)))
    if nav:
        buttons.append(nav)
    return my_posts_page(lang, found, page, pages, first), buttons
