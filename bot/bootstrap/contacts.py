"""Contacts: asking for the other side's contacts, answering, dismissing a match, and the
buttons bound to one person (action tokens)."""

from __future__ import annotations

from functools import partial

from bot.services.contacts import contact_requests, dismissals
from bot.services.delivery import action_tokens

from .dependencies import Dependencies


class Contacts:
    def __init__(self, deps: Dependencies) -> None:
        u, c, index = deps.uow_factory, deps.clock, deps.index
        schedule = deps.settings.schedule()
        # the index: whether an offer is too good to be true, to warn its buyer
        self.ask_about_match = partial(
            contact_requests.ask_about_match, u, c, schedule=schedule, index=index
        )
        self.ask_about_post = partial(
            contact_requests.ask_about_post, u, c, schedule=schedule, index=index
        )
        self.accept = partial(contact_requests.accept, u, c, schedule=schedule, index=index)
        self.decline = partial(contact_requests.decline, u, c)
        self.dismiss_match = partial(dismissals.dismiss_match, u, c, deps.after)
        self.redeem = partial(action_tokens.redeem, u, c)
