"""The 30-day audit's checks of what messages say of prices (issues 35, 36): an offer's
advice, "the median of N similar open offers", and a buyer's alert, "in the lowest quarter
of N comparable offers", N counted again from the record as it stood: others' offers of the
same goods, open then (from their publishing, their end less POST_TTL, to their end), in
the same unit, in the offer's circle or both in the open market (the audit's circles keep
to themselves), each seller once; none said below MIN_PEERS. A message given before someone selling the same
goods left is not checked: /forget took their offers from the record."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.domain.advice import MIN_PEERS
from bot.domain.models import Lang
from bot.texts import as_plain
from tests.e2e.audit_counts import SENT_BY_REMINDER, said, sent
from tests.e2e.audit_record import POST_TTL, as_json
from tests.e2e.helpers import from_stored, read_rows
from tests.e2e.thirty_days import CATALOGUE, Month

_PRICE_KEYS = ("advice.price_high", "advice.price_low", "advice.price_mid")
Offer = tuple[int, int, str | None, datetime, datetime, str | None, int | None]


def offer_advice_counts_equal_the_record(database_url: str, month: Month) -> list[str]:
    """An offer's advice: "the median of N similar open offers"."""
    offers = _offers(database_url)
    advice = read_rows(
        database_url,
        SENT_BY_REMINDER
        + """SELECT o.text, o.created_at, r.post_id, u.language
           FROM o JOIN r ON r.user_id = o.chat_id AND r.kind = o.kind
             AND r.sent_at = o.created_at AND r.n = o.n
           JOIN users u ON u.id = o.chat_id
           WHERE o.kind = 'post.no_interest' AND o.telegram_message_id IS NOT NULL""",
    )
    found = []
    for text, at, post, language in advice:
        peers = _peers(offers, offers.get(post), from_stored(at), month)  # none for a need's
        if peers is None:
            continue
        words = as_plain(text)
        shown = next((s for key in _PRICE_KEYS if (s := said(Lang(language), key, words))), None)
        if (int(shown["count"]) if shown else 0) != _shown(peers):
            found.append(f"advice on offer {post} at {at}: {words[:200]!r}, the record {peers}")
    return found


def alert_price_lines_equal_the_record(database_url: str, month: Month) -> list[str]:
    """A buyer's alert (or its follow-up) of an offer: "in the lowest quarter of N
    comparable offers"."""
    offers, found = _offers(database_url), []
    for chat, text, at, lang, buttons in sent(database_url, "match.alert", "match.follow_up"):
        offer = offers.get(_offer_of(database_url, buttons) or 0)
        if offer is None or offer[1] == chat:
            continue  # a seller's alert of a need
        peers = _peers(offers, offer, at, month)
        if peers is None:
            continue
        shown = said(lang, "price.position", text)
        if (int(shown["count"]) if shown else 0) != _shown(peers):
            found.append(
                f"alert to {chat} at {at} of offer {offer[0]}: {shown}, the record {peers}"
            )
    return found


def _offers(database_url: str) -> dict[int, Offer]:
    """Every priced offer on the record, by id: owner, words, open from and to, unit, circle."""
    rows = read_rows(
        database_url,
        """SELECT id, user_id, raw_text, expires_at, price_per_unit, circle_id FROM posts
           WHERE kind = 'offer' AND status != 'draft' AND price_low IS NOT NULL""",
    )
    return {
        post: (
            post,
            user,
            _goods(words),
            from_stored(ends) - POST_TTL,
            from_stored(ends),
            unit,
            circle,
        )
        for post, user, words, ends, unit, circle in rows
    }


def _peers(
    offers: dict[int, Offer], offer: Offer | None, at: datetime, month: Month
) -> int | None:
    """How many offers were comparable to `offer` at `at`; None when the record cannot say
    (no such offer, or one selling the same goods has left since)."""
    if offer is None:
        return None
    post, owner, goods, _opened, _ends, unit, where = offer
    if goods in month.forgotten_at and at < month.forgotten_at[goods]:
        return None
    return len(
        {
            user  # each seller once
            for other, user, their_goods, opened, ends, their_unit, circle in offers.values()
            if user != owner
            and other != post
            and their_goods == goods
            and opened <= at < ends
            and their_unit == unit
            and circle == where
        }
    )


def _shown(peers: int) -> int:
    """The count a price line states for `peers` similar offers (none below MIN_PEERS)."""
    return peers if peers >= MIN_PEERS else 0


def _goods(raw_text: str) -> str | None:
    lowered = raw_text.lower()
    return next(
        (k for k, g in CATALOGUE.items() if any(n.lower() in lowered for n in g.names)), None
    )


def _offer_of(database_url: str, buttons: Any) -> int | None:
    """The offer of the match an alert's Contact button is about."""
    for token in [token for row in buttons or [] for _label, token in row]:
        for action, payload in read_rows(
            database_url, "SELECT action, payload FROM action_tokens WHERE token = :t", t=token
        ):
            if action == "match.contact":
                rows = read_rows(
                    database_url,
                    "SELECT offer_id FROM matches WHERE id = :m",
                    m=int(as_json(payload)["match"]),
                )
                return int(rows[0][0]) if rows else None
    return None
