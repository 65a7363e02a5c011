"""Drawing a picture (`draw`): matplotlib's Agg renderer, in the reader's words when this
machine has their glyphs, else in digits and Latin script.

A label is drawn only with the glyphs of its script: where the reader's words need a font
this machine lacks (Chinese without Debian's fonts-noto-cjk, or a glyph no font here has),
matplotlib warns of a missing glyph, and the picture is drawn again with its `latin` labels;
`Drawn.latin` says so, and the painter logs it once. Empty boxes are never sent."""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

WIDTH, HEIGHT, DPI = 6.0, 4.5, 160  # 960 x 720 pixels: a phone shows it a screen wide, so
TEXT = 17  # points: about 12 pixels when a phone shows the picture 300 pixels wide
# the fonts tried in turn for each glyph: the reader's Chinese first, then any Chinese,
# then matplotlib's own (Latin, Greek, Cyrillic, the currency signs)
CJK = {
    "zh-Hans": ("Noto Sans CJK SC", "Noto Sans CJK TC"),
    "zh-Hant": ("Noto Sans CJK TC", "Noto Sans CJK SC"),
}
BASE_FONT = "DejaVu Sans"


class Picture(Protocol):
    """Plain data (it goes to the painter's process) that draws itself."""

    @property
    def lang(self) -> str: ...

    @property
    def labels(self) -> Any: ...  # its words in the reader's language

    @property
    def latin(self) -> Any: ...  # the same in digits and Latin script

    def render(self, figure: Any, labels: Any) -> None:
        """Draw on a matplotlib `Figure` with these labels."""
        ...


@dataclass(frozen=True, slots=True)
class Drawn:
    png: bytes
    latin: bool  # drawn with the Latin labels: the reader's script had no font here


def draw(picture: Picture) -> Drawn:
    """The picture as PNG, in the reader's words when this machine has their glyphs."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = _png(picture, picture.labels)
    if not any("missing from font" in str(w.message) for w in caught):
        return Drawn(png, latin=False)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=".*missing from font.*")
        return Drawn(_png(picture, picture.latin), latin=True)


def fonts_for(lang: str) -> list[str]:
    """The font families to draw `lang` with, those this machine has, in turn (matplotlib
    takes a glyph from the next when one lacks it): a Chinese reader's first; for a reader
    of Latin script the Chinese ones after it, for the product names a market writes in
    Chinese."""
    have = _families()
    chinese = CJK.get(lang) or next(iter(CJK.values()), ())
    order = (*chinese, BASE_FONT) if lang in CJK else (BASE_FONT, *chinese)
    return [name for name in order if name in have] or [BASE_FONT]


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


def _png(picture: Picture, labels: Any) -> bytes:
    with _figure(picture.lang) as figure:
        picture.render(figure, labels)
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="png")
    return out.getvalue()


@contextmanager
def _figure(lang: str) -> Iterator[Any]:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"font.family": fonts_for(lang), "font.size": TEXT}):
        yield Figure(figsize=(WIDTH, HEIGHT), dpi=DPI)
