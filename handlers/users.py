"""Runs before every other handler: dedupe by update_id (inbox), register the user and load
the language every reply of this update is written in."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ApplicationHandlerStop

from bot.context import BotContext
from bot.services import inbox, users


def person_of(update: Update) -> users.TelegramPerson | None:
    tg = update.effective_user
    if tg is None or tg.is_bot:
        return None
    return users.TelegramPerson(
        id=tg.id,
        first_name=tg.first_name,
        last_name=tg.last_name,
        username=tg.username,
        language_code=tg.language_code,
    )


async def load_user(update: Update, context: BotContext) -> None:
    services = context.services
    fresh = await inbox.record(
        services.uow_factory, services.clock, update.update_id, update.to_dict()
    )
    if not fresh:
        raise ApplicationHandlerStop  # already handled: Telegram delivered it twice
    person = person_of(update)
    if person is not None:
        user = await users.ensure_user(
            services.uow_factory, person, services.clock, services.settings.default_language
        )
        context.lang = user.language


async def mark_done(update: Update, context: BotContext) -> None:
    await inbox.mark_done(context.services.uow_factory, context.services.clock, update.update_id)
