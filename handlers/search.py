"""/search <words>: open posts of both kinds, a page per message, each with Contact but
the searcher's own."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Action
from bot.services.errors import ButtonExpired
from bot.texts import Html, plain
from bot.texts.lists import search_page
from handlers.buttons import Pressed
from handlers.keyboards import markup, page_data, page_of, post_action_data
from handlers.post_cards import Buttons
from handlers.replies import reply, reply_html

VIEW = "search"
QUERY_KEY = "search"  # user_data: the words of the last /search, for its page buttons
PAGE_SIZE = 3


async def search_command(update: Update, context: BotContext) -> None:
    words = " ".join(context.args or []).strip()
    if not words:
        await reply(update, context, "search.usage")
        return
    context.store[QUERY_KEY] = words
    assert update.effective_user is not None
    text, buttons = await _page(context, words, 0, update.effective_user.id)
    assert update.effective_chat is not None
    await reply_html(update, context, text, buttons)


async def turn_page(update: Update, context: BotContext) -> None:
    query = update.callback_query
    assert query is not None and query.data is not None
    words, page = str(context.store.get(QUERY_KEY) or ""), page_of(query.data)
    if page is None:
        raise ButtonExpired()
    assert update.effective_user is not None
    text, buttons = await _page(context, words, page, update.effective_user.id)
    await query.answer()
    await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(buttons))


async def contact_post_owner(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await context.use_cases.contacts.ask_about_post(
        pressed.user_id,
        pressed.id_arg("post"),
    )
    context.kick_outbox()
    assert update.callback_query is not None
    await update.callback_query.answer(plain(context.lang, key), show_alert=True)


async def _page(
    context: BotContext, words: str, page: int, viewer_id: int
) -> tuple[Html, Buttons]:
    found, more, warned = await context.use_cases.posting.search(words, page, PAGE_SIZE, viewer_id)
    lang, first = context.lang, page * PAGE_SIZE + 1
    pages = page + 2 if more else page + 1
    buttons: Buttons = [  # no Contact on the viewer's own posts
        [(f"{n}. {plain(lang, 'btn.contact')}", post_action_data(Action.CONTACT_POST_OWNER, p.id))]
        for n, p in enumerate(found, start=first)
        if p.user_id != viewer_id
    ]
    nav = []
    if page > 0:
        nav.append((plain(lang, "btn.prev"), page_data(VIEW, page - 1)))
    if more:
        nav.append((plain(lang, "btn.next"), page_data(VIEW, page + 1)))
    if nav:
        buttons.append(nav)
    conversion = context.conversion
    page_text = search_page(
        lang,
        words,
        found,
        page,
        pages,
        first,
        warned,
        bot_username=context.bot.username,
        conversion=conversion,
    )
    if conversion.told:  # the page named a guessed currency: once
        await context.use_cases.people.currency_told(viewer_id)
    return page_text, buttons
