"""Advice for a post nobody showed interest in (issue 11), computed from the market, pure.

* `price_position`: where an offer's unit price sits among comparable open offers (median,
  range), and `price_bar`, a one-line picture of it.
* `missing_fields`: what buyers look for that the post does not say.
* `missing_words`: words that posts on the other side used for similar products and this
  post lacks (the words buyers search with).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from bot.domain.models import Lang, ParsedPost, PostKind

MIN_PEERS = 3  # fewer comparable offers say nothing about a price
NEAR_MEDIAN = 0.1  # within 10% of the median counts as "about the median"
BAR_WIDTH = 13


@dataclass(frozen=True, slots=True)
class PricePosition:
    price: float
    median: float
    low: float  # of the peers
    high: float
    peers: int
    below: float = 0.5  # the share of the peers priced under it (those equal count half)

    @property
    def side(self) -> str:
        """ "high", "low" or "mid": above, below or within 10% of the median."""
        if self.price > self.median * (1 + NEAR_MEDIAN):
            return "high"
        if self.price < self.median * (1 - NEAR_MEDIAN):
            return "low"
        return "mid"

    @property
    def quarter(self) -> int:
        """1 to 4: the quarter of the comparable offers' prices it stands in, from the
        lowest."""
        return min(4, 1 + int(self.below * 4))


@dataclass(frozen=True, slots=True)
class Standing:
    """What an offer's comparable offers say of its price, as a buyer is told: too good to
    be true (the warning), and where it stands (None with fewer than `MIN_PEERS`)."""

    too_good: bool = False
    position: PricePosition | None = None


@dataclass(frozen=True, slots=True)
class MarketPrices:
    """A post's market, in its own currency and unit: its unit price (an offer's price, a
    need's budget), comparable offers' prices and comparable needs' budgets (each member
    once; `bot.services.matching.comparable`)."""

    kind: PostKind
    price: float
    offers: tuple[float, ...]
    budgets: tuple[float, ...]

    @property
    def position(self) -> PricePosition | None:
        """Where the price stands among the offers' (None with fewer than `MIN_PEERS`)."""
        return price_position(self.price, self.offers)


def price_position(price: float, peers: Sequence[float]) -> PricePosition | None:
    valid = [p for p in peers if p > 0]
    if price <= 0 or len(valid) < MIN_PEERS:
        return None
    under = sum(1 for p in valid if p < price) + sum(0.5 for p in valid if p == price)
    median, low, high = statistics.median(valid), min(valid), max(valid)
    return PricePosition(price, median, low, high, len(valid), under / len(valid))


def price_bar(position: PricePosition, width: int = BAR_WIDTH) -> str:
    """The peers' range as a line, the median as ┆ and this price as ●; a price outside the
    range sits at its end, past an arrow: "━━━●━━┆━━━━━━" or "━━━━━━┆━━━━━━▶●"."""
    low, high = position.low, position.high
    span = high - low

    def at(value: float) -> int:
        return 0 if span <= 0 else round((value - low) / span * (width - 1))

    cells = ["━"] * width
    cells[at(position.median)] = "┆"
    if position.price < low:
        return "●◀" + "".join(cells)
    if position.price > high:
        return "".join(cells) + "▶●"
    cells[min(width - 1, max(0, at(position.price)))] = "●"
    return "".join(cells)


def missing_fields(parsed: ParsedPost, kind: PostKind) -> list[str]:
    """Field names (as in `bot.services.posting.post_edits`) a counterpart looks for and the post
    does not give, most important first."""
    wanted: list[tuple[str, bool]] = [("price", parsed.price is not None)]
    if kind is PostKind.OFFER:
        wanted += [
            ("moq", parsed.moq is not None),
            ("place", bool(parsed.place)),
            ("specs", bool(parsed.specs)),
        ]
    else:
        wanted += [("quantity", parsed.quantity is not None), ("specs", bool(parsed.specs))]
    return [name for name, given in wanted if not given]


def written_like(word: str, language: Lang) -> bool:
    """Could `word` be added to a post written in `language`? English words do not go into
    a Chinese post nor Chinese words into an English one; numbers with units go anywhere."""
    han = any("\u4e00" <= ch <= "\u9fff" for ch in word)
    if language is Lang.EN:
        return not han
    return han or any(ch.isdigit() for ch in word)


def missing_words(
    own: Collection[str], others: Iterable[Collection[str]], top: int = 3, min_posts: int = 2
) -> list[str]:
    """Words at least `min_posts` of the other posts use and `own` lacks, most used first
    (ties by the word, so the advice is stable)."""
    counts: Counter[str] = Counter()
    for words in others:
        # tagged terms ("s:stainless_steel", "b:samsung") are not words to write
        counts.update({w for w in words if w not in own and len(w) > 1 and ":" not in w})
    ranked = sorted(
        ((n, w) for w, n in counts.items() if n >= min_posts), key=lambda x: (-x[0], x[1])
    )
    return [w for _n, w in ranked[:top]]
