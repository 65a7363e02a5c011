"""parse_post: a merchant's message in plain words -> ParsedPost.

The sub-parsers run in a fixed order on one scratch pad (`_work.Work`); each consumes what
it understood so the next does not misread it:

contacts -> validity -> trade term -> price -> places -> intent -> features -> packing ->
MOQ -> quantity -> specs -> product -> specs standing alone.

Contacts go first so that a phone number never looks like a quantity; prices before
quantities so that "12元/个" is not read as a quantity; the product last, from what is
left. Features (custom logo, OEM, CE, samples: `vocabulary.features`) are found before
the intent, whose hints some of them hold (可定制, "samples available"), and consumed after
it. `parse_post` never raises: on an internal error it returns intent NONE.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from pathlib import Path

from bot.domain import segmenter
from bot.domain.language import detect_language
from bot.domain.models import Intent, Lang, ParsedPost, Price, Quantity
from bot.domain.parsing import markup
from bot.domain.parsing._work import Work
from bot.domain.parsing.contacts import extract_contacts
from bot.domain.parsing.gazetteer import place_named
from bot.domain.parsing.intent import extract_intent
from bot.domain.parsing.places import extract_places
from bot.domain.parsing.price import PriceFound, extract_price
from bot.domain.parsing.product import (
    extract_loose_specs,
    extract_product,
    extract_specs,
    product_keywords,
)
from bot.domain.parsing.quantity import (
    count_before_product,
    extract_moq,
    extract_packing,
    extract_quantity,
)
from bot.domain.parsing.trade_terms import extract_trade_term
from bot.domain.parsing.validation import PROBLEMS, validate
from bot.domain.parsing.validity import extract_validity
from bot.domain.text import looks_garbled
from bot.domain.vocabulary.features import codes_of, find_features
from bot.domain.vocabulary.glossary import default_glossary

__all__ = [
    "FIELD_WINDOW",
    "MAX_LENGTH",
    "MAX_PRODUCT",
    "PROBLEMS",
    "parse_post",
    "region_of",
    "validate",
    "warm_up",
]

MAX_LENGTH = 4096  # Telegram's own limit for a text message
# Fields are read from the start of a message: a post names its goods, amounts and prices
# early, and what runs past this is a catalogue or small print. Contacts are looked for in
# the whole text. The window keeps the worst case (4096 characters of digits or numerals)
# well inside the 20 ms budget; every regex pass costs time per character.
FIELD_WINDOW = 1500
_log = logging.getLogger(__name__)


MAX_PLACE = 60  # characters: a place is a city or a port, never a paragraph
# characters of a product with the tags written around it; past this (tags repeated to fill
# a message) it is kept without them: it must fit its column and a card
MAX_PRODUCT = 120


def _clip(place: str | None) -> str | None:
    return place[:MAX_PLACE] if place else place


def parse_post(text: str, *, today: date | None = None, home_region: str = "") -> ParsedPost:
    """Understand one message. Never raises; text past MAX_LENGTH is ignored. `home_region`
    (TW, HK; `region_of`) is where a bare 元 is spent when the text names no place of its
    own: the writer's, or the post's being edited."""
    text = (text or "")[:MAX_LENGTH]
    try:
        stripped, origin = markup.strip_tags(text)
        parsed = _parse(stripped, today or date.today(), home_region)
        if len(stripped) != len(text) and parsed.product:
            product = markup.restore(text, stripped, origin, parsed.product)
            if len(product) <= MAX_PRODUCT:
                parsed = replace(parsed, product=product)
        return parsed
    except Exception:  # a parser bug must not take the bot down; log and shrug
        _log.exception("parse_post failed")
        return ParsedPost(intent=Intent.NONE, language=_safe_language(text))


def warm_up(extra_dicts: Iterable[Path] = ()) -> None:
    """Load everything parsing needs (jieba and its dictionaries, OpenCC, the places and
    filler lists) so that the first user's message is as fast as the rest. Idempotent."""
    segmenter.warm_up(extra_dicts)
    default_glossary()  # specs standing alone are looked up in it
    parse_post("出售 304不锈钢保温杯 500ml 12元/个 義烏發貨 FOB Ningbo $1.5/pc")


def _safe_language(text: str) -> Lang:
    try:
        return detect_language(text)
    except Exception:
        return Lang.EN


_LOCAL_CURRENCY = {"TW": "TWD", "HK": "HKD"}
_TIMEZONE_REGIONS = {"Asia/Taipei": "TW", "Asia/Hong_Kong": "HK"}


def region_of(post: ParsedPost | None = None, *, timezone: str | None = None) -> str:
    """A home region for `parse_post`: of a post's own place (else destination, port),
    or of a time zone (a member's city in /settings); "" when neither says."""
    if post is not None:
        for name in (post.place, post.destination, post.port):
            known = place_named(name) if name else None
            if known is not None and known.region:
                return known.region
    return _TIMEZONE_REGIONS.get(timezone or "", "")


def _complete_price(found: PriceFound, region: str, ordered: Quantity | None) -> Price | None:
    """Fill what the price left implicit from the rest of the message."""
    price = found.price
    if price is None or (price.low is None and price.high is None):
        return price
    if found.implied_currency and region in _LOCAL_CURRENCY:
        price = replace(price, currency=_LOCAL_CURRENCY[region])  # 元 in Taipei is NT$
    if price.per_unit is None and ordered is not None and ordered.unit:
        # "5000只, 10元以内": an unqualified price is per unit of what is ordered.
        price = replace(price, per_unit=ordered.unit, per_unit_word=ordered.unit_word)
    return price


def _parse(text: str, today: date, home_region: str) -> ParsedPost:
    language = detect_language(text)
    work = Work(text)
    if not work.key or looks_garbled(work.clean[:FIELD_WINDOW]):
        return ParsedPost(intent=Intent.NONE, language=language)
    contacts = extract_contacts(work)
    work.truncate(FIELD_WINDOW)
    valid_days, valid_until = extract_validity(work, today)
    term = extract_trade_term(work)
    found_price = extract_price(work, language)
    places = extract_places(work, language, term)
    features = find_features(work.clean, work.key)
    found = extract_intent(work)
    for feature in features:
        if not feature.in_name:  # "custom logo stickers" names the goods too
            work.consume(feature.start, feature.end)
    specs = extract_packing(work)
    moq = extract_moq(work)
    quantity = extract_quantity(work)
    specs += extract_specs(work, language)
    found_product = extract_product(work)
    product = found_product[0] if found_product else None
    specs += extract_loose_specs(work)
    if quantity is None and found_product and language is Lang.EN:
        quantity = count_before_product(work, found_product[1])  # "300 office chairs"

    price = _complete_price(found_price, places.region or home_region, quantity or moq)
    has_amount = price is not None and (price.low is not None or price.high is not None)
    intent = found.intent
    if intent is Intent.NONE and product and not found.question:
        # No marker, but goods with a price and a place or quantity: someone selling.
        if has_amount and (
            quantity or moq or places.place or places.origin_cue or term is not None
        ):
            intent = Intent.OFFER
    elif product is None and not (quantity or has_amount or moq):
        intent = Intent.NONE  # "求购" or "need help with my account": nothing to trade
    elif not found.strong and (product is None or found.question and not (quantity or has_amount)):
        intent = Intent.NONE  # weak cues only count when goods are named; "有货吗?" asks
    return ParsedPost(
        intent=intent,
        language=language,
        product=product,
        specs=tuple(dict.fromkeys(specs)),
        quantity=quantity,
        moq=moq,
        price=price,
        trade_term=term.name if term else None,
        port=_clip(places.port),
        place=_clip(places.place),
        destination=_clip(places.destination),
        valid_days=valid_days,
        valid_until=valid_until,
        contacts=contacts,
        keywords=product_keywords(product),
        features=codes_of(features),
    )
