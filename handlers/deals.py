"""The buttons of "Did you make a deal?" and of a deal claim."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.services import deals
from bot.services.ports import Clock, UowFactory
from handlers.buttons import Pressed
from handlers.replies import answer_question, reply


async def deal_done(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await deals.deal_done(*_args(context, pressed))
    if pressed.payload.get("card"):  # under a contact card: its buttons stay
        context.kick_outbox()
        assert update.callback_query is not None
        await update.callback_query.answer()
        await reply(update, context, key)
        return
    await answer_question(update, context, key)


async def still_talking(update: Update, context: BotContext, pressed: Pressed) -> None:
    ask = int(str(pressed.payload.get("ask", 1)))
    key = await deals.still_talking(*_args(context, pressed), ask)
    await answer_question(update, context, key)


async def no_deal(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await deals.no_deal(*_args(context, pressed))
    await answer_question(update, context, key)


async def confirm(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await deals.confirm(*_args(context, pressed))
    await answer_question(update, context, key)


async def deny(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await deals.deny(*_args(context, pressed))
    await answer_question(update, context, key)


def _args(context: BotContext, pressed: Pressed) -> tuple[UowFactory, Clock, int, int]:
    services = context.services
    return services.uow_factory, context.clock, pressed.user_id, pressed.id_arg("deal")
