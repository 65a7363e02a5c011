"""/start (with an optional deep-link payload) and /help."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.services import outbox
from handlers.replies import reply

DEEP_LINK_KEY = "start_payload"


async def start(update: Update, context: BotContext) -> None:
    if context.args:
        # Deep links (t.me/<bot>?start=<payload>) carry a payload that later features act on
        # (joining a circle, opening a match); keep it for them.
        context.store[DEEP_LINK_KEY] = context.args[0][:64]
    user = update.effective_user
    name = user.first_name if user else ""
    await reply(update, context, "start.welcome", name=name)
    if user is not None:  # what could not reach them before (they never started the bot)
        services = context.services
        if await outbox.resend_after_start(services.uow_factory, context.clock, user.id):
            context.kick_outbox()


async def help_command(update: Update, context: BotContext) -> None:
    await reply(update, context, "help.text")
