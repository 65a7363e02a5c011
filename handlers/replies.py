"""Sending replies to the person being answered (everything else goes through the outbox)."""

from __future__ import annotations

from telegram import Message, Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.texts import plain, t
from handlers.keyboards import markup


async def reply(
    update: Update,
    context: BotContext,
    key: str,
    /,
    buttons: list[list[tuple[str, str]]] | None = None,
    **values: object,
) -> Message | None:
    """Answer in the chat the update came from, in the user's language."""
    return await reply_html(update, context, t(context.lang, key, **values), buttons)


async def reply_html(
    update: Update,
    context: BotContext,
    text: str,
    buttons: list[list[tuple[str, str]]] | None = None,
) -> Message | None:
    chat = update.effective_chat
    if chat is None:
        return None
    return await context.bot.send_message(
        chat.id,
        text,
        parse_mode=ParseMode.HTML,
        reply_markup=markup(buttons or []),
        link_preview_options=None,
    )


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
