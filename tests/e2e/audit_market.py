"""The 30-day audit's check of the 📊 Market picture's words (issue 36): at the month's end
merchants press 📊 under a post of theirs in /my (`Month._market`); what came says what the
record says, counted here from the catalogue's words rather than the bot's parse: how many
comparable offers and buyers' budgets it shows, and for an offer where its price stands
among the offers, among how many, and their median in the reader's currency.

Comparable, as the audit's other price checks count it (`audit_prices`): others' posts of
the same goods (the catalogue's names), open then (every price the catalogue writes is a
piece's), in the post's circle
or both in the open market (the audit's circles keep to themselves), each member once by
their newest. An offer's price is the one the catalogue wrote in it; a need's budget the
ceiling it names, else the price."""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from datetime import datetime

from bot.domain.advice import MIN_PEERS
from bot.domain.home import LANGUAGE_CURRENCIES
from bot.domain.models import Lang
from bot.domain.money import DEFAULT_RATES
from bot.pictures.market import NEEDED
from bot.texts import plain
from bot.texts.cards import CURRENCY_SYMBOLS
from tests.e2e.audit_counts import said
from tests.e2e.audit_prices import _goods
from tests.e2e.audit_record import POST_TTL
from tests.e2e.audit_reports import WRITTEN, yuan
from tests.e2e.helpers import from_stored, read_rows
from tests.e2e.thirty_days import Month

BUDGETS = (  # the ceilings the catalogue's needs name (or the price, when no ceiling)
    (re.compile(r"[单單][价價](\d+(?:\.\d+)?)元以[内內]"), "CNY"),
    (re.compile(r"under \$(\d+(?:\.\d+)?)"), "USD"),
    (re.compile(r"USD (\d+(?:\.\d+)?)/pc"), "USD"),
)
CLOSED = ("deal", "withdrawn")  # closed by their owners: open until their last change
_SHOWN = re.compile(r"(?P<sign>\D*?)(?P<amount>\d[\d,]*(?:\.\d+)?)")
_BY_SIGN = {sign: currency for currency, sign in CURRENCY_SYMBOLS.items()}


@dataclass(frozen=True)
class Listed:
    id: int
    owner: int
    kind: str
    goods: str | None
    opened: datetime
    ends: datetime
    circle: int | None
    cny: float | None  # its unit price (an offer) or budget (a need), in yuan


def market_pictures_equal_the_record(database_url: str, month: Month) -> list[str]:
    listed, found = _listed(database_url), []
    if not any(
        said(m.lang, "market.caption", shown.words) for m, _, shown, _ in month.market_pictures
    ):
        found.append(f"no market picture among {len(month.market_pictures)} presses of 📊")
    for merchant, post_id, message, at in month.market_pictures:
        lang, words, mine = merchant.lang, message.words, listed.get(post_id)
        if mine is None or mine.cny is None:
            found.append(f"post {post_id}: not a priced post of the catalogue: {mine}")
            continue
        if mine.goods in month.forgotten_at and at < month.forgotten_at[mine.goods]:
            continue  # /forget took a seller's offers from the record since
        offers = _comparable(listed, mine, "offer", at)
        budgets = _comparable(listed, mine, "need", at)
        counted = {"offers": len(offers), "budgets": len(budgets)}
        if len(offers) + len(budgets) < NEEDED:
            shown = said(lang, "market.too_few", words)
            if shown is None or shown["count"] != len(offers) + len(budgets):
                found.append(f"post {post_id} at {at}: {words[:160]!r}, the record {counted}")
            continue
        shown = said(lang, "market.caption", words)
        says = {key: shown[key] for key in counted} if shown else None
        if says != counted:
            found.append(f"post {post_id} at {at}: {says}, the record {counted}")
        if mine.kind == "offer":
            found += _price_line(post_id, lang, words, mine.cny, offers)
    return found


def _price_line(
    post_id: int, lang: Lang, words: str, price: float, offers: list[float]
) -> list[str]:
    """An offer's line: where its price stands, among how many offers, their median."""
    line = said(lang, "price.position", words)
    if len(offers) < MIN_PEERS:
        return [] if line is None else [f"post {post_id}: {line}, the record {len(offers)} offers"]
    if line is None:
        return [f"post {post_id}: no price line in {words[:160]!r}, {len(offers)} offers"]
    problems = []
    if line["count"] != len(offers):
        problems.append(f"post {post_id}: {line['count']} offers, the record {len(offers)}")
    shown = _SHOWN.match(str(line["median"]).strip())
    if shown is None:
        return [*problems, f"post {post_id}: no amount in the median {line['median']!r}"]
    # in the reader's currency: their city's (a place their posts name moves it: an English
    # merchant shipping from Yiwu reads yuan), else their language's; the sign says which
    sign, median = shown["sign"].strip(), float(shown["amount"].replace(",", ""))
    currency = _BY_SIGN.get(sign, sign or LANGUAGE_CURRENCIES[lang])
    expected = statistics.median(offers) / DEFAULT_RATES.get(currency, 1.0)
    if abs(median - expected) > max(0.011, expected * 0.01):
        problems.append(f"post {post_id}: median {line['median']}, the record's {expected:.3f}")
    # prices within a hair of this one may fall either side of it once converted
    near = sum(1 for p in offers if abs(p - price) <= price * 1e-6)
    under = sum(1 for p in offers if p < price and abs(p - price) > price * 1e-6)
    quarters = {min(4, 1 + int((under + n) / len(offers) * 4)) for n in (0, near / 2, near)}
    if line["where"] not in {plain(lang, f"price.quarter.{q}") for q in quarters}:
        problems.append(f"post {post_id}: {line['where']!r}, the record's quarters {quarters}")
    return problems


def _comparable(listed: dict[int, Listed], mine: Listed, kind: str, at: datetime) -> list[float]:
    """The yuan prices (or budgets) of the other members' comparable posts of `kind` open
    at `at`, each member's newest."""
    newest: dict[int, Listed] = {}
    for post in sorted(listed.values(), key=lambda p: (p.opened, p.id)):
        if (
            post.kind == kind
            and post.owner != mine.owner
            and post.goods == mine.goods
            and post.circle == mine.circle
            and post.cny is not None
            and post.opened <= at < post.ends
        ):
            newest[post.owner] = post
    return [post.cny for post in newest.values() if post.cny is not None]


def _listed(database_url: str) -> dict[int, Listed]:
    """Every post on the record, drafts aside, by id, priced from its words."""
    rows = read_rows(
        database_url,
        """SELECT id, user_id, kind, raw_text, expires_at, circle_id, status,
                  updated_at FROM posts WHERE status != 'draft'""",
    )
    return {
        post: Listed(
            post,
            user,
            kind,
            _goods(words),
            from_stored(ends) - POST_TTL,
            from_stored(changed) if status in CLOSED else from_stored(ends),
            circle,
            yuan(words, WRITTEN if kind == "offer" else BUDGETS),
        )
        for post, user, kind, words, ends, circle, status, changed in rows
    }
