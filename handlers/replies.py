"""Sending replies to the person being answered (everything else goes through the outbox)."""

from __future__ import annotations

from telegram import CallbackQuery, Message, Update
from telegram.error import BadRequest

from bot.context import BotContext
from bot.texts import fits_caption, plain, t
from handlers.keyboards import inline_keyboard

# Telegram's refusal of an edit that changes nothing (as `handlers.transport.send_guard`
# has it; not imported from there, which would bring the transport into the post path)
NOT_MODIFIED = "message is not modified"


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
    *,
    photo: str | None = None,
) -> None:
    """`text` to the chat of the update; with a `photo`, that photo with the text as its
    caption, or the photo and then the text when the text is longer than a caption may be."""
    chat = update.effective_chat
    if chat is None:
        return
    keyboard = inline_keyboard(buttons or [])
    if photo is not None and fits_caption(text):
        await context.bot.send_picture(chat.id, photo, text, reply_markup=keyboard)
        return
    if photo is not None:
        await context.bot.send_picture(chat.id, photo, "")
    await context.bot.send_text(chat.id, text, reply_markup=keyboard)


def skip_button(context: BotContext, data: str) -> list[list[tuple[str, str]]]:
    """The Skip button under a conversation's question."""
    return [[(plain(context.lang, "btn.skip"), data)]]


async def answer_question(update: Update, context: BotContext, key: str) -> None:
    """A question's button was pressed: its buttons go (unless already gone: a second tap,
    a replayed update) and the answer comes as a reply (the use case may have queued
    messages to others)."""
    context.kick_outbox()
    query = update.callback_query
    assert query is not None
    await query.answer()
    await _remove_buttons(query)
    await reply(update, context, key)


async def close_question(update: Update, context: BotContext, note: str | None = None) -> None:
    """A question's button was pressed: its buttons go (unless already gone: a second tap),
    and the answer is what the use case queued, or `note` on the button (a text key);
    nothing comes as a reply."""
    context.kick_outbox()
    query = update.callback_query
    assert query is not None
    await query.answer(plain(context.lang, note) if note else None)
    await _remove_buttons(query)


async def _remove_buttons(query: CallbackQuery) -> None:
    """Take the pressed message's buttons away, if it still shows them. An update carries
    the message as it was when pressed: if another press took them away since, Telegram
    refuses the edit ("message is not modified"), and there is nothing left to do."""
    if not isinstance(query.message, Message) or query.message.reply_markup is None:
        return
    try:
        await query.edit_message_reply_markup(reply_markup=None)
    except BadRequest as error:
        if NOT_MODIFIED not in error.message.lower():
            raise
