"""Accept / Decline under an incoming contact request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update

from bot.context import BotContext
from handlers.buttons import Pressed
from handlers.replies import answer_question


async def accept(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _answer(update, context, pressed, context.use_cases.contacts.accept)


async def decline(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _answer(update, context, pressed, context.use_cases.contacts.decline)


Answer = Callable[[int, int], Awaitable[str]]  # the request, the one who answers


async def _answer(update: Update, context: BotContext, pressed: Pressed, use_case: Answer) -> None:
    key = await use_case(pressed.id_arg("request"), pressed.user_id)
    await answer_question(update, context, key)
