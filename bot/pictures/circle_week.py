"""The picture of a circle's week (issue 36): for each of its busiest products priced by
an offer, the offers' unit prices as dots on a line from the lowest to the highest, the
median marked; one row a product, each on its own scale (their units differ)."""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.domain.home import Conversion
from bot.domain.models import Circle, CircleWeek, Lang
from bot.pictures.drawing import TEXT
from bot.texts import plain
from bot.texts.cards import amount, money_text, post_title
from bot.texts.circle_report import circle_conversion, in_currency

LINE, MEDIAN, DOTS = "#9aa7b4", "#d62728", "#1f77b4"


@dataclass(frozen=True, slots=True)
class WeekLabels:
    title: str
    rows: tuple[str, ...]  # "1. 保温杯 · 6 posts"
    ticks: tuple[tuple[str, str, str], ...]  # each row's lowest, median and highest


@dataclass(frozen=True, slots=True)
class WeekPicture:
    lang: str
    prices: tuple[tuple[float, ...], ...]  # each row's offers' prices, CNY per base unit
    labels: WeekLabels
    latin: WeekLabels

    def render(self, figure: Any, labels: WeekLabels) -> None:
        axes = figure.subplots(len(self.prices), 1, squeeze=False)[:, 0]
        for ax, prices, row, ticks in zip(
            axes, self.prices, labels.rows, labels.ticks, strict=True
        ):
            low, high, middle = min(prices), max(prices), statistics.median(prices)
            ax.hlines(0, low, high, colors=LINE, linewidth=4, zorder=1)
            ax.scatter(prices, [0] * len(prices), s=90, color=DOTS, alpha=0.7, zorder=2)
            ax.scatter([middle], [0], s=260, marker="D", color=MEDIAN, zorder=3)
            pad = (high - low) * 0.12 or high * 0.1
            ax.set_xlim(low - pad, high + pad)
            ax.set_ylim(-1, 1.2)
            ax.set_title(row, loc="left", fontsize=TEXT - 1, pad=2)
            where = sorted({low, middle, high})
            shown = {low: ticks[0], middle: ticks[1], high: ticks[2]}
            ax.set_xticks(where, [shown[value] for value in where], fontsize=TEXT - 3)
            ax.set_yticks([])
            for side in ("top", "right", "left"):
                ax.spines[side].set_visible(False)
        figure.suptitle(labels.title, x=0.02, ha="left", fontsize=TEXT + 1)


def week_picture(
    circle: Circle, week: CircleWeek, rates: Mapping[str, float]
) -> WeekPicture | None:
    """The picture of the week's priced products, in the circle's language and currency;
    None when no product had a price."""
    conversion = circle_conversion(circle, rates)
    priced = [(n, p) for n, p in enumerate(week.products, 1) if p.prices]
    if not priced:
        return None
    lang = circle.language

    def labels(words: Lang, latin: bool) -> WeekLabels:
        rows = tuple(
            f"{n}. "
            + ("" if latin else f"{post_title(p.sample, words)} · ")
            + plain(words, "circle.report.posts", posts=p.posts)
            for n, p in priced
        )
        ticks = tuple(
            tuple(
                _money(v, conversion, latin) for v in (min(p.prices), p.median or 0, max(p.prices))
            )
            for _n, p in priced
        )
        return WeekLabels(plain(words, "circle.report.title"), rows, ticks)  # type: ignore[arg-type]

    return WeekPicture(
        lang=lang.value,
        prices=tuple(p.prices for _n, p in priced),
        labels=labels(lang, latin=False),
        latin=labels(Lang.EN, latin=True),
    )


def _money(value: float, conversion: Conversion, latin: bool) -> str:
    """A tick's price: with its currency's sign, or its code in Latin script."""
    shown, currency = in_currency(value, conversion)
    return f"{currency} {amount(shown)}" if latin else money_text(shown, currency)
