"""Contact requests and contact cards (double opt-in), in the reader's language."""

from __future__ import annotations

from bot.domain.models import Lang, Post, User
from bot.domain.trust.summary import TrustSummary
from bot.texts import Html, escape, t
from bot.texts.alerts import trust_line
from bot.texts.cards import post_card, post_title

MAX_NUMBERS = 4


def contact_request(
    lang: Lang, about: Post, their_post: Post | None, them: TrustSummary | None
) -> Html:
    """Someone asks the owner of `about` for contact; `their_post` is theirs in the match;
    `them`: the asker's trust record."""
    trust = trust_line(them, lang)
    if their_post is None:
        return t(lang, "contact.incoming_plain", product=post_title(about, lang), trust=trust)
    return t(
        lang,
        "contact.incoming",
        product=post_title(about, lang),
        trust=trust,
        card=post_card(their_post, lang),
    )


def contact_card(of: User, about: Post, lang: Lang, written: tuple[str, ...] = ()) -> Html:
    """What each side receives once both agreed: a link that opens the chat, the username,
    the phone number if that person shared it, and the contacts they wrote in their own
    post (kept private until now)."""
    name = Html(f'<a href="tg://user?id={of.id}">{escape(of.display_name or str(of.id))}</a>')
    username = t(lang, "contact.username", username=of.username) if of.username else ""
    numbers = [of.phone] if of.phone else []
    numbers += [c for c in written if c not in numbers]
    phone = "".join(t(lang, "contact.phone", phone=n) for n in numbers[:MAX_NUMBERS])
    return t(
        lang,
        "contact.card",
        product=post_title(about, lang),
        name=name,
        username=Html(username),
        phone=Html(phone),
    )


def contact_declined(lang: Lang, about: Post) -> Html:
    return t(lang, "contact.declined", product=post_title(about, lang))
