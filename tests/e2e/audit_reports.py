"""The audit's check of the circles' week's market (issue 36): each report an admin asked
for at the month's end (`Month.close`) says what the record says, counted here by other
means than the bot's: the week's posts, matches, contacts exchanged and confirmed deals
from the tables; each product it lists by the catalogue's names (not the bot's product
words), with its offers' median unit price from the prices the catalogue wrote; and the
needs with no match and no question."""

from __future__ import annotations

import re
import statistics
from datetime import datetime, timedelta

from bot.domain.home import LANGUAGE_CURRENCIES
from bot.domain.models import Lang
from bot.domain.money import DEFAULT_RATES
from tests.e2e.audit_counts import said
from tests.e2e.audit_digests import circle_language
from tests.e2e.helpers import from_stored, read_rows
from tests.e2e.thirty_days import CATALOGUE, Month

WEEK = timedelta(days=7)
# what a price in each of the catalogue's offers is in: 元 is the yuan, in either script,
# since the month's merchants and places are on the mainland (a writer in Taipei, or an
# offer from there, would mean the New Taiwan dollar)
WRITTEN = (
    (re.compile(r"\$(\d+(?:\.\d+)?)/pc"), "USD"),
    (re.compile(r"(\d+(?:\.\d+)?)元/[个個]"), "CNY"),
)
_LINE = re.compile(r"^\d+\. (?P<product>.+?)[:：] ?(?P<posts>\d+) ")
_MONEY = re.compile(r"(\d[\d,]*(?:\.\d+)?)")


def circle_reports_equal_the_record(database_url: str, month: Month) -> list[str]:
    found = []
    for circle, report, at in month.circle_reports:
        lang = Lang(circle_language(database_url, circle))
        first, *lines = report.words.split("\n")
        counted = _figures(database_url, circle, at)
        shown = said(lang, "circle.report", first)
        says = {key: shown[key] for key in counted} if shown else None
        if shown is None and said(lang, "circle.report.quiet", first) is not None:
            says = dict.fromkeys(counted, 0)  # "no posts, matches, contacts or deals"
        if says != counted:
            found.append(f"circle {circle} at {at}: {says}, the record {counted}")
        posts = _posts(database_url, circle, at)
        for line in lines:
            listed = _LINE.match(line)
            if listed is None:
                continue
            goods = _goods_of(listed["product"])
            mine = [(text, kind) for text, kind in posts if goods and _goods_of(text) == goods]
            if int(listed["posts"]) != len(mine):
                found.append(f"circle {circle}: {line!r}, the record {len(mine)} posts")
            prices = [p for text, kind in mine if kind == "offer" and (p := yuan(text))]
            shown_median = _median_shown(line)
            if prices and shown_median is not None:
                rate = DEFAULT_RATES.get(LANGUAGE_CURRENCIES[lang], 1.0)
                expected = statistics.median(prices) / rate
                if abs(shown_median - expected) > max(0.011, expected * 0.01):
                    found.append(f"circle {circle}: {line!r}, the record's median {expected}")
    return found


def _figures(database_url: str, circle: int, at: datetime) -> dict[str, int]:
    since = at - WEEK
    posts = {
        p: made
        for p, c, made in _rows(
            database_url, "SELECT id, circle_id, created_at FROM posts WHERE status != 'draft'"
        )
        if c == circle
    }
    matches = {
        m: (o, n)
        for m, o, n, made in _rows(
            database_url, "SELECT id, offer_id, need_id, created_at FROM matches"
        )
        if {o, n} & set(posts) and since <= from_stored(made) <= at
    }
    in_circle = {
        m
        for m, o, n in _rows(database_url, "SELECT id, offer_id, need_id FROM matches")
        if {o, n} & set(posts)
    }
    contacts = sum(
        1
        for post, match, status, answered in _rows(
            database_url, "SELECT post_id, match_id, status, responded_at FROM contact_requests"
        )
        if status == "accepted"
        and answered is not None
        and since <= from_stored(answered) <= at
        and (post in posts or match in in_circle)
    )
    deals = sum(
        1
        for o, n, s, b in _rows(
            database_url,
            """SELECT offer_id, need_id, seller_confirmed_at, buyer_confirmed_at FROM deals
               WHERE seller_confirmed_at IS NOT NULL AND buyer_confirmed_at IS NOT NULL""",
        )
        if {o, n} & set(posts) and since <= max(from_stored(s), from_stored(b)) <= at
    )
    return {
        "posts": sum(1 for made in posts.values() if since <= from_stored(made) <= at),
        "matches": len(matches),
        "contacts": contacts,
        "deals": deals,
    }


def _posts(database_url: str, circle: int, at: datetime) -> list[tuple[str, str]]:
    """(raw text, kind) of the circle's posts of the week, drafts aside."""
    since = at - WEEK
    return [
        (text, kind)
        for text, kind, c, made in _rows(
            database_url,
            "SELECT raw_text, kind, circle_id, created_at FROM posts WHERE status != 'draft'",
        )
        if c == circle and since <= from_stored(made) <= at
    ]


def _goods_of(text: str) -> str | None:
    lowered = text.lower()
    return next(
        (key for key, g in CATALOGUE.items() if any(n.lower() in lowered for n in g.names)), None
    )


def yuan(text: str, patterns: tuple[tuple[re.Pattern[str], str], ...] = WRITTEN) -> float | None:
    """The first amount one of `patterns` finds in `text`, in yuan."""
    for pattern, currency in patterns:
        if found := pattern.search(text):
            return float(found[1]) * DEFAULT_RATES.get(currency, 1.0)
    return None


def _median_shown(line: str) -> float | None:
    """The median a product line shows: its first amount after the post count."""
    amounts = _MONEY.findall(line.split("·", 1)[1]) if "·" in line else []
    return float(amounts[0].replace(",", "")) if amounts else None


def _rows(database_url: str, sql: str) -> list[tuple]:  # type: ignore[type-arg]
    return read_rows(database_url, sql)
