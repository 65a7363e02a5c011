"""/language: choose zh-Hans, zh-Hant or English with a button; stored per user."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.domain.models import Action, Lang
from bot.services.errors import ButtonExpired
from bot.texts import plain
from handlers.buttons import Pressed
from handlers.commands import set_chat_commands
from handlers.keyboards import action_data
from handlers.replies import reply

LABELS = {Lang.ZH_HANS: "简体中文", Lang.ZH_HANT: "繁體中文", Lang.EN: "English"}


async def choose_language(update: Update, context: BotContext) -> None:
    row = [
        (label, action_data(Action.SET_LANGUAGE, lang=lang.value))
        for lang, label in LABELS.items()
    ]
    await reply(update, context, "language.choose", buttons=[row])


async def language_chosen(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    try:
        lang = Lang(str(pressed.payload.get("lang")))
    except ValueError:
        raise ButtonExpired() from None  # not a language any version of the buttons offered
    await context.use_cases.people.set_language(pressed.user_id, lang)
    context.lang = lang
    await query.answer(plain(lang, "button.done"))
    await query.edit_message_text(plain(lang, "language.set"))
    if query.message is not None:
        await set_chat_commands(context.bot, query.message.chat.id, lang)
