"""Routing of pressed buttons: token buttons to the action registered for them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Update

from bot.context import BotContext
from bot.domain.models import ActionToken
from bot.services import actions
from handlers.keyboards import decode, token_data

ActionHandler = Callable[[Update, BotContext, ActionToken], Awaitable[None]]

# Filled by feature modules at import time through `action()`; read by `on_token_button`.
ACTIONS: dict[str, ActionHandler] = {}


def action(name: str) -> Callable[[ActionHandler], ActionHandler]:
    def register(func: ActionHandler) -> ActionHandler:
        if name in ACTIONS:
            raise ValueError(f"action {name!r} registered twice")
        ACTIONS[name] = func
        return func

    return register


async def issue_buttons(
    context: BotContext,
    user_id: int,
    rows: list[list[tuple[str, str, dict[str, Any]]]],
    *,
    once: bool = False,
) -> list[list[tuple[str, str]]]:
    """Rows of (label, action, payload) -> rows of (label, callback data) with fresh tokens."""
    flat = [(name, payload) for row in rows for _, name, payload in row]
    tokens = iter(
        await actions.issue(context.services.uow_factory, context.clock, user_id, flat, once=once)
    )
    return [[(label, token_data(next(tokens))) for label, _, _ in row] for row in rows]


async def on_token_button(update: Update, context: BotContext) -> Any:
    query = update.callback_query
    assert query is not None and query.data is not None
    token = decode(query.data).args[0]
    pressed = await actions.redeem(
        context.services.uow_factory, context.clock, token, query.from_user.id
    )
    handler = ACTIONS.get(pressed.action)
    if handler is None:
        raise LookupError(f"no handler for action {pressed.action!r}")
    return await handler(update, context, pressed)
