"""The Market picture (issue 36): the unit prices of a post's comparable offers on one
strip and the comparable needs' budgets on another, this post's price marked, the offers'
middle half shaded and their median drawn.

Plain data in (`PriceStrip`: numbers and words), PNG bytes out, drawn with matplotlib's
Agg renderer in the painter's process (`painter.Painter`), never on the event loop.

A label is drawn only with the glyphs of its script: where the reader's words need a font
this machine lacks (Chinese without Debian's fonts-noto-cjk), matplotlib warns of a missing
glyph, and the picture is drawn again with the `latin` labels (digits and Latin script);
`Drawn.latin` says so, and the painter logs it once. Empty boxes are never sent."""

from __future__ import annotations

import io
import statistics
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

WIDTH, HEIGHT, DPI = 6.0, 4.5, 160  # 960 x 720 pixels: a phone shows it a screen wide, so
TEXT = 17  # points: about 12 pixels when a phone shows the picture 300 pixels wide
# the fonts tried in turn for each glyph: the reader's Chinese first, then any Chinese,
# then matplotlib's own (Latin, Greek, Cyrillic, the currency signs)
CJK = {
    "zh-Hans": ("Noto Sans CJK SC", "Noto Sans CJK TC"),
    "zh-Hant": ("Noto Sans CJK TC", "Noto Sans CJK SC"),
}
BASE_FONT = "DejaVu Sans"
OFFERS, BUDGETS = 1.0, 0.0  # the strips' heights
MINE, MEDIAN, DOTS, BAND = "#d62728", "#555555", "#1f77b4", "#1f77b4"
WIDE = 12.0  # prices spread wider than this factor are drawn on a logarithmic scale


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


@dataclass(frozen=True, slots=True)
class Drawn:
    png: bytes
    latin: bool  # drawn with the Latin labels: the reader's script had no font here


def draw(strip: PriceStrip) -> Drawn:
    """The picture as PNG, in the reader's words when this machine has their glyphs."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = _render(strip, strip.labels)
    if not any(_missing_glyph(w.message) for w in caught):
        return Drawn(png, latin=False)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        return Drawn(_render(strip, strip.latin), latin=True)


def _missing_glyph(message: Warning | str) -> bool:
    return "missing from font" in str(message)


def fonts_for(lang: str) -> list[str]:
    """The font families to draw `lang` with, those this machine has, in turn."""
    have = _families()
    return [name for name in (*CJK.get(lang, ()), BASE_FONT) if name in have] or [BASE_FONT]


@cache
def _families() -> frozenset[str]:
    """The font families matplotlib can draw with, Chinese fonts installed after it made
    its font cache included (matplotlib reads that cache and does not look again)."""
    from matplotlib import font_manager

    known = {entry.fname for entry in font_manager.fontManager.ttflist}
    for path in font_manager.findSystemFonts():
        if "CJK" in Path(path).name and path not in known:
            font_manager.fontManager.addfont(path)
    return frozenset(entry.name for entry in font_manager.fontManager.ttflist)


def _render(strip: PriceStrip, labels: StripLabels) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    with matplotlib.rc_context({"font.family": fonts_for(strip.lang), "font.size": TEXT}):
        figure = Figure(figsize=(WIDTH, HEIGHT), dpi=DPI)
        ax = figure.add_subplot()
        _strip(ax, strip.offers, OFFERS)
        _strip(ax, strip.budgets, BUDGETS)
        if len(strip.offers) >= 2:
            low, _, high = statistics.quantiles(strip.offers, n=4, method="inclusive")
            middle = statistics.median(strip.offers)  # as the caption's (`advice.price_position`)
            ax.fill_betweenx([OFFERS - 0.3, OFFERS + 0.3], low, high, color=BAND, alpha=0.12)
            ax.vlines(middle, OFFERS - 0.34, OFFERS + 0.34, colors=MEDIAN, linestyles="--")
            ax.text(
                middle,
                OFFERS + 0.4,
                labels.median,
                ha="center",
                color=MEDIAN,
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
            )
        ax.scatter([strip.mine], [strip.mine_on], s=320, marker="D", color=MINE, zorder=3)
        ax.annotate(
            labels.mine,
            (strip.mine, strip.mine_on),
            xytext=(0, -30 if strip.mine_on == OFFERS else 22),
            textcoords="offset points",
            ha="center",
            color=MINE,
            fontweight="bold",
        )
        _axes(ax, [*strip.offers, *strip.budgets, strip.mine], labels)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{labels.symbol}{v:g}"))
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="png")
    return out.getvalue()


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
