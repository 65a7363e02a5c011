"""Match alerts' buttons (Contact, Not relevant), contact requests (Accept, Decline),
a shared phone number, and /search."""

from __future__ import annotations

from typing import Any

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import ActionToken
from bot.services import contacts, search, users
from bot.texts import Html, plain, t
from bot.texts.cards import post_card
from handlers.buttons import action, issue_buttons
from handlers.keyboards import decode, markup, page_data
from handlers.replies import reply

SEARCH_KEY = "search"
SEARCH_PAGE = 3


async def _answer(update: Update, context: BotContext, key: str) -> None:
    assert update.callback_query is not None
    await update.callback_query.answer(plain(context.lang, key), show_alert=True)


@action("match.contact")  # from a match alert
@action("post.contact")  # from a /search result
async def contact(update: Update, context: BotContext, pressed: ActionToken) -> None:
    result = await contacts.request_contact(
        context.services.uow_factory,
        context.clock,
        pressed.user_id,
        match_id=pressed.id_arg("match") if "match" in pressed.payload else None,
        post_id=pressed.id_arg("post") if "post" in pressed.payload else None,
    )
    context.kick_outbox()
    await _answer(update, context, result.text_key)


@action("match.dismiss")
async def not_relevant(update: Update, context: BotContext, pressed: ActionToken) -> None:
    await contacts.dismiss(
        context.services.uow_factory,
        context.matching,
        pressed.id_arg("match"),
        pressed.user_id,
    )
    query = update.callback_query
    assert query is not None
    await query.answer(plain(context.lang, "match.dismissed"))
    await query.edit_message_reply_markup(reply_markup=None)


@action("contact.accept")
async def accept(update: Update, context: BotContext, pressed: ActionToken) -> None:
    await _respond(update, context, pressed, accept=True)


@action("contact.decline")
async def decline(update: Update, context: BotContext, pressed: ActionToken) -> None:
    await _respond(update, context, pressed, accept=False)


async def _respond(
    update: Update, context: BotContext, pressed: ActionToken, *, accept: bool
) -> None:
    key = await contacts.respond(
        context.services.uow_factory,
        context.clock,
        pressed.id_arg("request"),
        pressed.user_id,
        accept=accept,
    )
    context.kick_outbox()
    query = update.callback_query
    assert query is not None and query.message is not None
    await query.answer()
    await query.edit_message_reply_markup(reply_markup=None)
    await reply(update, context, key)


async def shared_contact(update: Update, context: BotContext) -> None:
    message = update.effective_message
    assert message is not None and message.contact is not None and update.effective_user
    if message.contact.user_id != update.effective_user.id:
        await reply(update, context, "contact.phone_not_yours")
        return
    await users.set_phone(
        context.services.uow_factory, update.effective_user.id, message.contact.phone_number
    )
    await reply(update, context, "contact.phone_saved")


async def search_command(update: Update, context: BotContext) -> None:
    words = " ".join(context.args or []).strip()
    if not words:
        await reply(update, context, "search.usage")
        return
    context.store[SEARCH_KEY] = words
    text, buttons = await _search_page(update, context, words, 0)
    await context.bot.send_message(
        update.effective_chat.id if update.effective_chat else 0,
        text,
        parse_mode=ParseMode.HTML,
        reply_markup=markup(buttons),
    )


async def search_turn_page(update: Update, context: BotContext) -> None:
    query = update.callback_query
    assert query is not None and query.data is not None
    words = str(context.store.get(SEARCH_KEY) or "")
    page = int(decode(query.data).args[1])
    text, buttons = await _search_page(update, context, words, page)
    await query.answer()
    await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(buttons))


async def _search_page(
    update: Update, context: BotContext, words: str, page: int
) -> tuple[Html, list[list[tuple[str, str]]]]:
    assert update.effective_user is not None
    found, more = await search.search(
        context.services.uow_factory, context.clock, context.matching, words, page, SEARCH_PAGE
    )
    lang = context.lang
    if not found and page == 0:
        return t(lang, "search.empty", query=words), []
    pages = page + 2 if more else page + 1
    blocks = [t(lang, "search.header", query=words, page=page + 1, pages=pages)]
    rows: list[list[tuple[str, str, dict[str, Any]]]] = []
    for number, post in enumerate(found, start=page * SEARCH_PAGE + 1):
        blocks.append(Html(f"<b>{number}.</b> {post_card(post, lang)}"))
        rows.append(
            [(f"{number}. {plain(lang, 'btn.contact')}", "post.contact", {"post": post.id})]
        )
    buttons = await issue_buttons(context, update.effective_user.id, rows)
    nav = []
    if page > 0:
        nav.append((plain(lang, "btn.prev"), page_data(SEARCH_KEY, page - 1)))
    if more:
        nav.append((plain(lang, "btn.next"), page_data(SEARCH_KEY, page + 1)))
    if nav:
        buttons.append(nav)
    return Html("\n\n".join(blocks)), buttons
