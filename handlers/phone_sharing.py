"""A phone number shared with Telegram's 📎 Contact button: kept for contact cards."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers.replies import reply


async def shared_contact(update: Update, context: BotContext) -> None:
    message = update.effective_message
    assert message is not None and message.contact is not None and update.effective_user
    if message.contact.user_id != update.effective_user.id:
        await reply(update, context, "contact.phone_not_yours")
        return
    await context.use_cases.people.set_phone(
        update.effective_user.id, message.contact.phone_number
    )
    await reply(update, context, "contact.phone_saved")
