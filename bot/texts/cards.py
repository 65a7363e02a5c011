"""Posts as cards: structured fields in the reader's language, the user's own words escaped.

Pure functions; used by handlers for replies and by use cases for outbox messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from bot.domain.home import Conversion
from bot.domain.models import (
    Intent,
    Lang,
    ParsedPost,
    Post,
    PostKind,
    PostStatus,
    Price,
    Quantity,
)
from bot.domain.vocabulary.features import CERT, ORDER
from bot.domain.vocabulary.units import unit_name
from bot.texts import Html, escape, plain, t, translation

CURRENCY_SYMBOLS = {
    "CNY": "¥",
    "USD": "$",
    "EUR": "€",
    "GBP": "£",
    "HKD": "HK$",
    "TWD": "NT$",
    "JPY": "JP¥",
    "INR": "₹",
}
MAX_FIELD = 120  # characters of user text shown per field; cards stay short on a phone


def cents(value: float) -> Decimal:
    """A computed amount (a median, a conversion) to the cent, as prices are shown."""
    return Decimal(str(round(value, 2)))


def amount(value: Decimal) -> str:
    value = value.normalize()
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value:,f}"


def quantity(q: Quantity, lang: Lang) -> str:
    unit = unit_name(q.unit, lang, word=q.unit_word)
    if not unit:
        return amount(q.amount)
    separator = "" if lang is not Lang.EN else " "
    return f"{amount(q.amount)}{separator}{unit}"


def money_text(value: Decimal, currency: str | None) -> str:
    if currency is None:
        return amount(value)
    symbol = CURRENCY_SYMBOLS.get(currency)
    return f"{symbol}{amount(value)}" if symbol else f"{currency} {amount(value)}"


def price(p: Price, lang: Lang) -> str:
    if p.negotiable and p.low is None and p.high is None:
        return plain(lang, "price.negotiable")
    if p.low is not None and p.high is not None and p.low != p.high:
        value = f"{money_text(p.low, p.currency)}–{amount(p.high)}"
    elif p.low is None and p.high is not None:
        value = plain(lang, "price.max", value=money_text(p.high, p.currency))
    elif p.high is None and p.low is not None:
        value = plain(lang, "price.min", value=money_text(p.low, p.currency))
    else:
        value = money_text(p.low or p.high or Decimal(0), p.currency)
    if p.per_unit:
        per = unit_name(p.per_unit, lang, one=p.per_count == 1, word=p.per_unit_word)
        value += f" / {p.per_count} {per}" if p.per_count != 1 else f" / {per}"
    return value


def _price_for(p: Price, lang: Lang, conversion: Conversion | None) -> str:
    """The price as written, and about what it is in the reader's currency ("≈ €1.54");
    as written only on its writer's own card (`conversion` None)."""
    shown = price(p, lang)
    about = translation.converted(p, conversion) if conversion else None
    return f"{shown} ≈ {money_text(*about)}" if about else shown


def _clip(text: str) -> str:
    return text if len(text) <= MAX_FIELD else text[: MAX_FIELD - 1] + "…"


def field_lines(
    parsed: ParsedPost, lang: Lang, conversion: Conversion | None = None
) -> list[Html]:
    """The fields of a post for a reader of `lang`: what someone else wrote in another language
    is shown in the reader's where the vocabulary knows it, with the original beside it, and
    its price also in the reader's currency (`conversion`; None: the writer's own card)."""
    lines: list[Html] = []
    foreign = parsed.language is not lang  # someone else's post, in another language
    if parsed.product:
        product = _words_for(parsed, lang, parsed.product)
        lines.append(t(lang, "card.product", value=Html(f"<b>{escape(_clip(product))}</b>")))
    if parsed.specs:
        specs = [_words_for(parsed, lang, s) for s in parsed.specs]
        lines.append(t(lang, "card.specs", value=_clip(" · ".join(specs))))
    if parsed.features:  # what an offer has; what a need asks for
        names = " · ".join(feature_names(parsed.features, lang))
        key = "card.features_asked" if parsed.intent is Intent.NEED else "card.features"
        lines.append(t(lang, key, value=_clip(names)))
    if parsed.quantity:
        lines.append(t(lang, "card.quantity", value=quantity(parsed.quantity, lang)))
    if parsed.moq:
        lines.append(t(lang, "card.moq", value=quantity(parsed.moq, lang)))
    if parsed.price:
        lines.append(t(lang, "card.price", value=_price_for(parsed.price, lang, conversion)))

    def place_shown(place: str) -> str:
        return _clip(translation.place_name(place, lang) if foreign else place)

    if parsed.trade_term:
        term = parsed.trade_term
        shown = f"{term} {place_shown(parsed.port)}" if parsed.port else term
        lines.append(t(lang, "card.trade_term", value=shown))
    for key, place in (("card.place", parsed.place), ("card.destination", parsed.destination)):
        if place and place != parsed.port:  # "FOB Ningbo" says where already
            lines.append(t(lang, key, value=place_shown(place)))
    if parsed.valid_days:
        lines.append(
            t(lang, "card.validity", value=t(lang, "validity.days", days=parsed.valid_days))
        )
    elif parsed.valid_until:
        until = parsed.valid_until.date().isoformat()
        lines.append(t(lang, "card.validity", value=t(lang, "validity.until", date=until)))
    return lines


def feature_names(codes: Iterable[str], lang: Lang) -> list[str]:
    """A post's features in `lang` ("Custom logo", "CE认证"), in `ORDER` and certifications
    after them; a code this release does not know is left out."""
    codes = list(dict.fromkeys(codes))
    known = [code for code in ORDER if code in codes]
    names = [plain(lang, f"feature.{code}") for code in known]
    certs = [code.removeprefix(CERT) for code in codes if code.startswith(CERT)]
    return names + [plain(lang, "feature.cert", code=cert) for cert in certs if cert]


def post_card(
    post: Post, lang: Lang, *, status: bool = False, conversion: Conversion | None = None
) -> Html:
    """The card a user sees for a post: kind, fields, privacy note, optional status;
    `conversion`: its price in the reader's currency too (not on the owner's own card)."""
    head = t(lang, "card.offer" if post.kind is PostKind.OFFER else "card.need")
    if post.language is not lang:
        name = t(lang, f"language.name.{post.language.value}")
        head = Html(f"{head} {t(lang, 'card.original_language', language=name)}")
    lines = [head, *field_lines(post.parsed, lang, conversion)]
    if post.keywords:
        lines.append(t(lang, "card.keywords", value=_clip(", ".join(post.keywords))))
    if post.parsed.contacts:
        lines.append(t(lang, "card.contacts_hidden"))
    if status:
        lines.append(t(lang, "card.status", status=t(lang, f"status.{post.status.value}")))
    return Html("\n".join(lines))


def card_message(post: Post, lang: Lang, *, intro: str = "", note: str = "") -> Html:
    """A post's card as its own message: a draft with the hint to publish it, any other with
    its status; `intro` above (e.g. "Updated:"), `note` below (what a button just did)."""
    draft = post.status is PostStatus.DRAFT
    hint = t(lang, "post.confirm_hint") if draft else ""
    card = post_card(post, lang, status=not draft)
    if post.photo:  # the owner sent it: a line says who sees it, not the picture again
        card = Html(f"{card}\n{t(lang, 'card.photo_kept')}")
    parts = (intro, card, note, hint)
    return Html("\n\n".join(part for part in parts if part))


def post_title(post: Post, reader: Lang | None = None) -> str:
    """A post's product, or the start of what was written when there is none; for a
    `reader` of another language, in theirs where the vocabulary knows it."""
    product = post.parsed.product
    if product and reader is not None:
        return _words_for(post.parsed, reader, product)
    return product or post.raw_text[:40]


def _words_for(parsed: ParsedPost, reader: Lang, words: str) -> str:
    """`words` of a post for a `reader` of another language in theirs, the original beside:
    English <-> Chinese where the vocabulary knows them, between the Chinese scripts
    converted ("保溫杯 (保温杯)"); for the post's own language as written."""
    if parsed.language is reader:
        return words
    if Lang.EN in (parsed.language, reader):
        return translation.product_name(words, reader)
    return translation.in_script(words, reader)


def expiry_notice(post: Post, lang: Lang) -> Html:
    return t(lang, "post.expired_notice", product=post_title(post))


def post_line(post: Post, lang: Lang, number: int, conversion: Conversion | None = None) -> Html:
    """One line per post for lists such as /my; another's, in a digest, comes with the
    reader's `conversion`: its product in the reader's words, its price in their currency."""
    kind = "🟢" if post.kind is PostKind.OFFER else "🔵"
    product = escape(_clip(post_title(post, lang if conversion is not None else None)))
    parts = [f"{number}. {kind} <b>{product}</b>"]
    if post.parsed.price:
        parts.append(escape(_price_for(post.parsed.price, lang, conversion)))
    if post.parsed.quantity:
        parts.append(escape(quantity(post.parsed.quantity, lang)))
    state = escape(t(lang, f"status.{post.status.value}"))
    until = post.expires_at.date().isoformat()
    return Html(f"{' · '.join(parts)}\n   {state} · ⏳ {until}")
