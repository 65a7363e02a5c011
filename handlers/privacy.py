"""/forget: a member deletes their data after one confirmation (bot.services.privacy.forgetting).

The buttons are action buttons: they act on the presser's own data and are sent only into
their private chat, so nothing needs storing for them (and nothing stored would outlive the
deletion)."""

from __future__ import annotations

from typing import Any

from telegram import Update
from telegram.ext import Application, ConversationHandler

from bot.context import BotContext
from bot.domain.models import Action
from bot.texts import plain
from handlers.buttons import Pressed
from handlers.keyboards import action_data
from handlers.replies import reply


async def forget_command(update: Update, context: BotContext) -> None:
    lang = context.lang
    buttons = [
        [
            (plain(lang, "btn.forget"), action_data(Action.FORGET_ME)),
            (plain(lang, "btn.cancel"), action_data(Action.KEEP_ME)),
        ]
    ]
    await reply(update, context, "forget.ask", buttons=buttons)


async def forget_me(update: Update, context: BotContext, pressed: Pressed) -> None:
    await context.use_cases.people.forget(pressed.user_id)
    _drop_chat_state(context.application, pressed.user_id)
    await _close(update, plain(context.lang, "forget.done"))


async def keep_me(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _close(update, plain(context.lang, "forget.kept"))


async def _close(update: Update, text: str) -> None:
    query = update.callback_query
    assert query is not None
    await query.answer()
    await query.edit_message_text(text)


def _drop_chat_state(application: Application[Any, Any, Any, Any, Any, Any], user_id: int) -> None:
    """What PTB holds of them in memory, so its next flush does not write it back: their
    user_data and any conversation they were in (the database rows are gone already)."""
    application.drop_user_data(user_id)
    application.drop_chat_data(user_id)
    for handlers in application.handlers.values():
        for handler in handlers:
            if isinstance(handler, ConversationHandler):
                # PTB has no public way to end someone's conversation from outside it.
                states = handler._conversations
                for key in [k for k in states if user_id in k]:
                    states.pop(key, None)
