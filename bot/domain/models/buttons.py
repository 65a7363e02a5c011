"""What buttons do: the actions that change data, and the server-side tokens behind them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class Action(StrEnum):
    """What a button that changes data does: action buttons carry the value, token buttons
    store it."""

    PUBLISH_POST = "post.publish"
    PUBLISH_LIST = "list.publish"  # under a price list's drafts: all of them at once
    SHOW_LIST_CARDS = "list.cards"  # each draft's own card, to publish one by one
    DISCARD_LIST = "list.discard"
    EDIT_POST = "post.edit"  # opens the menu of fields
    EDIT_POST_FIELD = "post.edit_field"  # asks for one field's new value
    DISCARD_POST = "post.discard"
    CLOSE_WITH_DEAL = "post.deal"
    WITHDRAW_POST = "post.withdraw"
    RENEW_POST = "post.renew"
    SHOW_MARKET = "post.market"  # the picture of where its price stands (only reads)
    CONTACT_POST_OWNER = "post.contact"  # from a /search result
    CONTACT_MATCH = "match.contact"  # from a match alert
    DISMISS_MATCH = "match.dismiss"  # "Not relevant" under a match alert
    ACCEPT_CONTACT = "contact.accept"
    DECLINE_CONTACT = "contact.decline"
    SET_LANGUAGE = "language.set"
    CHOOSE_POST_KIND = "post.kind"  # "selling or buying?" when a message does not say
    DEAL_DONE = "deal.done"  # under "Did you make a deal?" and under a contact card
    DEAL_TALKING = "deal.talking"
    DEAL_NONE = "deal.none"
    DEAL_CONFIRM = "deal.confirm"  # the other side agrees a deal was made
    DEAL_DENY = "deal.deny"
    RATE_DEAL = "deal.rate"  # 1..5 stars after a confirmed deal
    COMMENT_RATING = "deal.comment"  # a short comment to go with one's stars
    SHOW_TRUST = "trust.show"  # the counterpart's trust record, under alerts and requests
    REPORT_PROBLEM = "complaint.start"  # under a contact card: choose what went wrong
    FILE_COMPLAINT = "complaint.file"
    ANSWER_COMPLAINT = "complaint.answer"  # the accused may answer once, in words
    TOGGLE_SETTING = "settings.toggle"  # a reminder topic, the digest, alerts in quiet hours
    CHOOSE_TIMEZONE = "settings.zones"  # shows the cities
    SET_TIMEZONE = "settings.zone"
    CHOOSE_CURRENCY = "settings.currencies"  # shows the currencies
    SET_CURRENCY = "settings.currency"
    CIRCLE_SETTING = "circle.setting"  # an admin's choice under /circle (re-checked when pressed)
    CIRCLE_REPORT = "circle.report"  # the week's market report, under /circle (re-checked)
    CIRCLE_QUIET = "circle.quiet"  # the circle's posts nobody responded to, for an admin
    ADVISE_MEMBER = "circle.advise"  # an admin has a quiet post's advice sent now
    FORGET_ME = "user.forget"  # /forget confirmed: the presser's data is deleted
    KEEP_ME = "user.keep"  # /forget cancelled


@dataclass(slots=True)
class ActionToken:
    """Server-side token behind a button that changes data: bound to the one user who
    may press it, to an action and its arguments, and to an expiry."""

    token: str
    user_id: int
    action: str
    payload: dict[str, object]
    expires_at: datetime
    used_at: datetime | None = None
