"""Deals and trust: a deal's outcome, ratings, complaints, the trust record, identity."""

from __future__ import annotations

from functools import partial

from bot.services.people import identity
from bot.services.trust import complaints, deals, ratings, records

from .dependencies import Dependencies


class Trust:
    def __init__(self, deps: Dependencies) -> None:
        u, c = deps.uow_factory, deps.clock
        self.claim_choices = partial(deals.claim_choices, u, c)
        self.deal_done = partial(deals.deal_done, u, c)
        self.still_talking = partial(deals.still_talking, u, c)
        self.no_deal = partial(deals.no_deal, u, c)
        self.confirm = partial(deals.confirm, u, c)
        self.deny = partial(deals.deny, u, c)
        self.rate = partial(ratings.rate, u, c)
        self.stars_for = partial(ratings.stars_for, u, c)
        self.comment = partial(ratings.comment, u, c)
        self.reasons_for = partial(complaints.reasons_for, u, c)
        self.file_complaint = partial(complaints.file, u, c)
        self.can_answer = partial(complaints.can_answer, u)
        self.answer_complaint = partial(complaints.answer, u, c)
        self.record_of = partial(records.record_of, u, c)
        self.verify_business = partial(
            identity.verify_business, u, c, admin_chat_id=deps.settings.admin_chat_id
        )
