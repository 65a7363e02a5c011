"""Texts of reminders about one's posts: the warning before a post ends and the digest."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape

from bot.domain.home import Conversion
from bot.domain.models import Lang, Post, PostKind
from bot.domain.quiet_hours import zone
from bot.texts import Html, t
from bot.texts.cards import post_line, post_title
from bot.texts.user_settings import currency_notice


@dataclass(frozen=True, slots=True)
class Supplier:
    """A trusted supplier for one of the reader's needs: another member's open offer and the
    facts of its owner's record (no name: members stay anonymous until contacts)."""

    need: Post  # the reader's
    offer: Post
    deals: int  # confirmed deals with independent partners
    partners: int  # independent partners


def local_date(at: datetime, timezone: str) -> str:
    return at.astimezone(zone(timezone)).date().isoformat()


def expiry_warning_text(
    lang: Lang,
    post: Post,
    alerts: int,
    received: int,
    timezone: str,
    days: int,
    *,
    sent: int = 0,
) -> Html:
    """`alerts`: matches the owner was alerted to; `received`: contact requests others made
    about the post; `sent`: those its owner made about the posts it was matched with."""
    kind = t(lang, "reminder.kind.offer" if post.kind is PostKind.OFFER else "reminder.kind.need")
    return t(
        lang,
        "reminder.expiry_warning",
        kind=kind,
        product=post_title(post, lang),
        date=local_date(post.expires_at, timezone),
        alerts=alerts,
        received=received,
        sent=sent,
        days=days,
    )


def digest_text(
    lang: Lang,
    fresh: Sequence[Post],
    unanswered: int,
    waiting: int,
    to_rate: int,
    warned: Collection[int] = frozenset(),
    suppliers: Sequence[Supplier] = (),
    bot_username: str = "",
    *,
    conversion: Conversion,
) -> Html:
    """`warned`: the ids of the offers too good to be true, each line with the warning;
    `suppliers`: trusted suppliers for the reader's needs, one line each; `bot_username`:
    each post gets a link that opens it in the chat with the bot (none when unknown);
    `conversion`: others' prices in the reader's currency too."""
    lines = [t(lang, "digest.title")]
    if fresh:
        posts = "\n".join(
            _line(post, lang, n, post.id in warned, conversion)
            + open_line(post, lang, bot_username)
            for n, post in enumerate(fresh, start=1)
        )
        lines.append(t(lang, "digest.new_posts", count=len(fresh), posts=Html(posts)))
    if suppliers:
        found = "\n".join(
            _supplier(supplier, lang, n, conversion)
            + open_line(supplier.offer, lang, bot_username)
            for n, supplier in enumerate(suppliers, start=1)
        )
        lines.append(t(lang, "digest.suppliers", lines=Html(found)))
    if unanswered:
        lines.append(t(lang, "digest.unanswered", count=unanswered))
    if waiting:
        lines.append(t(lang, "digest.waiting", count=waiting))
    if to_rate:
        lines.append(t(lang, "digest.to_rate", count=to_rate))
    if len(lines) == 1:
        lines.append(t(lang, "digest.quiet"))
    lines.append(t(lang, "digest.footer"))
    return Html("\n\n".join(lines) + currency_notice(conversion, lang))


def _line(post: Post, lang: Lang, number: int, too_good: bool, conversion: Conversion) -> str:
    line = post_line(post, lang, number, conversion)
    return f"{line}\n   {t(lang, 'alert.too_good_short')}" if too_good else line


def open_line(post: Post, lang: Lang, bot_username: str) -> str:
    """A line with the link that opens the post in the chat with the bot."""
    if not bot_username or post.id is None:
        return ""
    link = escape(f"https://t.me/{bot_username}?start=p{post.id}")
    label = t(lang, "digest.open_photo" if post.photo else "digest.open")
    return f'\n   👉 <a href="{link}">{label}</a>'


def _supplier(supplier: Supplier, lang: Lang, number: int, conversion: Conversion) -> Html:
    return t(
        lang,
        "digest.supplier",
        product=post_title(supplier.need, lang),
        offer=post_line(supplier.offer, lang, number, conversion),
        deals=supplier.deals,
        partners=supplier.partners,
    )
