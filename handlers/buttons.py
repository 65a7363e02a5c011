"""Pressed buttons that change data, routed to one handler per action.

Both kinds of such buttons end up as a `Pressed`: an action button (`v1:a:...`) carries its
action and arguments, is pressed only in the private chat of the person it is for, and the
use case it calls checks the right to act (for a post, the post rules); a token button
(`v1:t:...`) is looked up and checked for ownership and expiry here. The table from action
to handler is in `handlers/__init__.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any

from telegram import Update

from bot.context import BotContext
from bot.domain.models import Action
from bot.services.errors import ButtonExpired, ButtonNotYours
from handlers.keyboards import decode, number


@dataclass(frozen=True, slots=True)
class Pressed:
    """A button press: what to do, who pressed, and the ids the button was made for."""

    action: Action
    user_id: int
    payload: Mapping[str, object] = field(default_factory=dict)

    def id_arg(self, name: str) -> int:
        """An id the button was made for ("post", "match", "request"); a button without it
        (forged, or drawn by an older version) has expired."""
        value = number(str(self.payload.get(name, "")))
        if value is None:
            raise ButtonExpired()
        return value


ActionHandler = Callable[[Update, BotContext, Pressed], Coroutine[Any, Any, None]]


async def _pressed(update: Update, context: BotContext) -> Pressed:
    query = update.callback_query
    assert query is not None and query.data is not None
    data = decode(query.data)
    user_id = query.from_user.id
    if data.kind == "a":
        # Action buttons are sent only into the private chat of the person they are for.
        if query.message is None or query.message.chat.id != user_id:
            raise ButtonNotYours()
        try:  # a button drawn by an older version may name an action that is gone
            action, *args = data.args
            payload = dict(arg.split("=", 1) for arg in args)
            return Pressed(Action(action), user_id, payload)
        except ValueError:
            raise ButtonExpired() from None
    token = await context.use_cases.contacts.redeem(data.args[0], user_id)
    return Pressed(Action(token.action), user_id, token.payload)


def route_buttons(
    handlers: Mapping[Action, ActionHandler],
) -> Callable[[Update, BotContext], Coroutine[Any, Any, None]]:
    """One callback for every action button: find the action, run its handler."""
    missing = set(Action) - set(handlers)
    if missing:
        raise ValueError(f"actions without a handler: {sorted(missing)}")

    async def on_button(update: Update, context: BotContext) -> None:
        pressed = await _pressed(update, context)
        await handlers[pressed.action](update, context, pressed)

    return on_button
