"""Every action has exactly one handler, found in handlers/__init__.py."""

from __future__ import annotations

import pytest

from bot.domain.models import Action
from handlers import BUTTON_ACTIONS
from handlers.buttons import route_buttons


def test_every_action_has_a_handler() -> None:
    assert set(BUTTON_ACTIONS) == set(Action)


def test_one_handler_serves_one_action() -> None:
    handlers = list(BUTTON_ACTIONS.values())
    assert len(set(handlers)) == len(handlers)


def test_a_table_missing_an_action_is_refused_at_start() -> None:
    partial = {a: h for a, h in BUTTON_ACTIONS.items() if a is not Action.RENEW_POST}
    with pytest.raises(ValueError, match="post.renew"):
        route_buttons(partial)
