"""Sending replies to the person being answered (everything else goes through the outbox)."""

from __future__ import annotations

from telegram import Message, Update

from bot.context import BotContext
from bot.texts import plain, t
from handlers.keyboards import inline_keyboard


async def reply(
    update: Update,
    context: BotContext,
    key: str,
    /,
    buttons: list[list[tuple[str, str]]] | None = None,
    **values: object,
) -> None:
    """Answer in the chat the update came from, in the user's language."""
    await reply_html(update, context, t(context.lang, key, **values), buttons)


async def reply_html(
    update: Update,
    context: BotContext,
    text: str,
    buttons: list[list[tuple[str, str]]] | None = None,
) -> None:
    chat = update.effective_chat
    if chat is not None:
        await context.bot.send_text(chat.id, text, reply_markup=inline_keyboard(buttons or []))


def skip_button(context: BotContext, data: str) -> list[list[tuple[str, str]]]:
    """The Skip button under a conversation's question."""
    return [[(plain(context.lang, "btn.skip"), data)]]


async def answer_question(update: Update, context: BotContext, key: str) -> None:
    """A question's button was pressed: its buttons go and the answer comes as a reply (the
    use case may have queued messages to others)."""
    context.kick_outbox()
    query = update.callback_query
    assert query is not None
    await query.answer()
    await query.edit_message_reply_markup(reply_markup=None)
    await reply(update, context, key)


async def close_question(update: Update, context: BotContext, note: str | None = None) -> None:
    """A question's button was pressed: its buttons go (unless already gone: a second tap),
    and the answer is what the use case queued, or `note` on the button (a text key);
    nothing comes as a reply."""
    context.kick_outbox()
    query = update.callback_query
    assert query is not None
    await query.answer(plain(context.lang, note) if note else None)
    if isinstance(query.message, Message) and query.message.reply_markup is not None:
        await query.edit_message_reply_markup(reply_markup=None)
