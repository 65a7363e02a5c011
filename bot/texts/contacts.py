"""Contact requests and contact cards (double opt-in), in the reader's language."""

from __future__ import annotations

from bot.domain.models import Lang, Post, User
from bot.domain.trust.summary import TrustSummary
from bot.texts import Html, escape, t
from bot.texts.alerts import trust_line
from bot.texts.cards import post_card, post_title

MAX_NUMBERS = 4


def contact_request(
    lang: Lang,
    about: Post,
    their_post: Post | None,
    them: TrustSummary | None,
    *,
    too_good: bool = False,
) -> Html:
    """Someone asks the owner of `about` for contact; `their_post` is theirs in the match;
    `them`: the asker's trust record; `too_good`: their post is an offer too good to be
    true, and its card carries the warning."""
    trust = trust_line(them, lang)
    if their_post is None:
        return t(lang, "contact.incoming_plain", product=post_title(about, lang), trust=trust)
    card = post_card(their_post, lang)
    if too_good:
        card = Html(f"{card}\n{t(lang, 'alert.too_good')}")
    return t(lang, "contact.incoming", product=post_title(about, lang), trust=trust, card=card)


def contact_card(
    of: User, about: Post, lang: Lang, written: tuple[str, ...] = (), *, too_good: bool = False
) -> Html:
    """What each side receives once both agreed: a link that opens the chat, the username,
    the phone number if that person shared it, and the contacts they wrote in their own
    post (kept private until now). `too_good`: the buyer's card of an offer too good to be
    true ends with the warning."""
    name = Html(f'<a href="tg://user?id={of.id}">{escape(of.display_name or str(of.id))}</a>')
    username = t(lang, "contact.username", username=of.username) if of.username else ""
    numbers = [of.phone] if of.phone else []
    numbers += [c for c in written if c not in numbers]
    phone = "".join(t(lang, "contact.phone", phone=n) for n in numbers[:MAX_NUMBERS])
    card = t(
        lang,
        "contact.card",
        product=post_title(about, lang),
        name=name,
        username=Html(username),
        phone=Html(phone),
    )
    return Html(f"{card}\n{t(lang, 'alert.too_good')}") if too_good else card


def contact_declined(lang: Lang, about: Post) -> Html:
    return t(lang, "contact.declined", product=post_title(about, lang))
