"""An edited message changes nothing: a post is changed with ✏️ Edit on its card, where the
member sees the card again before it goes out. Handling an edit as a new message made a
second draft, or in a trade circle a second open post, for every edit. In a private chat
the member is told how to change a post; in a group the edit is passed over silently."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot.context import BotContext
from handlers.replies import reply


async def on_edit(update: Update, context: BotContext) -> None:
    chat = update.effective_chat
    if chat is not None and chat.type == ChatType.PRIVATE:
        await reply(update, context, "post.edit_ignored")
