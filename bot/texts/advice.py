"""Advice for a post nobody showed interest in: each line from what the market shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from bot.domain.advice import PricePosition, price_bar
from bot.domain.models import Lang, Post, Quantity
from bot.texts import Html, t
from bot.texts.cards import money_text, post_title, quantity


@dataclass(frozen=True, slots=True)
class Related:
    """Open offers of one product related to a need."""

    sample: Post  # one of them, for the product's name
    offers: int
    lowest_moq: Quantity | None
    prices: tuple[Decimal, Decimal, str | None] | None  # lowest, highest, currency


def _money(value: float, currency: str | None) -> str:
    return money_text(Decimal(str(round(value, 2))), currency)


def offer_advice(
    lang: Lang,
    post: Post,
    days: int,
    position: PricePosition | None,
    missing: Sequence[str],
    words: Sequence[str],
) -> Html:
    lines = [t(lang, "advice.offer_title", product=post_title(post, lang), days=days)]
    if position is not None:
        currency = post.parsed.price.currency if post.parsed.price else None
        lines.append(
            t(
                lang,
                f"advice.price_{position.side}",
                price=_money(position.price, currency),
                median=_money(position.median, currency),
                low=_money(position.low, currency),
                high=_money(position.high, currency),
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
                words="、".join(words) if lang is not Lang.EN else ", ".join(words),
            )
        )
    if len(lines) == 1:
        lines.append(t(lang, "advice.offer_complete"))
    lines.append(t(lang, "advice.footer"))
    return Html("\n\n".join(lines))


def need_advice(
    lang: Lang, post: Post, days: int, related: Sequence[Related], missing: Sequence[str]
) -> Html:
    lines = [t(lang, "advice.need_title", product=post_title(post, lang), days=days)]
    if related:
        rows = [_related_line(lang, r) for r in related]
        lines.append(t(lang, "advice.related", lines=Html("\n".join(rows))))
        budget = _budget_under_every_price(post, related)
        if budget is not None:
            lines.append(t(lang, "advice.budget_low", budget=budget[0], lowest=budget[1]))
    else:
        lines.append(t(lang, "advice.related_none"))
    if missing:
        lines.append(t(lang, "advice.missing_need", fields=_fields(lang, missing)))
    lines.append(t(lang, "advice.footer"))
    return Html("\n\n".join(lines))


def _budget_under_every_price(post: Post, related: Sequence[Related]) -> tuple[str, str] | None:
    """(budget, lowest asked) when the need's budget is under every related offer's price
    in the same currency."""
    price = post.parsed.price
    budget = price.high if price is not None else None
    if budget is None or price is None:
        return None
    asked = [r.prices[0] for r in related if r.prices and r.prices[2] == price.currency]
    if not asked or min(asked) <= budget:
        return None
    return money_text(budget, price.currency), money_text(min(asked), price.currency)


def _fields(lang: Lang, names: Sequence[str]) -> str:
    separator = ", " if lang is Lang.EN else "、"
    return Html(separator.join(t(lang, f"advice.field.{name}") for name in names))


def _related_line(lang: Lang, related: Related) -> Html:
    product = post_title(related.sample, lang)[:40]
    parts = [t(lang, "advice.related_offers", product=product, count=related.offers)]
    if related.lowest_moq is not None:
        parts.append(t(lang, "advice.related_moq", moq=quantity(related.lowest_moq, lang)))
    if related.prices is not None:
        low, high, currency = related.prices
        value = (
            money_text(low, currency)
            if low == high
            else f"{money_text(low, currency)}–{money_text(high, currency)}"
        )
        parts.append(t(lang, "advice.related_price", price=value))
    return Html("• " + " · ".join(parts))
