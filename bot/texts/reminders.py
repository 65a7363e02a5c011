"""Texts of reminders about one's posts: the warning before a post ends and the digest."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from bot.domain.models import Lang, Post, PostKind
from bot.domain.quiet_hours import zone
from bot.texts import Html, t
from bot.texts.cards import post_line, post_title


def local_date(at: datetime, timezone: str) -> str:
    return at.astimezone(zone(timezone)).date().isoformat()


def expiry_warning_text(
    lang: Lang, post: Post, alerts: int, contacts: int, timezone: str, days: int
) -> Html:
    kind = t(lang, "reminder.kind.offer" if post.kind is PostKind.OFFER else "reminder.kind.need")
    return t(
        lang,
        "reminder.expiry_warning",
        kind=kind,
        product=post_title(post, lang),
        date=local_date(post.expires_at, timezone),
        alerts=alerts,
        contacts=contacts,
        days=days,
    )


def digest_text(
    lang: Lang,
    fresh: Sequence[Post],
    unanswered: int,
    waiting: int,
    to_rate: int,
    warned: Collection[int] = frozenset(),
) -> Html:
    """`warned`: the ids of the offers too good to be true, each line with the warning."""
    lines = [t(lang, "digest.title")]
    if fresh:
        posts = "\n".join(
            _line(post, lang, n, post.id in warned) for n, post in enumerate(fresh, start=1)
        )
        lines.append(t(lang, "digest.new_posts", count=len(fresh), posts=Html(posts)))
    if unanswered:
        lines.append(t(lang, "digest.unanswered", count=unanswered))
    if waiting:
        lines.append(t(lang, "digest.waiting", count=waiting))
    if to_rate:
        lines.append(t(lang, "digest.to_rate", count=to_rate))
    if len(lines) == 1:
        lines.append(t(lang, "digest.quiet"))
    lines.append(t(lang, "digest.footer"))
    return Html("\n\n".join(lines))


def _line(post: Post, lang: Lang, number: int, too_good: bool) -> str:
    line = post_line(post, lang, number)
    return f"{line}\n   {t(lang, 'alert.too_good_short')}" if too_good else line
