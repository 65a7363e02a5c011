"""Bot commands shown in Telegram's menu (setMyCommands), and the bot's description ("What
can this bot do?" in an empty chat) and short description (its profile), localised.

Telegram picks a list by a two-letter language code, so "zh" can carry only one script:
simplified. Users who read traditional characters (by Telegram code or by /language) get
their own list through a per-chat scope.
"""

from __future__ import annotations

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeChat

from bot.domain.models import Lang
from bot.texts import plain

COMMANDS = (
    "start",
    "offer",
    "need",
    "my",
    "search",
    "trust",
    "rate",
    "verify",
    "profile",
    "settings",
    "language",
    "forget",
    "help",
    "cancel",
)


# In trade circles (groups): posting by command, the record, and the admins' settings.
GROUP_COMMANDS = ("offer", "need", "trust", "circle", "help")


def commands_for(lang: Lang) -> list[BotCommand]:
    return [BotCommand(name, plain(lang, f"cmd.{name}")) for name in COMMANDS]


def group_commands_for(lang: Lang) -> list[BotCommand]:
    return [BotCommand(name, plain(lang, f"cmd.group.{name}")) for name in GROUP_COMMANDS]


# Telegram picks by a two-letter code: "zh" carries simplified Chinese (see the module note).
PROFILE_LANGUAGES = (("zh", Lang.ZH_HANS), ("en", Lang.EN))


async def publish_commands(bot: Bot, default: Lang) -> None:
    """The command menu, and what an empty chat and the bot's profile say about it."""
    for code, lang in (("", default), *PROFILE_LANGUAGES):
        await bot.set_my_commands(commands_for(lang), language_code=code or None)
        await bot.set_my_commands(
            group_commands_for(lang),
            scope=BotCommandScopeAllGroupChats(),
            language_code=code or None,
        )
        await bot.set_my_description(plain(lang, "bot.description"), language_code=code or None)
        await bot.set_my_short_description(
            plain(lang, "bot.short_description"), language_code=code or None
        )


async def set_chat_commands(bot: Bot, chat_id: int, lang: Lang) -> None:
    await bot.set_my_commands(commands_for(lang), scope=BotCommandScopeChat(chat_id))
