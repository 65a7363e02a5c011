"""The 30-day audit's checks that every count a message states equals the record (issue 35):
trust lines, rating messages and /trust, digests, an offer's advice. Each message is read
with the sentences of its reader's language (`said`); the record is counted again by
`tests/e2e/audit_record.py` as it stood when the message went."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from functools import cache
from typing import Any

from bot.domain.models import Lang
from bot.domain.trust.scores import MIN_RATINGS
from bot.texts import CATALOGUES, as_plain
from tests.e2e.audit_record import Record, as_json
from tests.e2e.helpers import from_stored, read_rows
from tests.e2e.thirty_days import Month

# An outbox message and the reminder that wrote it: one person's reminders sent in one sweep
# share its moment, and the sweep takes them by due time then id, so the n-th of them wrote
# the n-th message (a plain join on the moment pairs each with all of them).
SENT_BY_REMINDER = """WITH o AS (SELECT *, ROW_NUMBER() OVER (
    PARTITION BY chat_id, kind, created_at ORDER BY id) AS n FROM outbox),
  r AS (SELECT *, ROW_NUMBER() OVER (
    PARTITION BY user_id, kind, sent_at ORDER BY due_at, id) AS n FROM reminders
    WHERE sent_at IS NOT NULL)
"""

# placeholders of these names are numbers in every sentence the audit reads
_NUMBERS = {
    "count",
    "deals",
    "partners",
    "total",
    "stars",
    "repeat",
    "members",
    "posts",
    "matches",
    "contacts",
    "done",
    "asked",
    "offers",
    "budgets",
}


@cache
def _sentence(lang: Lang, key: str) -> re.Pattern[str]:
    """A catalogue sentence as a pattern: its numbers caught by name, any other
    placeholder as whatever stands there."""
    plain = as_plain(CATALOGUES[lang][key])
    pattern, named = [], set()
    for n, piece in enumerate(re.split(r"\{(\w+)\}", plain)):
        if n % 2 == 0:
            pattern.append(re.escape(piece))
        elif piece in named:  # said again: the same words
            pattern.append(f"(?P={piece})")
        else:
            named.add(piece)
            pattern.append(f"(?P<{piece}>[\\d,]+)" if piece in _NUMBERS else f"(?P<{piece}>.*?)")
    return re.compile("".join(pattern))


def said(lang: Lang, key: str, text: str) -> dict[str, int | str] | None:
    """What the sentence `key` says in `text` (numbers as numbers), or None without it."""
    found = _sentence(lang, key).search(text)
    if found is None:
        return None
    return {
        name: int(value.replace(",", "")) if name in _NUMBERS else value
        for name, value in found.groupdict().items()
    }


def sent(database_url: str, *kinds: str) -> Iterator[tuple[int, str, datetime, Lang, Any]]:
    """(chat, plain text, when, reader's language, buttons) of each message of `kinds`
    the bot sent (a group's language is its circle's)."""
    circles = {
        circle: as_json(settings)["language"]
        for circle, settings in read_rows(database_url, "SELECT id, settings FROM circles")
    }
    marks = ", ".join(f"'{kind}'" for kind in kinds)
    for chat, text, at, buttons, language in read_rows(
        database_url,
        f"""SELECT o.chat_id, o.text, o.created_at, o.buttons, u.language FROM outbox o
            LEFT JOIN users u ON u.id = o.chat_id
            WHERE o.kind IN ({marks}) AND o.telegram_message_id IS NOT NULL ORDER BY o.id""",
    ):
        lang = Lang(language or circles[chat])
        yield chat, as_plain(text), from_stored(at), lang, as_json(buttons)


def _about(database_url: str, buttons: Any) -> int | None:
    """Whose record a message shows: the member of its trust button, or of its complaint."""
    tokens = [token for row in buttons or [] for _label, token in row]
    for token in tokens:
        for action, payload in read_rows(
            database_url, "SELECT action, payload FROM action_tokens WHERE token = :t", t=token
        ):
            payload = as_json(payload)
            if action == "trust.show":
                return int(payload["user"])
            if action == "complaint.start":
                return int(payload["about"])
    return None


def _ratings_differ(
    lang: Lang, text: str, keys: tuple[str, str], record: Record, member: int, at: datetime
) -> str | None:
    """What the words of a record (`keys`: with a score, without) say of its ratings, and
    the record, when they differ: the ratings that count, and the ratings received where
    the sentence states them (none said: none held)."""
    ratings = record.ratings_of(member, at)
    count, received = 0, 0
    for key in keys:
        if (found := said(lang, key, text)) is not None:
            count, more = int(found["count"]), found.get("received")
            total = said(lang, "trust.ratings_received", str(more or ""))
            received = None if more is None else int(total["total"]) if total else count
            break
    if count == ratings.counted and received in (None, ratings.received):
        return None
    return f"ratings said {count}, {received} received; the record {ratings}"


def trust_lines_equal_the_record(database_url: str) -> list[str]:
    """Every trust line under an alert, a contact request or a contact card: its confirmed
    deals with independent partners, "not counted" and ratings that count (and received)."""
    record, found = Record(database_url), []
    kinds = ("match.alert", "match.follow_up", "contact.request", "contact.card")
    for chat, text, at, lang, buttons in sent(database_url, *kinds):
        member = _about(database_url, buttons)
        lines = [line for line in text.splitlines() if line.startswith("🛡")]
        if member is None or len(lines) != 1 or member not in record.joined:
            continue
        line, deals = lines[0], record.deals_of(member, at)
        shown = said(lang, "trust.deals", line)
        says = (int(shown["deals"]), int(shown["partners"])) if shown else (0, 0)
        if says != (deals.counted, len(deals.independent)):
            found.append(f"to {chat} at {at} of {member}: {line!r}, the record {deals}")
        follows = said(lang, "trust.follow_through", line)
        says_follows = (int(follows["done"]), int(follows["asked"])) if follows else (0, 0)
        new = any(
            said(lang, key, line) is not None for key in ("alert.trust_new", "trust.new_verified")
        )
        if not new and says_follows != record.follow_through(member, at):  # a newcomer's
            # line says only that (no deals, none with new accounts, no complaints)
            found.append(f"to {chat} at {at} of {member}: {line!r}, follows up {says_follows}")
        repeat = said(lang, "trust.repeat", line)
        if (int(repeat["count"]) if repeat else 0) != deals.repeat:
            found.append(f"to {chat} at {at} of {member}: {line!r}, the record {deals}")
        uncounted = said(lang, "trust.deals_uncounted", line) is not None
        if uncounted != (deals.counted == 0 and deals.others > 0):
            found.append(f"to {chat} at {at} of {member}: {line!r}, the record {deals}")
        keys = ("trust.rating", "trust.few_ratings")
        if differ := _ratings_differ(lang, line, keys, record, member, at):
            found.append(f"to {chat} at {at} of {member}: {line!r}, {differ}")
    return found


def rating_messages_agree(database_url: str, month: Month) -> list[str]:
    """The thanks says what the record holds: the other side's stars when both rated, and
    the ratings that count on their record then; a revealed rating its stars; /trust at
    the month's end the member's own deals and ratings."""
    record, found = Record(database_url), []
    for chat, text, at, lang, _buttons in sent(database_url, "rating.thanks"):
        mine = [
            (d, ratee) for rater, ratee, d, when in record.given if (rater, when) == (chat, at)
        ]
        if len(mine) != 1:
            found.append(f"thanks to {chat} at {at} for {len(mine)} ratings")
            continue
        deal, ratee = mine[0]
        theirs = record.rating_of(deal, ratee, at)
        both = said(lang, "rating.thanks_both", text)
        if (both is None) != (theirs is None) or (both and both["stars"] != theirs):
            found.append(f"thanks to {chat} for deal {deal}: {text!r}, their stars {theirs}")
        if theirs is not None and ratee not in record.gone:
            keys = ("rating.record_scored", "rating.record_few")
            scored = said(lang, keys[0], text) is not None
            differ = _ratings_differ(lang, text, keys, record, ratee, at)
            if differ or scored != (record.ratings_of(ratee, at).counted >= MIN_RATINGS):
                found.append(f"thanks to {chat}: {text!r}, of {ratee}: {differ}")
    for chat, text, at, lang, _buttons in sent(database_url, "rating.revealed"):
        stars = [s for _d, _r, ratee, s, when in record.ratings if (ratee, when) == (chat, at)]
        shown = said(lang, "rating.revealed", text)
        if shown is None or [shown["stars"]] != stars:
            found.append(f"revealed to {chat} at {at}: {text!r}, the record {stars}")
    for merchant, card, at in month.trust_cards:
        member, lang, text = merchant.handle.id, merchant.lang, card.words
        deals = record.deals_of(member, at)
        shown = said(lang, "trust.card.deals", text)
        says = (
            (int(shown["deals"]), int(shown["partners"]), int(shown["repeat"]))
            if shown
            else (0, 0, 0)
        )
        keys = ("trust.card.rating", "trust.card.few")
        differ = _ratings_differ(lang, text, keys, record, member, at)
        if says != (deals.counted, len(deals.independent), deals.repeat) or differ:
            found.append(f"/trust of {member}: {text[:300]!r}, the record {deals}; {differ}")
    return found
