"""Advice for a post nobody showed interest in: each line from what the market shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from bot.domain.advice import PricePosition, price_bar
from bot.domain.home import Conversion
from bot.domain.models import Lang, Post, Price, Quantity
from bot.domain.vocabulary.glossary import has_han
from bot.texts import Html, t, translation
from bot.texts.cards import cents, money_text, post_title, quantity
from bot.texts.user_settings import currency_notice


@dataclass(frozen=True, slots=True)
class Related:
    """Open offers of one product related to a need."""

    sample: Post  # one of them, for the product's name
    offers: int
    lowest_moq: Quantity | None
    prices: tuple[Decimal, Decimal, str | None] | None  # lowest, highest, currency


def price_line(
    lang: Lang, post: Post, position: PricePosition, conversion: Conversion, *, own: bool
) -> Html:
    """Where an offer's price stands among its comparable offers, in one line: "¥12 is in
    the lowest quarter of 14 comparable offers (median ¥14.5)": to its `own`er the price as
    written (≈ theirs when another currency), to a buyer all in the buyer's currency."""
    currency = post.parsed.price.currency if post.parsed.price else None
    shown = _yours if own else _market
    return t(
        lang,
        "price.position",
        price=shown(position.price, currency, conversion),
        where=t(lang, f"price.quarter.{position.quarter}"),
        count=position.peers,
        median=_market(position.median, currency, conversion),
    )


def _yours(value: Decimal | float, currency: str | None, conversion: Conversion) -> str:
    """An amount the reader wrote, and about what it is in their currency when it is
    another, as a card shows a price: "¥15 ≈ $2.08"."""
    about = translation.converted(Price(low=Decimal(str(value)), currency=currency), conversion)
    shown = money_text(_shown(value), currency)
    return f"{shown} ≈ {money_text(*about)}" if about else shown


def _market(value: Decimal | float, currency: str | None, conversion: Conversion) -> str:
    """An amount of others' posts in the reader's currency, as a match's reasons show one:
    "$1.39" for ¥10 to an English reader."""
    about = translation.converted(Price(low=Decimal(str(value)), currency=currency), conversion)
    return money_text(*about) if about else money_text(_shown(value), currency)


def _shown(value: Decimal | float) -> Decimal:
    """A written amount as it is; one computed (a median) to the cent."""
    return value if isinstance(value, Decimal) else cents(value)


def offer_advice(
    lang: Lang,
    post: Post,
    days: int,
    position: PricePosition | None,
    missing: Sequence[str],
    words: Sequence[str],
    *,
    conversion: Conversion,
) -> Html:
    """`conversion`: amounts in the reader's currency too."""
    lines = [t(lang, "advice.offer_title", product=post_title(post, lang), days=days)]
    if position is not None:
        currency = post.parsed.price.currency if post.parsed.price else None
        lines.append(
            t(
                lang,
                f"advice.price_{position.side}",
                price=_yours(position.price, currency, conversion),
                median=_market(position.median, currency, conversion),
                low=_market(position.low, currency, conversion),
                high=_market(position.high, currency, conversion),
                count=position.peers,
                bar=price_bar(position),
            )
        )
    if missing:
        lines.append(t(lang, "advice.missing", fields=_fields(lang, missing)))
    if words:
        lines.append(
            t(
                lang,
                "advice.words",
                words=("、" if lang is not Lang.EN else ", ").join(_in_reader_s(words, lang)),
            )
        )
    if len(lines) == 1:
        lines.append(t(lang, "advice.offer_complete"))
    lines.append(t(lang, "advice.footer"))
    return Html("\n\n".join(lines) + currency_notice(conversion, lang))


def need_advice(
    lang: Lang,
    post: Post,
    days: int,
    related: Sequence[Related],
    missing: Sequence[str],
    *,
    conversion: Conversion,
    alerted: int = 0,
) -> Html:
    """`alerted`: the suppliers the need's owner was alerted to (stored matches); with any,
    the title says so instead of "no supplier has been in touch"; `conversion`: amounts in
    the reader's currency too."""
    product = post_title(post, lang)
    if alerted:
        title = t(lang, "advice.need_title_alerted", product=product, days=days, count=alerted)
    else:
        title = t(lang, "advice.need_title", product=product, days=days)
    lines = [title]
    if related:
        rows = [_related_line(lang, r, conversion) for r in related]
        lines.append(t(lang, "advice.related", lines=Html("\n".join(rows))))
        budget = _budget_under_every_price(post, related, conversion)
        if budget is not None:
            lines.append(t(lang, "advice.budget_low", budget=budget[0], lowest=budget[1]))
    else:
        lines.append(t(lang, "advice.related_none"))
    if missing:
        lines.append(t(lang, "advice.missing_need", fields=_fields(lang, missing)))
    lines.append(t(lang, "advice.footer"))
    return Html("\n\n".join(lines) + currency_notice(conversion, lang))


def _budget_under_every_price(
    post: Post, related: Sequence[Related], conversion: Conversion
) -> tuple[str, str] | None:
    """(budget, lowest asked) when the need's budget is under every related offer's price
    in the same currency; the budget as written, the price in the reader's currency."""
    price = post.parsed.price
    budget = price.high if price is not None else None
    if budget is None or price is None:
        return None
    asked = [r.prices[0] for r in related if r.prices and r.prices[2] == price.currency]
    if not asked or min(asked) <= budget:
        return None
    lowest = min(asked)
    return _yours(budget, price.currency, conversion), _market(lowest, price.currency, conversion)


def _in_reader_s(words: Sequence[str], lang: Lang) -> list[str]:
    """Buyers' words in the reader's language or script, the original beside."""
    if lang is Lang.EN:
        return [translation.product_name(w, lang) if has_han(w) else w for w in words]
    return [translation.in_script(word, lang) for word in words]


def _fields(lang: Lang, names: Sequence[str]) -> str:
    separator = ", " if lang is Lang.EN else "、"
    return Html(separator.join(t(lang, f"advice.field.{name}") for name in names))


def _related_line(lang: Lang, related: Related, conversion: Conversion) -> Html:
    product = post_title(related.sample, lang)[:40]
    parts = [t(lang, "advice.related_offers", product=product, count=related.offers)]
    if related.lowest_moq is not None:
        parts.append(t(lang, "advice.related_moq", moq=quantity(related.lowest_moq, lang)))
    if related.prices is not None:
        low, high, currency = related.prices
        value = (
            _market(low, currency, conversion)
            if low == high
            else f"{_market(low, currency, conversion)}–{_market(high, currency, conversion)}"
        )
        parts.append(t(lang, "advice.related_price", price=value))
    return Html("• " + " · ".join(parts))
