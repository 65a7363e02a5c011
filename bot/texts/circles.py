"""Texts of trade circles built from several parts: the /circle settings card."""

from __future__ import annotations

from bot.domain.models import Circle, CircleStats
from bot.texts import Html, t


def circle_settings_text(circle: Circle, stats: CircleStats) -> Html:
    lang = circle.language
    scope = t(lang, "circle.scope_open" if circle.open_to_market else "circle.scope_closed")
    digest = (
        t(lang, "circle.digest_at", hour=f"{circle.digest_hour:02d}:00")
        if circle.digest_hour is not None
        else t(lang, "circle.digest_off")
    )
    return t(
        lang,
        "circle.settings",
        title=circle.title,
        scope=scope,
        digest=digest,
        limit=circle.posts_per_day,
        members=stats.members,
        posts=stats.posts,
        matches=stats.matches,
        deals=stats.deals,
    )
