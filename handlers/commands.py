"""Bot commands shown in Telegram's menu, localised with setMyCommands.

Telegram picks a list by a two-letter language code, so "zh" can carry only one script:
simplified. Users who read traditional characters (by Telegram code or by /language) get
their own list through a per-chat scope.
"""

from __future__ import annotations

from telegram import Bot, BotCommand, BotCommandScopeChat

from bot.domain.models import Lang
from bot.texts import plain

COMMANDS = ("start", "offer", "need", "my", "search", "profile", "language", "help", "cancel")


def commands_for(lang: Lang) -> list[BotCommand]:
    return [BotCommand(name, plain(lang, f"cmd.{name}")) for name in COMMANDS]


async def publish_commands(bot: Bot, default: Lang) -> None:
    await bot.set_my_commands(commands_for(default))
    await bot.set_my_commands(commands_for(Lang.ZH_HANS), language_code="zh")
    await bot.set_my_commands(commands_for(Lang.EN), language_code="en")


async def set_chat_commands(bot: Bot, chat_id: int, lang: Lang) -> None:
    await bot.set_my_commands(commands_for(lang), scope=BotCommandScopeChat(chat_id))
