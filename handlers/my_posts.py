"""/my: the user's open and expired posts, newest first, a page per message.

Each post has a row of buttons (deal, withdraw, renew, edit); ◀️ ▶️ page through the list
by editing the same message.
"""

from __future__ import annotations

from typing import Any

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Post
from bot.services import posts
from bot.texts import Html, plain, t
from bot.texts.cards import post_line
from handlers.buttons import issue_buttons
from handlers.keyboards import decode, markup, page_data

PAGE_SIZE = 3
VIEW = "my"


async def my_posts(update: Update, context: BotContext) -> None:
    text, buttons = await _page(context, _user_id(update), 0)
    chat = update.effective_chat
    assert chat is not None
    await context.bot.send_message(
        chat.id, text, parse_mode=ParseMode.HTML, reply_markup=markup(buttons)
    )


async def turn_page(update: Update, context: BotContext) -> None:
    query = update.callback_query
    assert query is not None and query.data is not None
    page = int(decode(query.data).args[1])
    text, buttons = await _page(context, _user_id(update), page)
    await query.answer()
    await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(buttons))


def _user_id(update: Update) -> int:
    assert update.effective_user is not None
    return update.effective_user.id


async def _page(
    context: BotContext, user_id: int, page: int
) -> tuple[Html, list[list[tuple[str, str]]]]:
    found, total = await posts.list_mine(context.services.uow_factory, user_id, page, PAGE_SIZE)
    if total == 0:
        return t(context.lang, "my.empty"), []
    pages = (total + PAGE_SIZE - 1) // PAGE_SIZE
    page = min(max(page, 0), pages - 1)
    if not found:  # the list shrank since the page was drawn
        found, total = await posts.list_mine(
            context.services.uow_factory, user_id, page, PAGE_SIZE
        )
    first = page * PAGE_SIZE + 1
    lines = [t(context.lang, "my.header", page=page + 1, pages=pages)]
    lines += [post_line(post, context.lang, first + i) for i, post in enumerate(found)]
    buttons = await _post_buttons(context, user_id, found, first)
    nav = []
    if page > 0:
        nav.append((plain(context.lang, "btn.prev"), page_data(VIEW, page - 1)))
    if page < pages - 1:
        nav.append((plain(context.lang, "btn.next"), page_data(VIEW, page + 1)))
    if nav:
        buttons.append(nav)
    return Html("\n\n".join(lines)), buttons


async def _post_buttons(
    context: BotContext, user_id: int, found: list[Post], first: int
) -> list[list[tuple[str, str]]]:
    lang = context.lang
    rows: list[list[tuple[str, str, dict[str, Any]]]] = []
    for number, post in enumerate(found, start=first):
        pid = {"post": post.id}
        rows.append(
            [
                (f"{number}. {plain(lang, 'btn.deal')}", "post.deal", pid),
                (f"{number}. {plain(lang, 'btn.withdraw')}", "post.withdraw", pid),
            ]
        )
        rows.append(
            [
                (f"{number}. {plain(lang, 'btn.renew')}", "post.renew", pid),
                (f"{number}. {plain(lang, 'btn.edit')}", "post.edit", pid),
            ]
        )
    return await issue_buttons(context, user_id, rows)
