"""How one member is named to another."""

from __future__ import annotations

from bot.domain.models import Lang, User
from bot.texts import plain


def person_name(user: User | None, lang: Lang) -> str:
    """Their display name; "deleted user" for someone who used /forget (or a stand-in)."""
    if user is None:
        return "?"
    if user.deleted_at is not None:
        return plain(lang, "user.deleted")
    return user.display_name or str(user.id)
