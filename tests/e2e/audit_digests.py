"""The 30-day audit's checks of digests and circles' weeks (issue 35): the weekly digest's
requests waiting, deals to rate and matches not answered; a circle digest's count of the
day's new posts; each circle's week at the month's end. Counted again from the record as it
stood when the message went."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.models import Lang
from tests.e2e.audit_counts import said, sent
from tests.e2e.audit_record import POST_TTL, Record, as_json
from tests.e2e.helpers import from_stored, read_rows
from tests.e2e.thirty_days import Month

WEEK = timedelta(days=7)


def digest_counts_equal_the_record(database_url: str, month: Month) -> list[str]:
    """The weekly digest's requests waiting, deals to rate and matches not answered, and a
    circle's daily digest's count of the day's new posts, counted again as they stood
    then (matches not answered only after the last /forget: it took matches with it)."""
    record, found = Record(database_url), []
    unanswered = Unanswered(database_url)
    last_forget = max(month.forgotten_at.values(), default=None)
    requests = [
        (
            to,
            from_stored(at),
            from_stored(answered) if answered else None,
            from_stored(ends) if ends else None,
        )
        for to, at, answered, ends in read_rows(
            database_url,
            "SELECT to_user_id, created_at, responded_at, expires_at FROM contact_requests",
        )
    ]
    for chat, text, at, lang, _buttons in sent(database_url, "digest.weekly"):
        waiting = sum(
            1
            for to, asked, answered, ends in requests
            if to == chat
            and asked <= at
            and (answered is None or answered > at)
            and (ends is None or ends > at)
        )
        to_rate = sum(
            1
            for deal, seller, buyer, confirmed in record.deals
            if chat in (seller, buyer)
            and confirmed <= at
            and not record.has_rated(deal, chat, at)
            and (buyer if seller == chat else seller) not in record.gone
        )
        keys = ("digest.waiting", "digest.to_rate", "digest.unanswered")
        counts = [int(s["count"]) if (s := said(lang, key, text)) else 0 for key in keys]
        lower, upper = unanswered.of(chat, at)
        checked = last_forget is None or at >= last_forget  # /forget took matches with it
        if counts[:2] != [waiting, to_rate] or (checked and not lower <= counts[2] <= upper):
            found.append(
                f"digest to {chat} at {at}: {counts}, the record {[waiting, to_rate]}, "
                f"not answered {lower} to {upper}"
            )
    posts = [
        (circle, from_stored(at), status)
        for circle, at, status in read_rows(
            database_url,
            "SELECT circle_id, created_at, status FROM posts WHERE circle_id IS NOT NULL",
        )
    ]
    for chat, text, at, lang, _buttons in sent(database_url, "circle.digest"):
        shown = said(lang, "circle.digest_title", text)
        day = sum(
            1
            for c, when, status in posts
            if c == chat and at - timedelta(days=1) <= when <= at and status != "draft"
        )
        if shown is None or shown["count"] != day:
            found.append(f"circle {chat} digest at {at}: {text[:80]!r}, the record {day}")
    return found


def circle_weeks_equal_the_record(database_url: str, month: Month) -> list[str]:
    """A circle's settings at the month's end: its members, and the week's posts, matches
    and confirmed deals of its posts."""
    members = read_rows(
        database_url, "SELECT circle_id, joined_at, left_at FROM circle_memberships"
    )
    posts = read_rows(database_url, "SELECT id, circle_id, created_at FROM posts")
    matches = read_rows(database_url, "SELECT offer_id, need_id, created_at FROM matches")
    deals = read_rows(
        database_url,
        """SELECT offer_id, need_id, seller_confirmed_at, buyer_confirmed_at FROM deals
           WHERE seller_confirmed_at IS NOT NULL AND buyer_confirmed_at IS NOT NULL""",
    )
    found = []
    for circle, card, at in month.circle_cards:
        since = at - timedelta(days=7)
        theirs = {post for post, c, _at in posts if c == circle}
        counted = {
            "members": sum(
                1
                for c, joined, left in members
                if c == circle
                and from_stored(joined) <= at
                and (left is None or from_stored(left) > at)
            ),
            "posts": sum(
                1 for _p, c, made in posts if c == circle and since <= from_stored(made) <= at
            ),
            "matches": sum(
                1 for o, n, made in matches if {o, n} & theirs and since <= from_stored(made) <= at
            ),
            "deals": sum(
                1
                for o, n, s, b in deals
                if {o, n} & theirs and since <= max(from_stored(s), from_stored(b)) <= at
            ),
        }
        shown = said(Lang(circle_language(database_url, circle)), "circle.settings", card.words)
        says = {key: shown[key] for key in counted} if shown else None
        if says != counted:
            found.append(f"circle {circle} at {at}: {says}, the record {counted}")
    return found


def circle_language(database_url: str, circle: int) -> str:
    ((settings,),) = read_rows(
        database_url, "SELECT settings FROM circles WHERE id = :c", c=circle
    )
    return str(as_json(settings)["language"])


class Unanswered:
    """The matches of a reader's open posts made in the week before, that they neither
    asked about (a contact request for the match) nor dismissed. The record keeps that a
    side dismissed a match, not always when: a dismissal cancels the match's follow-up
    (dated), unless the follow-up went before. So the count lies between those dismissed
    by the month's end left out, and those known dismissed by then left out."""

    def __init__(self, database_url: str) -> None:
        self.posts = [
            (post, user, from_stored(ends) - POST_TTL, from_stored(ends))
            for post, user, ends in read_rows(
                database_url,
                "SELECT id, user_id, expires_at FROM posts WHERE status != 'draft'",
            )
        ]
        self.matches = [
            (match, offer, need, from_stored(made), bool(offer_out), bool(need_out))
            for match, offer, need, made, offer_out, need_out in read_rows(
                database_url,
                """SELECT id, offer_id, need_id, created_at, offer_dismissed, need_dismissed
                   FROM matches""",
            )
        ]
        self.dismissed = {
            (user, match): from_stored(at)
            for user, match, at in read_rows(
                database_url,
                """SELECT user_id, match_id, cancelled_at FROM reminders
                   WHERE kind = 'match.follow_up' AND reason = 'dismissed'""",
            )
        }
        self.asked = [
            (asker, match, from_stored(at))
            for asker, match, at in read_rows(
                database_url,
                "SELECT from_user_id, match_id, created_at FROM contact_requests",
            )
        ]

    def of(self, reader: int, at: datetime) -> tuple[int, int]:
        """(at least, at most) the matches not answered the reader's digest at `at` says."""
        mine = {
            post
            for post, user, opened, ends in self.posts
            if user == reader and opened <= at < ends
        }
        lower = upper = 0
        for match, offer, need, made, offer_out, need_out in self.matches:
            if not {offer, need} & mine or not at - WEEK <= made <= at:
                continue
            if any(a == reader and m == match and when <= at for a, m, when in self.asked):
                continue
            known = self.dismissed.get((reader, match))
            upper += known is None or known > at
            lower += not (offer_out if offer in mine else need_out)
        return lower, upper
