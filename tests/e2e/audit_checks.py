"""What the 30-day audit checks in every message the bot sent and in the record (issue 35).
Each check returns the violations it found, as sentences a failing test prints."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from opencc import OpenCC

from bot.domain.models import Lang
from bot.fake_telegram import FakeTelegram
from bot.fake_telegram.models import StoredMessage
from bot.texts import t
from tests.e2e import audit_counts, audit_digests, audit_market, audit_prices, audit_reports
from tests.e2e.audit_counts import SENT_BY_REMINDER
from tests.e2e.helpers import read_rows
from tests.e2e.thirty_days import CATALOGUE, LANGS, Month

_TO_TRADITIONAL, _TO_SIMPLIFIED = OpenCC("s2t"), OpenCC("t2s")
# the original beside its translation, and a word kept as written, marked as the original
_BESIDE = re.compile(r"[(（][^()（）]*[)）]|“[^“”]*”")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_QUOTED = re.compile(r"<code>.*?</code>|<a [^>]*>.*?</a>|https?://\S+|@\w+", re.S)
NUDGES = ("match.follow_up", "contact.follow_up", "contact.unanswered")


def bot_messages(fake: FakeTelegram) -> dict[int, list[StoredMessage]]:
    """Every message the bot sent, by chat."""
    return {
        chat: [m for m in messages if m.from_bot] for chat, messages in fake.state.messages.items()
    }


def valid_for_telegram(fake: FakeTelegram) -> list[str]:
    refused = [f"{r.method} refused: {r.response}" for r in fake.requests() if r.status == 400]
    too_long = [
        f"message {m.message_id} in {chat}: {len(m.words)} characters"
        for chat, messages in bot_messages(fake).items()
        for m in messages
        if len(m.words) > (1024 if m.photo else 4096)
    ]
    return refused + too_long


def in_the_reader_s_script(fake: FakeTelegram, month: Month) -> list[str]:
    """A reader sees another script only as the original beside a translation: a zh-Hant
    reader no simplified-only character, a zh-Hans reader no traditional-only one, an
    English reader no Chinese, outside the brackets that hold the original."""
    found = []
    for merchant in month.merchants:
        for message in bot_messages(fake).get(merchant.handle.id, []):
            shown = _BESIDE.sub("", _QUOTED.sub("", message.html or message.words))
            wrong = _other_script(shown, merchant.lang)
            if wrong:
                found.append(
                    f"{merchant.code} reader {merchant.handle.id} sees {wrong!r} in {shown[:160]!r}"
                )
    return found


def _other_script(text: str, lang: Lang) -> str:
    if lang is Lang.EN:
        return "".join(_HAN.findall(text))
    convert = _TO_TRADITIONAL if lang is Lang.ZH_HANT else _TO_SIMPLIFIED
    return "".join(c for c in text if _HAN.match(c) and convert.convert(c) != c)


def no_nudge_after_an_exchange(database_url: str) -> list[str]:
    """No "still interested? they are waiting" once the two exchanged contacts."""
    rows = read_rows(
        database_url,
        """SELECT r.id, r.kind, r.user_id, r.sent_at, o.user_id, n.user_id FROM reminders r
           JOIN matches m ON m.id = r.match_id JOIN posts o ON o.id = m.offer_id
           JOIN posts n ON n.id = m.need_id
           WHERE r.sent_at IS NOT NULL AND r.kind IN ('match.follow_up', 'contact.follow_up',
           'contact.unanswered')""",
    )
    exchanged = _exchanges(database_url)
    found = []
    for reminder, kind, user, sent, seller, buyer in rows:
        other = buyer if user == seller else seller
        when = exchanged.get((user, other))
        if when is not None and when <= sent:
            found.append(f"{kind} {reminder} to {user} about {other}, in touch since {when}")
    return found


def _exchanges(database_url: str) -> dict[tuple[int, int], Any]:
    first: dict[tuple[int, int], Any] = {}
    for user, other, at in read_rows(
        database_url,
        "SELECT user_id, counterpart_id, at FROM trust_events WHERE kind = 'contact.exchanged'",
    ):
        for pair in ((user, other), (other, user)):
            first[pair] = min(first.get(pair, at), at)
    return first


def no_second_request_after_an_exchange(database_url: str) -> list[str]:
    exchanged = _exchanges(database_url)
    return [
        f"request {request} from {asker} to {owner} at {at}, in touch since {since}"
        for request, asker, owner, at in read_rows(
            database_url,
            "SELECT id, from_user_id, to_user_id, created_at FROM contact_requests",
        )
        if (since := exchanged.get((asker, owner))) is not None and since < at
    ]


def no_twin_alerts(database_url: str) -> list[str]:
    """No reader alerted twice to one counterpart's posts of the same product."""
    found = []
    for side, mine, theirs in (("need", "need_id", "offer_id"), ("offer", "offer_id", "need_id")):
        for post, other_user, product, count in read_rows(
            database_url,
            f"""SELECT m.{mine}, p.user_id, p.product, COUNT(*) FROM matches m
                JOIN posts p ON p.id = m.{theirs} WHERE m.{side}_alerted
                GROUP BY m.{mine}, p.user_id, p.product HAVING COUNT(*) > 1""",
        ):
            found.append(f"{side} {post} alerted {count}x to {other_user}'s {product}")
    return found


def nobody_got_in_touch_only_when_true(database_url: str) -> list[str]:
    """Advice for a post "nobody asked about" never after someone asked."""
    return [
        f"advice for post {post} at {sent}, asked at {asked}"
        for post, sent, asked in read_rows(
            database_url,
            """SELECT r.post_id, r.sent_at, MIN(c.created_at) FROM reminders r
               JOIN contact_requests c ON c.post_id = r.post_id
                 OR c.match_id IN (SELECT id FROM matches WHERE offer_id = r.post_id
                                   OR need_id = r.post_id)
               WHERE r.kind = 'post.no_interest' AND r.sent_at IS NOT NULL
               GROUP BY r.id, r.post_id, r.sent_at HAVING MIN(c.created_at) < r.sent_at""",
        )
    ]


def advice_names_only_its_product(fake: FakeTelegram, database_url: str) -> list[str]:
    """Advice never names another product of the market."""
    sent = read_rows(
        database_url,
        SENT_BY_REMINDER
        + """SELECT o.telegram_message_id, o.chat_id, r.post_id
           FROM o JOIN r ON r.user_id = o.chat_id AND r.kind = o.kind
             AND r.sent_at = o.created_at AND r.n = o.n
           WHERE o.kind = 'post.no_interest' AND o.telegram_message_id IS NOT NULL""",
    )
    products = dict(read_rows(database_url, "SELECT id, raw_text FROM posts"))
    messages = bot_messages(fake)
    found = []
    for message_id, chat, post in sent:
        text = next((m.words for m in messages.get(chat, []) if m.message_id == message_id), "")
        own = next(
            (k for k, g in CATALOGUE.items() if any(n in products.get(post, "") for n in g.names)),
            None,
        )
        for key, goods in CATALOGUE.items():
            named = [n for n in goods.names if key != own and n.lower() in text.lower()]
            if named:
                found.append(f"advice on post {post} ({own}) names {named}")
    return found


def expiry_counts_equal_the_record(fake: FakeTelegram, database_url: str) -> list[str]:
    """The expiry warning's "matches alerted · requests received, sent", counted again from
    the record as it stood when the warning went."""
    warnings = read_rows(
        database_url,
        SENT_BY_REMINDER
        + """SELECT o.telegram_message_id, o.chat_id, o.created_at, r.post_id
           FROM o JOIN r ON r.user_id = o.chat_id AND r.kind = o.kind
             AND r.sent_at = o.created_at AND r.n = o.n
           WHERE o.kind = 'post.expiry_warning' AND o.telegram_message_id IS NOT NULL""",
    )
    messages = bot_messages(fake)
    found = []
    for message_id, chat, at, post in warnings:
        shown = [m for m in messages.get(chat, []) if m.message_id == message_id]
        if not shown or shown[0].edit_date is not None:  # Renew or Withdraw replaced it
            continue
        text = shown[0].words
        said = [int(n) for n in re.findall(r"\d+", text.splitlines()[1])] if "\n" in text else []
        counted = _post_counts(database_url, post, at)
        if said != list(counted):
            found.append(
                f"expiry warning of post {post} says {said} ({text!r}), the record {counted}"
            )
    return found


def _post_counts(database_url: str, post: int, at: Any) -> tuple[int, int, int]:
    (offer,) = read_rows(database_url, "SELECT kind = 'offer' FROM posts WHERE id = :p", p=post)[0]
    side = "offer" if offer else "need"
    ((alerts,),) = read_rows(
        database_url,
        f"SELECT COUNT(*) FROM matches WHERE {side}_id = :p AND {side}_alerted AND created_at <= :at",
        p=post,
        at=at,
    )
    ((received,),) = read_rows(
        database_url,
        "SELECT COUNT(*) FROM contact_requests WHERE post_id = :p AND created_at <= :at",
        p=post,
        at=at,
    )
    ((sent,),) = read_rows(
        database_url,
        f"""SELECT COUNT(*) FROM contact_requests c JOIN matches m ON m.id = c.match_id
            JOIN posts p ON p.id = :p
            WHERE m.{side}_id = :p AND c.from_user_id = p.user_id AND c.created_at <= :at""",
        p=post,
        at=at,
    )
    return int(alerts), int(received), int(sent)


_TOLD_SUPPLIERS = re.compile(r"in \d+ days: (\d+)\.|已[为為]你提醒 (\d+) 家")
_NO_SUPPLIER = ("No supplier has been in touch", "还没有供应商", "還沒有供應商")


def need_advice_counts_equal_the_record(fake: FakeTelegram, database_url: str) -> list[str]:
    """A need's advice says how many suppliers it was alerted to, or that none was in
    touch, as the record stood when it went."""
    sent = read_rows(
        database_url,
        SENT_BY_REMINDER
        + """SELECT o.telegram_message_id, o.chat_id, o.created_at, r.post_id
           FROM o JOIN r ON r.user_id = o.chat_id AND r.kind = o.kind
             AND r.sent_at = o.created_at AND r.n = o.n
           JOIN posts p ON p.id = r.post_id AND p.kind = 'need'
           WHERE o.kind = 'post.no_interest' AND o.telegram_message_id IS NOT NULL""",
    )
    messages = bot_messages(fake)
    found = []
    for message_id, chat, at, post in sent:
        text = next((m.words for m in messages.get(chat, []) if m.message_id == message_id), "")
        head = text.splitlines()[0] if text else ""
        told = _TOLD_SUPPLIERS.search(head)
        said = (
            int(told.group(1) or told.group(2))
            if told
            else 0
            if any(n in head for n in _NO_SUPPLIER)
            else None
        )
        ((alerted,),) = read_rows(
            database_url,
            "SELECT COUNT(*) FROM matches WHERE need_id = :p AND need_alerted AND created_at <= :at",
            p=post,
            at=at,
        )
        if said != int(alerted):
            found.append(
                f"advice on need {post} says {said} suppliers, the record {alerted}: {head!r}"
            )
    return found


def group_notices_in_each_language(fake: FakeTelegram, month: Month) -> list[str]:
    found = []
    for group, members in month.circles:
        greeting = next((m for m in group.bot_messages() if m.text and "t.me/" in m.text), None)
        spoken = {merchant.lang for merchant in members}
        for lang in spoken:
            head = t(lang, "circle.greeting", title=group.chat.title or "", link="")[:8]
            if greeting is None or head not in (greeting.html or greeting.words):
                found.append(f"{group.chat.title}: no greeting in {lang.value}")
    return found


def ratings_agree(database_url: str) -> list[str]:
    """One rating a deal and rater, and one thanks for it."""
    found = [
        f"deal {deal} rated {count}x by {rater}"
        for deal, rater, count in read_rows(
            database_url,
            "SELECT deal_id, rater_id, COUNT(*) FROM ratings GROUP BY deal_id, rater_id HAVING COUNT(*) > 1",
        )
    ]
    thanks = defaultdict(int)
    for (chat,) in read_rows(
        database_url, "SELECT chat_id FROM outbox WHERE kind = 'rating.thanks'"
    ):
        thanks[chat] += 1
    for rater, rated in read_rows(  # the record keeps each rating given, even of a
        database_url,  # partner who since had their data deleted (/forget)
        "SELECT user_id, COUNT(*) FROM trust_events WHERE kind = 'rating.given' GROUP BY user_id",
    ):
        if thanks[rater] > rated:
            found.append(f"{rater} thanked {thanks[rater]}x for {rated} ratings")
    return found


ALL = {
    "valid for Telegram": lambda fake, db, month: valid_for_telegram(fake),
    "the reader's script": lambda fake, db, month: in_the_reader_s_script(fake, month),
    "no nudge after an exchange": lambda fake, db, month: no_nudge_after_an_exchange(db),
    "no second request": lambda fake, db, month: no_second_request_after_an_exchange(db),
    "no twin alerts": lambda fake, db, month: no_twin_alerts(db),
    "nobody got in touch": lambda fake, db, month: nobody_got_in_touch_only_when_true(db),
    "advice on its product": lambda fake, db, month: advice_names_only_its_product(fake, db),
    "group notices": lambda fake, db, month: group_notices_in_each_language(fake, month),
    "expiry counts": lambda fake, db, month: expiry_counts_equal_the_record(fake, db),
    "need advice counts": lambda fake, db, month: need_advice_counts_equal_the_record(fake, db),
    "ratings agree": lambda fake, db, month: ratings_agree(db),
    "trust lines": lambda fake, db, month: audit_counts.trust_lines_equal_the_record(db),
    "rating messages": lambda fake, db, month: audit_counts.rating_messages_agree(db, month),
    "digest counts": lambda fake, db, month: audit_digests.digest_counts_equal_the_record(
        db, month
    ),
    "circle weeks": lambda fake, db, month: audit_digests.circle_weeks_equal_the_record(db, month),
    "circle reports": lambda fake, db, month: audit_reports.circle_reports_equal_the_record(
        db, month
    ),
    "alert price lines": lambda fake, db, month: audit_prices.alert_price_lines_equal_the_record(
        db, month
    ),
    "offer advice counts": lambda fake, db, month: (
        audit_prices.offer_advice_counts_equal_the_record(db, month)
    ),
    "market pictures": lambda fake, db, month: audit_market.market_pictures_equal_the_record(
        db, month
    ),
}
__all__ = ["ALL", "LANGS"]


ACTIVITY = {  # what a month must have had for the checks above to mean something
    "posts": "SELECT COUNT(*) FROM posts WHERE status != 'draft'",
    "photo posts": "SELECT COUNT(*) FROM posts WHERE photo IS NOT NULL",
    "circle posts": "SELECT COUNT(*) FROM posts WHERE circle_id IS NOT NULL",
    "alerts": "SELECT COUNT(*) FROM outbox WHERE kind = 'match.alert'",
    "contact requests": "SELECT COUNT(*) FROM contact_requests",
    "exchanges": "SELECT COUNT(*) FROM trust_events WHERE kind = 'contact.exchanged'",
    "confirmed deals": "SELECT COUNT(*) FROM deals WHERE seller_confirmed_at IS NOT NULL "
    "AND buyer_confirmed_at IS NOT NULL",
    "ratings": "SELECT COUNT(*) FROM ratings",
    "nudges": "SELECT COUNT(*) FROM reminders WHERE sent_at IS NOT NULL AND kind IN "
    "('match.follow_up', 'contact.follow_up', 'deal.outcome')",
    "expiry warnings": "SELECT COUNT(*) FROM outbox WHERE kind = 'post.expiry_warning'",
    "advice": "SELECT COUNT(*) FROM outbox WHERE kind = 'post.no_interest'",
    "weekly digests": "SELECT COUNT(*) FROM outbox WHERE kind = 'digest.weekly'",
    "circle digests": "SELECT COUNT(*) FROM outbox WHERE kind = 'circle.digest'",
    "alert price lines": "SELECT COUNT(*) FROM outbox WHERE kind = 'match.alert' AND (text "
    "LIKE '%comparable offers%' OR text LIKE '%同类在售报价%' OR text LIKE '%同類在售報價%')",
    "counted deals": "SELECT COUNT(*) FROM outbox WHERE kind IN ('match.alert', "
    "'contact.request', 'contact.card') AND (text LIKE '%independent partners%' "
    "OR text LIKE '%独立合作方%' OR text LIKE '%獨立合作方%')",
}


def activity(database_url: str) -> dict[str, int]:
    return {name: int(read_rows(database_url, sql)[0][0]) for name, sql in ACTIVITY.items()}
