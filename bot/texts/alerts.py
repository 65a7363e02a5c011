"""Match alerts: the counterpart's post as a card, a trust line and the reasons."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.models import Lang, Post, PostKind, User
from bot.texts import Html, t
from bot.texts.cards import post_card
from bot.texts.reasons import render_reasons


def trust_line(user: User | None, lang: Lang) -> Html:
    """Until trust records exist (a later feature) every member is shown as new."""
    return t(lang, "alert.trust_new")


def match_alert(
    lang: Lang, their_post: Post, them: User | None, reasons: Sequence[dict[str, object]]
) -> Html:
    """What one side of a new match reads: a buyer hears of an offer, a seller of a need.
    No identity details are shown before both sides agree."""
    title = "alert.offer_for_you" if their_post.kind is PostKind.OFFER else "alert.need_for_you"
    return Html(
        "\n".join(
            [
                t(lang, title),
                post_card(their_post, lang),
                trust_line(them, lang),
                t(lang, "alert.why", reasons=render_reasons(reasons, lang)),
            ]
        )
    )
