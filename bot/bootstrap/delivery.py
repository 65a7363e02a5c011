"""Delivery: the inbox (updates stored, replayed, marked done) and the outbox (messages
queued, claimed, their outcome)."""

from __future__ import annotations

from functools import partial

from bot.services.delivery import inbox, outbox

from .dependencies import Dependencies


class Delivery:
    def __init__(self, deps: Dependencies) -> None:
        u, c, language = deps.uow_factory, deps.clock, deps.settings.default_language
        # `default`: the language of a sender seen for the first time
        self.receive = partial(inbox.receive, u, c, default=language)
        self.store_fetched = partial(inbox.store_fetched, u, c, default=language)
        self.take = partial(inbox.take, u, c, deps.worker, deps.settings.inbox_hold)
        self.let_go = partial(inbox.let_go, u, c, deps.worker)
        self.take_over = partial(inbox.take_over, u, deps.worker)
        self.mark_done = partial(inbox.mark_done, u, c)
        self.enqueue = partial(outbox.enqueue, u, c)
        self.due = partial(outbox.due, u, c, quiet_hours=deps.settings.quiet_hours)
        self.claim = partial(outbox.claim, u, c)
        self.record_outcome = partial(outbox.record_outcome, u, c)
        self.resend_after_start = partial(outbox.resend_after_start, u, c)
