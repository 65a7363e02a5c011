"""The Market picture (issue 36): the unit prices of a post's comparable offers on one
strip and the comparable needs' budgets on another, this post's price marked, the offers'
middle half shaded and their median drawn. Plain data in (`PriceStrip`: numbers and
words); `drawing.draw` makes the PNG, in the painter's process (`painter.Painter`)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.pictures.drawing import TEXT

OFFERS, BUDGETS = 1.0, 0.0  # the strips' heights
MINE, MEDIAN, DOTS, BAND = "#d62728", "#555555", "#1f77b4", "#1f77b4"
WIDE = 12.0  # prices spread wider than this factor are drawn on a logarithmic scale
PLAIN = {"facecolor": "white", "edgecolor": "none", "pad": 1}  # a label over the dots


@dataclass(frozen=True, slots=True)
class StripLabels:
    title: str
    offers: str  # the offers' strip: "Offers (14)"
    budgets: str  # the budgets' strip: "Buyers' budgets (6)"
    mine: str  # beside the marked price: "Yours ¥12"
    median: str  # "median ¥14.5"
    axis: str  # under the prices: "¥ per pc"
    symbol: str  # before each price on the axis: "¥", "CNY "


@dataclass(frozen=True, slots=True)
class PriceStrip:
    lang: str
    offers: tuple[float, ...]  # in the reader's currency, the post's unit
    budgets: tuple[float, ...]
    mine: float
    mine_on: float  # OFFERS or BUDGETS: the strip this post stands on
    labels: StripLabels
    latin: StripLabels  # the same in digits and Latin script

    def render(self, figure: Any, labels: StripLabels) -> None:
        from matplotlib.ticker import FuncFormatter

        ax = figure.add_subplot()
        _strip(ax, self.offers, OFFERS)
        _strip(ax, self.budgets, BUDGETS)
        if len(self.offers) >= 2:
            low, _, high = statistics.quantiles(self.offers, n=4, method="inclusive")
            middle = statistics.median(self.offers)  # as the caption's (`advice.price_position`)
            ax.fill_betweenx([OFFERS - 0.3, OFFERS + 0.3], low, high, color=BAND, alpha=0.12)
            ax.vlines(middle, OFFERS - 0.34, OFFERS + 0.34, colors=MEDIAN, linestyles="--")
            ax.text(middle, OFFERS + 0.4, labels.median, ha="center", color=MEDIAN, bbox=PLAIN)
        ax.scatter([self.mine], [self.mine_on], s=320, marker="D", color=MINE, zorder=3)
        ax.annotate(
            labels.mine,
            (self.mine, self.mine_on),
            xytext=(0, -30 if self.mine_on == OFFERS else 22),
            textcoords="offset points",
            ha="center",
            color=MINE,
            fontweight="bold",
        )
        _axes(ax, [*self.offers, *self.budgets, self.mine], labels)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{labels.symbol}{v:g}"))


def _strip(ax: Any, values: Sequence[float], height: float) -> None:
    """Each price a dot; equal and near prices side by side in a small column."""
    ordered = sorted(values)
    heights = [height + ((n % 5) - 2) * 0.07 for n in range(len(ordered))]
    ax.scatter(ordered, heights, s=110, color=DOTS, alpha=0.75, edgecolors="white", zorder=2)


def _axes(ax: Any, values: Sequence[float], labels: StripLabels) -> None:
    positive = [v for v in values if v > 0]
    low, high = min(positive), max(positive)
    if high / low > WIDE:
        ax.set_xscale("log")
    pad = (high - low) * 0.08 or high * 0.1
    ax.set_xlim(max(low - pad, low / 1.5 if high / low > WIDE else 0), high + pad)
    ax.set_ylim(BUDGETS - 0.6, OFFERS + 0.7)
    ax.set_yticks([BUDGETS, OFFERS], [labels.budgets, labels.offers])
    ax.set_xlabel(labels.axis)
    ax.set_title(labels.title, loc="left", fontsize=TEXT + 1)
    ax.grid(axis="x", alpha=0.3)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.tick_params(axis="y", length=0)
