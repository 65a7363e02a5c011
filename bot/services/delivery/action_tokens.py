"""Action tokens: the server-side half of buttons whose right to press cannot be read from
the data alone (a match alert's recipient, a contact request's answer).

A button carries only a short random token; what it does, for whom and until when is stored.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.domain.models import Action, ActionToken, Lang
from bot.services.errors import ButtonExpired, ButtonNotYours
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts import plain


def new_token() -> str:
    return secrets.token_urlsafe(12)  # 16 characters, 96 bits


async def add_tokens(
    uow: UnitOfWork,
    expires: datetime,
    user_id: int,
    actions: Sequence[tuple[Action, dict[str, Any]]],
    *,
    once: bool = False,
    together: bool = False,
) -> list[str]:
    """Store one token per (action, payload) for `user_id` inside the caller's transaction
    and return them in order. With `once`, each token is spent when pressed (a double tap
    does not act twice); with `together` too, pressing one spends them all (one choice
    among its buttons)."""
    tokens = [new_token() for _ in actions]
    for token, (action, payload) in zip(tokens, actions, strict=True):
        stored = {**payload, "_once": True} if once else dict(payload)
        if once and together:
            stored["_with"] = [other for other in tokens if other != token]
        await uow.action_tokens.add(ActionToken(token, user_id, action.value, stored, expires))
    return tokens


async def answer_buttons(
    uow: UnitOfWork,
    expires: datetime,
    user_id: int,
    lang: Lang,
    rows: Sequence[Sequence[tuple[Action, str]]],
    payload: dict[str, Any],
) -> list[list[tuple[str, str]]]:
    """Rows of single-use buttons for `user_id`: each (action, label text key) gets its own
    token carrying `payload`; returns (label in `lang`, token) rows for the outbox."""
    choices = [choice for row in rows for choice in row]
    tokens = iter(
        await add_tokens(uow, expires, user_id, [(a, payload) for a, _ in choices], once=True)
    )
    return [[(plain(lang, key), next(tokens)) for _action, key in row] for row in rows]


async def redeem(uow_factory: UowFactory, clock: Clock, token: str, user_id: int) -> ActionToken:
    """The action behind a pressed button, if `user_id` may press it now. Single-use tokens
    are spent here, in the same transaction as the check."""
    now = clock.now()
    async with uow_factory() as uow:
        action = await uow.action_tokens.get(token)
        if action is None or action.expires_at <= now or action.used_at is not None:
            raise ButtonExpired()
        if action.user_id != user_id:
            raise ButtonNotYours()
        if action.payload.get("_once"):
            for spent in [token, *_siblings(action)]:
                await uow.action_tokens.mark_used(spent, now)
            await uow.commit()
        return action


def _siblings(action: ActionToken) -> list[str]:
    together = action.payload.get("_with")
    return [str(t) for t in together] if isinstance(together, list) else []


async def purge_expired(uow_factory: UowFactory, clock: Clock) -> int:
    """Housekeeping: tokens past their expiry (every alert issues some)."""
    async with uow_factory() as uow:
        removed = await uow.action_tokens.purge_expired(clock.now())
        await uow.commit()
        return removed
