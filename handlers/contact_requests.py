"""Accept / Decline under an incoming contact request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update

from bot.context import BotContext
from bot.services import contact_requests
from bot.services.ports import Clock, UowFactory
from handlers.buttons import Pressed
from handlers.replies import answer_question

Answer = Callable[[UowFactory, Clock, int, int], Awaitable[str]]


async def accept(update: Update, context: BotContext, pressed: Pressed) -> None:
    schedule = context.settings.schedule()

    async def use_case(uow_factory: UowFactory, clock: Clock, request: int, user: int) -> str:
        return await contact_requests.accept(uow_factory, clock, request, user, schedule)

    await _answer(update, context, pressed, use_case)


async def decline(update: Update, context: BotContext, pressed: Pressed) -> None:
    await _answer(update, context, pressed, contact_requests.decline)


async def _answer(update: Update, context: BotContext, pressed: Pressed, use_case: Answer) -> None:
    key = await use_case(
        context.services.uow_factory, context.clock, pressed.id_arg("request"), pressed.user_id
    )
    await answer_question(update, context, key)
