"""Texts of trade circles built from several parts: the /circle settings card."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.models import Circle, CircleStats, Lang, Post, PostKind
from bot.texts import Html, escape, t
from bot.texts.cards import post_title, price, quantity

MAX_HTML = 4000  # under Telegram's 4,096 characters even before entities are taken out
MAX_LINES = 30  # a digest a member reads on a phone


def in_each(langs: Sequence[Lang], key: str, /, **values: object) -> Html:
    """One notice for a whole group: a block per language, in the order given, as many as
    fit in one message (the first always)."""
    text = ""
    for lang in langs:
        more = f"{text}\n\n{t(lang, key, **values)}" if text else str(t(lang, key, **values))
        if text and len(more) > MAX_HTML:
            break
        text = more
    return Html(text)


def circle_settings_text(circle: Circle, stats: CircleStats) -> Html:
    lang = circle.language
    scope = t(lang, "circle.scope_open" if circle.open_to_market else "circle.scope_closed")
    digest = (
        t(lang, "circle.digest_at", hour=f"{circle.digest_hour:02d}:00", zone=circle.timezone)
        if circle.digest_hour is not None
        else t(lang, "circle.digest_off")
    )
    weekly = t(lang, "circle.weekly_group" if circle.weekly_report else "circle.weekly_admins")
    return t(
        lang,
        "circle.settings",
        title=circle.title,
        scope=scope,
        digest=digest,
        weekly=weekly,
        limit=circle.posts_per_day,
        members=stats.members,
        posts=stats.posts,
        matches=stats.matches,
        deals=stats.deals,
    )


def circle_digest(circle: Circle, posts: Sequence[Post], bot_username: str) -> Html:
    """The day's new posts, one line each with a link that opens it privately; as many as
    fit in one message, then how many more."""
    lang = circle.language
    head = str(t(lang, "circle.digest_title", title=circle.title, count=len(posts)))
    lines: list[str] = []
    for n, post in enumerate(posts):
        line = _digest_line(post, circle, bot_username)
        more = str(t(lang, "circle.digest_more", count=len(posts) - n))
        too_long = len(head) + sum(len(x) + 1 for x in lines) + len(line) + len(more) + 2
        if n >= MAX_LINES or too_long > MAX_HTML:
            lines.append(more)
            break
        lines.append(line)
    return Html("\n".join([head, *lines]))


def _digest_line(post: Post, circle: Circle, bot_username: str) -> str:
    lang = circle.language
    kind = "🟢" if post.kind is PostKind.OFFER else "🔵"
    kind += "📷" if post.photo else ""  # the link opens it with its photo
    link = f"https://t.me/{bot_username}?start=p{post.id}"
    parts = [f'{kind} <a href="{link}">{escape(post_title(post, lang)[:60])}</a>']
    if post.parsed.price:
        parts.append(escape(price(post.parsed.price, lang)))
    amount = post.parsed.quantity or post.parsed.moq
    if amount is not None:
        parts.append(escape(quantity(amount, lang)))
    return " · ".join(parts)
