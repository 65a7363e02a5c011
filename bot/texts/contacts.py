"""Contact requests and contact cards (double opt-in), in the reader's language."""

from __future__ import annotations

import unicodedata

from bot.domain.home import Conversion
from bot.domain.models import CompanyProfile, Lang, Post, User
from bot.domain.pinyin import in_pinyin
from bot.domain.text import to_simplified
from bot.domain.trust.summary import TrustSummary
from bot.texts import Html, escape, t
from bot.texts.alerts import trust_line
from bot.texts.cards import MAX_FIELD, post_card, post_title
from bot.texts.translation import in_script, place_name
from bot.texts.user_settings import currency_notice

MAX_NUMBERS = 4
MAX_WRITTEN = 60  # characters of a name, company or region as written
MAX_READING = 80  # characters of its pinyin beside it


def contact_request(
    lang: Lang,
    about: Post,
    their_post: Post | None,
    them: TrustSummary | None,
    *,
    conversion: Conversion,
    too_good: bool = False,
) -> Html:
    """Someone asks the owner of `about` for contact; `their_post` is theirs in the match,
    its price in the owner's currency too (`conversion`); `them`: the asker's trust record;
    `too_good`: their post is an offer too good to be true, and its card carries the
    warning."""
    trust = trust_line(them, lang)
    if their_post is None:
        return t(lang, "contact.incoming_plain", product=post_title(about, lang), trust=trust)
    card = post_card(their_post, lang, conversion=conversion)
    if too_good:
        card = Html(f"{card}\n{t(lang, 'alert.too_good')}")
    asked = t(lang, "contact.incoming", product=post_title(about, lang), trust=trust, card=card)
    return Html(asked + currency_notice(conversion, lang))


def contact_card(
    of: User,
    about: Post,
    lang: Lang,
    written: tuple[str, ...] = (),
    *,
    profile: CompanyProfile | None = None,
    record: TrustSummary | None = None,
    too_good: bool = False,
) -> Html:
    """What each side receives once both agreed: a link that opens the chat, the username,
    the company and region of their `profile` (marked as their own words), the phone number
    if that person shared it, the contacts they wrote in their own post (kept private until
    now) and the trust line of their `record`. An English reader gets Chinese names beside
    in pinyin; a Chinese reader gets company and region in their script when their writer
    reads the other. Each field is one line and cut short. `too_good`: the buyer's card of
    an offer too good to be true ends with the warning."""
    name = escape(_with_pinyin(of.display_name or str(of.id), lang, person=True))
    username = t(lang, "contact.username", username=of.username) if of.username else ""
    numbers = [of.phone] if of.phone else []
    numbers += [c for c in written if c not in numbers]
    phone = "".join(t(lang, "contact.phone", phone=n) for n in numbers[:MAX_NUMBERS])
    card = t(
        lang,
        "contact.card",
        product=_one_line(post_title(about, lang), MAX_FIELD),
        name=Html(f'<a href="tg://user?id={of.id}">{name}</a>'),
        username=Html(username),
        profile=_profile_line(profile, lang, of.language),
        phone=Html(phone),
        trust=trust_line(record, lang),
    )
    return Html(f"{card}\n{t(lang, 'alert.too_good')}") if too_good else card


def _profile_line(profile: CompanyProfile | None, lang: Lang, writer: Lang) -> Html:
    """ "🏢 company · 📍 region" as they gave them, or nothing when neither is set."""
    details = []
    company = _one_line(profile.company_name, MAX_WRITTEN) if profile else ""
    region = _one_line(profile.region, MAX_WRITTEN) if profile else ""
    if company:
        details.append(t(lang, "contact.company", company=_for_reader(company, lang, writer)))
    if region:
        shown = _for_reader(region, lang, writer, place=True)
        details.append(t(lang, "contact.region", region=shown))
    return t(lang, "contact.profile", details=Html(" · ".join(details))) if details else Html("")


def _for_reader(text: str, lang: Lang, writer: Lang, *, place: bool = False) -> str:
    """A company or region for a reader of `lang`: for an English one a place it knows in
    English ("Yiwu (义乌)"), other Chinese with its pinyin beside; for a Chinese one in their
    script with the original beside, unless the `writer` reads that script too or wrote
    traditional characters for a reader of them (a name stays 台灣, not Taiwan's 臺灣)."""
    if lang is Lang.EN:
        known = place_name(text, lang) if place else text
        return known if known != text else _with_pinyin(text, lang)
    if writer is lang or (lang is Lang.ZH_HANT and to_simplified(text) != text):
        return text
    return place_name(text, lang) if place else in_script(text, lang)


def _with_pinyin(text: str, lang: Lang, *, person: bool = False) -> str:
    """`text` on one line, cut short, and for an English reader its Chinese in pinyin
    beside it: "王丽 (Wang Li)"."""
    written = _one_line(text, MAX_WRITTEN)
    reading = in_pinyin(written, person=person) if lang is Lang.EN else written
    return written if reading == written else f"{written} ({_one_line(reading, MAX_READING)})"


def _one_line(text: str, limit: int) -> str:
    """`text` without line breaks, control or format characters (a name or company cannot
    draw lines of its own, nor turn the card's text around), cut to `limit` characters."""
    words = " ".join(text.split())  # line breaks (control characters too) become spaces
    text = " ".join("".join(c for c in words if unicodedata.category(c)[0] != "C").split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def contact_declined(lang: Lang, about: Post) -> Html:
    return t(lang, "contact.declined", product=post_title(about, lang))
