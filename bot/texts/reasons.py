"""Why two posts matched, in the reader's language: "同品类: 保温杯 · 起订1000 ≤ 需求3000"."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation

from bot.domain.home import Conversion
from bot.domain.models import Lang, Price
from bot.domain.vocabulary.brands import default_brands
from bot.domain.vocabulary.glossary import default_glossary, has_han
from bot.domain.vocabulary.units import unit_name
from bot.texts import Html, escape, plain, translation
from bot.texts.cards import amount, feature_names, money_text

MAX_REASONS = 4


def _num(value: object) -> str:
    try:
        return amount(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        return str(value)


def _money(value: object, currency: str, conversion: Conversion | None) -> str:
    """An amount of a reason in the reader's currency, as a card converts a price: "預算NT$15"
    for the buyer who wrote NT$15, not its yuan; as stored without a `conversion`."""
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return str(value)
    shown = Price(low=number, currency=currency)
    about = translation.converted(shown, conversion) if conversion else None
    return money_text(*about) if about else money_text(number, currency)


def _words(product: str, lang: Lang) -> str:
    """A post's Chinese words for the reader: in English or in their script, the original
    beside ("vacuum flask (保温杯)", "保溫杯 (保温杯)"); English words as written (the card
    above names the goods in the reader's language)."""
    if not has_han(product):
        return product
    if lang is Lang.EN:
        return translation.product_name(product, lang)
    return translation.in_script(product, lang)


def _concept(values: Mapping[str, object], lang: Lang) -> str:
    concept = str(values.get("concept", ""))
    try:
        name = default_glossary().display_name(concept, lang)
    except KeyError:
        name = concept.removeprefix("c:").replace("_", " ")
    return plain(lang, "reason.concept", name=name)


def _spec(values: Mapping[str, object], lang: Lang) -> str:
    spec = str(values.get("spec", ""))
    try:
        name = default_glossary().display_name(spec, lang)
    except KeyError:
        name = spec.replace("_", " ")
    return plain(lang, "reason.spec", name=name)


def _one(
    kind: str, values: Mapping[str, object], lang: Lang, conversion: Conversion | None
) -> str | None:
    code = str(values["unit"]) if values.get("unit") else None
    word = str(values["unit_word"]) if values.get("unit_word") else None  # the need's own
    unit = unit_name(code, lang, word=word)
    currency = str(values.get("currency") or "CNY")
    if kind == "brand":
        return plain(lang, "reason.brand", name=default_brands().name(str(values["brand"]), lang))
    if kind == "concept":
        return _concept(values, lang)
    if kind == "meaning":  # found by meaning: both products, as their posts say them, in
        need, offer = str(values.get("need", "")), str(values.get("offer", ""))  # the reader's
        return plain(lang, "reason.meaning", need=_words(need, lang), offer=_words(offer, lang))
    if kind == "spec":
        return _spec(values, lang)
    if kind == "term":
        return plain(lang, "reason.term", term=values.get("term", ""))
    if kind == "feature":  # what the need asks for and the offer has: "OEM, CE认证"
        names = feature_names(str(values.get("features", "")).split(), lang)
        separator = ", " if lang is Lang.EN else "、"
        return plain(lang, "reason.feature", names=separator.join(names)) if names else None
    if kind == "moq":
        return plain(
            lang,
            "reason.moq",
            moq=_num(values.get("moq")),
            quantity=_num(values.get("quantity")),
            unit=unit,
        )
    if kind == "price":
        return plain(
            lang,
            "reason.price",
            offer=_money(values.get("offer_amount"), currency, conversion),
            budget=_money(values.get("budget_amount"), currency, conversion),
            unit=unit_name(code, lang, one=True, word=word),
        )
    if kind == "place":
        return f"{values.get('from', '')} → {values.get('to', '')}".strip(" →")
    if kind == "trade_term":
        return str(values.get("term", ""))
    if kind == "fresh":
        hours = str(values.get("hours", ""))
        if hours in ("", "0"):
            return plain(lang, "reason.fresh_now")
        return plain(lang, "reason.fresh", hours=hours)
    return None


def render_reasons(
    reasons: Iterable[Mapping[str, object]], lang: Lang, conversion: Conversion | None = None
) -> Html:
    """Reasons as stored with a match ({"kind", "values"}), joined for one line; amounts in
    the reader's currency (`conversion`)."""
    parts = []
    for reason in reasons:
        values = reason.get("values")
        values = values if isinstance(values, Mapping) else {}
        text = _one(str(reason.get("kind")), values, lang, conversion)
        if text:
            parts.append(escape(text))
        if len(parts) == MAX_REASONS:
            break
    return Html(" · ".join(parts))
