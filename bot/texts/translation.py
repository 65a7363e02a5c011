"""A counterpart's words in the reader's language, with the original beside them:
"vacuum flask (保温杯)", "Yiwu (义乌)", and prices in the reader's currency, "¥12 ≈ €1.54"
(`bot.domain.home.Conversion`). Only what the vocabulary knows is
translated, word by word (the glossary first, then brands, then for Chinese the CC-CEDICT
glosses); anything else is shown as written. Between the Chinese scripts the words are
converted (OpenCC), "保溫杯 (保温杯)"."""

from __future__ import annotations

import re
from decimal import Decimal

from bot.domain import money, segmenter
from bot.domain.home import Conversion
from bot.domain.models import Lang, Price
from bot.domain.parsing.gazetteer import place_named
from bot.domain.text import normalise, to_simplified, to_traditional
from bot.domain.vocabulary.brands import default_brands
from bot.domain.vocabulary.dictionary import english_name
from bot.domain.vocabulary.english import english_words
from bot.domain.vocabulary.glossary import PRODUCT, default_glossary, has_han
from bot.domain.vocabulary.loading import warm_up
from bot.domain.vocabulary.units import ALL_UNIT_WORDS, MEASURE_SYMBOLS

# A pack size written the Chinese way: 6只装, 4入, 3入組 (in simplified form).
_UNIT_WORDS = "|".join(map(re.escape, ALL_UNIT_WORDS))
_PACK = re.compile(rf"(\d+)\s*(?:{_UNIT_WORDS})?\s*(?:装|入组|入装|入)")
# A measure written the Chinese way: 1米, 500毫升, 1.5公斤.
_MEASURE_WORDS = "|".join(map(re.escape, sorted(MEASURE_SYMBOLS, key=len, reverse=True)))
_MEASURE = re.compile(rf"(\d+(?:\.\d+)?)\s*({_MEASURE_WORDS})")


def product_name(product: str, lang: Lang) -> str:
    """`product` in the reader's words where the vocabulary knows them, the original beside:
    "304 stainless steel vacuum flask (304不锈钢保温杯)", "不锈钢 螺丝 (stainless screws)"."""
    glossary = default_glossary()
    ids = [c for c in glossary.lookup(product) if glossary.concept(c).kind == PRODUCT]
    name: str | None
    simplified = to_simplified(product).strip()
    pack = _PACK.fullmatch(simplified)
    measure = _MEASURE.fullmatch(simplified)
    if lang is Lang.EN and pack:
        name = f"pack of {pack.group(1)}"
    elif lang is Lang.EN and measure:
        name = f"{measure.group(1)} {MEASURE_SYMBOLS[measure.group(2)]}"
    elif lang is Lang.EN and has_han(product):
        name = _chinese_in_english(product)
    elif len(ids) == 1:
        name = _with_connector(glossary.display_name(ids[0], lang), product)
    elif lang is not Lang.EN and not has_han(product):
        name = _english_in_chinese(product, lang)
    else:
        return product
    return product if not name or name.lower() == product.lower() else f"{name} ({product})"


def _with_connector(name: str, product: str) -> str:
    """`name` after the connector `product` names, as written ("USB-C cable" is a
    "USB-C 数据线", not any 数据线)."""
    folded = normalise(product)
    for pattern, _spec in default_glossary().exclusive_specs:
        found = pattern.search(folded)
        if found:
            same_shape = len(folded) == len(product)
            written = product[found.start() : found.end()] if same_shape else found.group()
            return name if written.lower() in name.lower() else f"{written.strip()} {name}"
    return name


def _chinese_in_english(text: str) -> str | None:
    warm_up()  # the segmenter knows the glossary's words (at once after start-up)
    simplified = to_simplified(text)
    same_shape = len(simplified) == len(text)
    pieces: list[str] = []
    translated = False
    at = 0
    for token in segmenter.cut(simplified):
        start = simplified.find(token, at)
        if start < 0:
            return None
        if start > at:
            pieces.append(" ")
        at = start + len(token)
        written = text[start:at] if same_shape else token
        name = _english_word(token) if has_han(token) else None
        translated |= name is not None
        if name and pieces and pieces[-1].strip().lower() in name.lower().split():
            pieces.pop()  # "LED" + "LED bulb": the name says it already
        if name is None and has_han(token):  # a word nothing knows: as written, marked
            written = f"“{written}”"  # as the original, never mixed in as if English
        pieces.append(f" {name} " if name else written)
    joined = "".join(pieces).replace("”“", "")  # one mark round a run of unknown words
    return " ".join(joined.split()) if translated else None


def _english_word(token: str) -> str | None:
    glossary = default_glossary()
    ids = glossary.lookup(token)
    products = [c for c in ids if glossary.concept(c).kind == PRODUCT]
    chosen = products if products else sorted(ids)
    if len(chosen) == 1:
        own_name = token in {
            to_simplified(glossary.display_name(chosen[0], lang)) for lang in Lang
        }
        # a concept's own name reads as its English name; another of its forms (原子笔 of
        # the pens, shown as "gel pen") is rendered more exactly by the dictionary, or
        # keeps the spec it starts with (蓝牙耳机: "bluetooth earphones")
        if own_name:
            return glossary.display_name(chosen[0], Lang.EN)
        return english_name(token) or _modified(token, glossary.display_name(chosen[0], Lang.EN))
    brands = default_brands().find(normalise(token))
    if len(brands) == 1:
        return default_brands().name(brands[0], Lang.EN)
    return english_name(token)


def _modified(token: str, name: str) -> str:
    """`name` after the English of the spec `token` starts with (蓝牙 of 蓝牙耳机)."""
    glossary = default_glossary()
    for piece in segmenter.cut_for_search(token):
        if piece != token and token.startswith(piece) and glossary.is_spec_key(piece):
            modifier = glossary.display_name(sorted(glossary.lookup_key(piece))[0], Lang.EN)
            return name if modifier.lower() in name.lower() else f"{modifier} {name}"
    return name


def _english_in_chinese(text: str, lang: Lang) -> str | None:
    glossary = default_glossary()
    written = text.split()
    folded = [english_words(w) for w in written]
    flat = [w for parts in folded for w in parts]
    names: dict[int, str] = {}  # first folded word of a known span -> its name
    covered: set[int] = set()
    for start, end, ids in glossary.match_phrases(flat):
        products = [c for c in ids if glossary.concept(c).kind == PRODUCT]
        chosen = products if products else sorted(ids)
        if len(chosen) == 1:
            names[start] = glossary.display_name(chosen[0], lang)
            covered.update(range(start, end))
    for brand in default_brands().find(normalise(text)):
        names.setdefault(-1 - len(names), default_brands().name(brand, lang))
    if not names:
        return None
    pieces: list[str] = [name for at, name in sorted(names.items()) if at < 0]
    position = 0
    for word, parts in zip(written, folded, strict=True):
        span = range(position, position + len(parts))
        position += len(parts)
        if parts and all(i in covered for i in span):
            pieces.extend(names[i] for i in span if i in names)
        elif not default_brands().find(normalise(word)):
            pieces.append(word)
    return _join(pieces)


def _join(pieces: list[str]) -> str:
    out = ""
    for piece in pieces:
        if out and not (has_han(out[-1]) and has_han(piece[0])):
            out += " "
        out += piece
    return out


def in_script(text: str, lang: Lang) -> str:
    """Chinese in the other script, in the reader's, the original beside it: "保溫杯 (保温杯)"
    for zh-Hant (OpenCC s2twp), "保温杯 (保溫杯)" for zh-Hans (t2s); a word the same in both
    scripts, or an English reader, once, as written."""
    if lang is Lang.EN or not has_han(text):
        return text
    if lang is Lang.ZH_HANT:
        shown = to_traditional(text, taiwan_phrases=True)
    else:
        shown = to_simplified(text)
    return text if shown == text else f"{shown} ({text})"


def place_name(place: str, lang: Lang) -> str:
    known = place_named(place)
    if known is None:
        return in_script(place, lang)
    name = known.display(lang, written_in_english=False)
    return place if name == place else f"{name} ({place})"


MAX_CONVERTED = Decimal(10) ** 15  # rates are bounded (money.MAX_RATE); amounts are not


def converted(price: Price, conversion: Conversion) -> tuple[Decimal, str] | None:
    """About what the price is in the reader's currency, at the operator's rates, when it
    is quoted in another (and both rates are known); marks the conversion shown. A price
    that names no currency ("price 3.5/pc") is not guessed at."""
    amount = price.low if price.low is not None else price.high
    currency, target = (price.currency or "").upper(), conversion.currency
    if amount is None or not currency or currency == target:
        return None
    try:
        in_cny = money.to_base(amount, currency, conversion.rates)
        rate = money.to_base(1, target, conversion.rates)
    except money.UnknownCurrencyError:
        return None
    value = Decimal(str(in_cny / rate))
    if not value.is_finite() or value >= MAX_CONVERTED:
        return None
    conversion.shown = True
    return value.quantize(Decimal("0.01") if value < 100 else Decimal("1")), target
