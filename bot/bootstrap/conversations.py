"""Conversations: the one each person may be in, read and written on each update."""

from __future__ import annotations

from functools import partial

from bot.services.delivery import conversations

from .dependencies import Dependencies


class Conversations:
    def __init__(self, deps: Dependencies) -> None:
        u, c = deps.uow_factory, deps.clock
        self.current = partial(conversations.current, u, c)
        self.begin = partial(conversations.begin, u, c)
        self.advance = partial(conversations.advance, u, c)
        self.end = partial(conversations.end, u)
        self.leave = partial(conversations.leave, u, c)
        self.sweep = partial(conversations.sweep, u, c)
