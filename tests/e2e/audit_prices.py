"""The 30-day audit's checks of what messages say of prices (issues 35, 36): an offer's
advice, "the median of N similar open offers", and a buyer's alert, "in the lowest quarter
of N comparable offers", N counted again from the record as it stood (others' offers of
the same goods, open then, in the same unit, in the offer's circle or both in the open
market)."""

from __future__ import annotations

from typing import Any

from bot.config import Settings
from bot.domain.advice import MIN_PEERS
from bot.domain.models import Lang
from tests.e2e.audit_counts import as_json, plain_text, said, sent
from tests.e2e.audit_record import moment
from tests.e2e.helpers import read_rows
from tests.e2e.thirty_days import CATALOGUE, Month

POST_TTL = Settings.model_fields["post_ttl"].default  # the audit's bot keeps the default
_PRICE_KEYS = ("advice.price_high", "advice.price_low", "advice.price_mid")


def offer_advice_counts_equal_the_record(database_url: str, month: Month) -> list[str]:
    """An offer's advice: "the median of N similar open offers", N counted again: others'
    offers of the same goods, open then, priced in the same unit, that may meet the same
    buyers (in the offer's circle, or both in the open market: the audit's circles keep to
    themselves); none said below MIN_PEERS. Advice given before someone selling the same
    goods left (/forget took their offers from the record) is not checked."""
    offers = read_rows(
        database_url,
        """SELECT p.id, p.user_id, p.raw_text, p.created_at, p.expires_at, p.price_per_unit,
                  p.circle_id FROM posts p WHERE p.kind = 'offer' AND p.status != 'draft'
                  AND p.price_low IS NOT NULL""",
    )
    advice = read_rows(
        database_url,
        """SELECT o.text, o.created_at, r.post_id, u.language FROM outbox o
           JOIN reminders r ON r.user_id = o.chat_id AND r.kind = o.kind AND r.sent_at = o.created_at
           JOIN users u ON u.id = o.chat_id
           WHERE o.kind = 'post.no_interest' AND o.telegram_message_id IS NOT NULL""",
    )
    by_id = {row[0]: row for row in offers}
    found = []
    for text, at, post, language in advice:
        if post not in by_id:
            continue  # a need's advice, or an offer since deleted (/forget)
        at, lang = moment(at), Lang(language)
        _id, owner, raw, _c, _e, unit, where = by_id[post]
        goods = _goods(raw)
        if goods in month.forgotten_at and at < month.forgotten_at[goods]:
            continue
        peers = sum(
            1
            for other, user, words, made, ends, their_unit, circle in offers
            if user != owner
            and other != post
            and _goods(words) == goods
            and moment(made) <= at < moment(ends)
            and their_unit == unit
            and circle == where
        )
        shown = next((s for key in _PRICE_KEYS if (s := said(lang, key, plain_text(text)))), None)
        if (int(shown["count"]) if shown else 0) != _shown(peers):
            found.append(
                f"advice on offer {post} at {at}: {plain_text(text)[:200]!r}, the record {peers}"
            )
    return found


def _shown(peers: int) -> int:
    """The count a price line states for `peers` similar offers (none below MIN_PEERS)."""
    return peers if peers >= MIN_PEERS else 0


def _goods(raw_text: str) -> str | None:
    lowered = raw_text.lower()
    return next(
        (k for k, g in CATALOGUE.items() if any(n.lower() in lowered for n in g.names)), None
    )


def alert_price_lines_equal_the_record(database_url: str, month: Month) -> list[str]:
    """A buyer's alert (or its follow-up) of an offer says where its price stands among "N
    comparable offers", N counted again as the advice's are, for the alert's offer when it
    went (none said below MIN_PEERS); a post was open from its publishing (its end less
    POST_TTL) to its end."""
    offers = [
        (post, user, words, moment(ends) - POST_TTL, moment(ends), unit, circle)
        for post, user, words, ends, unit, circle in read_rows(
            database_url,
            """SELECT id, user_id, raw_text, expires_at, price_per_unit, circle_id FROM posts
               WHERE kind = 'offer' AND status != 'draft' AND price_low IS NOT NULL""",
        )
    ]
    by_id = {row[0]: row for row in offers}
    found = []
    for chat, text, at, lang, buttons in sent(database_url, "match.alert", "match.follow_up"):
        offer = _offer_of(database_url, buttons)
        if offer not in by_id or by_id[offer][1] == chat:
            continue  # a seller's alert of a need, or an offer since deleted (/forget)
        _id, owner, raw, _from, _to, unit, where = by_id[offer]
        goods = _goods(raw)
        if goods in month.forgotten_at and at < month.forgotten_at[goods]:
            continue
        peers = sum(
            1
            for other, user, words, opened, ends, their_unit, circle in offers
            if user != owner
            and other != offer
            and _goods(words) == goods
            and opened <= at < ends
            and their_unit == unit
            and circle == where
        )
        shown = said(lang, "price.position", text)
        if (int(shown["count"]) if shown else 0) != _shown(peers):
            found.append(f"alert to {chat} at {at} of offer {offer}: {shown}, the record {peers}")
    return found


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
