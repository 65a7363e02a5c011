"""What came of a contact exchange (the outcome question, a claim, its answer), in the
reader's language."""

from __future__ import annotations

from bot.domain.models import Lang, Post, User
from bot.texts import Html, t
from bot.texts.cards import post_title
from bot.texts.people import person_name


def deal_message(lang: Lang, key: str, other: User | None, about: Post | None) -> Html:
    """`key` ("deal.question", "deal.claim", "deal.confirmed_other", "deal.denied_other")
    naming the other side and the product they talked about."""
    name = person_name(other, lang)
    return t(lang, key, name=name, product=post_title(about, lang) if about else "")
