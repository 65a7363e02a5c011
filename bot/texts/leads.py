"""A demand lead (issue 36): a buyer's need no offer reached, sent to a seller who offered
such goods or names them in /profile."""

from __future__ import annotations

from bot.domain.home import Conversion
from bot.domain.models import Lang, Post
from bot.domain.trust.summary import TrustSummary
from bot.texts import Html, t
from bot.texts.alerts import trust_line
from bot.texts.cards import post_card
from bot.texts.user_settings import currency_notice


def lead_text(
    lang: Lang,
    need: Post,
    buyer: TrustSummary | None,
    offered: bool,
    a_day: int,
    *,
    conversion: Conversion,
) -> Html:
    """The need's card and the buyer's trust line, why this seller hears of it (`offered`
    such goods, else their profile names them), and how to stop leads (at most `a_day`)."""
    lines = [
        t(lang, "lead.title"),
        post_card(need, lang, conversion=conversion),
        trust_line(buyer, lang),
        t(lang, "lead.why_offered" if offered else "lead.why_profile"),
        t(lang, "lead.footer", limit=a_day),
    ]
    return Html("\n".join(lines) + currency_notice(conversion, lang))
