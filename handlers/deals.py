"""The buttons of "Did you make a deal?" and of a deal claim."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from handlers.buttons import Pressed
from handlers.replies import answer_question, reply


async def deal_done(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await context.use_cases.trust.deal_done(*_args(pressed))
    if pressed.payload.get("card"):  # under a contact card: its buttons stay
        context.kick_outbox()
        assert update.callback_query is not None
        await update.callback_query.answer()
        await reply(update, context, key)
        return
    await answer_question(update, context, key)


async def still_talking(update: Update, context: BotContext, pressed: Pressed) -> None:
    ask = int(str(pressed.payload.get("ask", 1)))
    key = await context.use_cases.trust.still_talking(*_args(pressed), ask)
    await answer_question(update, context, key)


async def no_deal(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await context.use_cases.trust.no_deal(*_args(pressed))
    await answer_question(update, context, key)


async def confirm(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await context.use_cases.trust.confirm(*_args(pressed))
    await answer_question(update, context, key)


async def deny(update: Update, context: BotContext, pressed: Pressed) -> None:
    key = await context.use_cases.trust.deny(*_args(pressed))
    await answer_question(update, context, key)


def _args(pressed: Pressed) -> tuple[int, int]:
    """Who pressed, about which deal."""
    return pressed.user_id, pressed.id_arg("deal")
