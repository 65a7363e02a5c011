"""Match scores: text relevance combined with structured fit. Every score is in 0..1.

    score = penalty * gate * (W_TEXT * text + W_QTY * quantity + W_PRICE * price
                       + W_PLACE * place + W_FRESH * fresh + W_TRUST * trust)

with the default weights 0.60 / 0.12 / 0.12 / 0.06 / 0.05 / 0.05 (they sum to 1), and
score = 0 whenever the pair shares no product word and no concept (`text` is then 0 and
the pair is never a candidate): a spec-only overlap such as "304不锈钢" is not a match.
A field the asking post does not state (a need with no budget, no quantity or no place)
says nothing about any candidate: it is left out and the sum is divided by the weights
that remain. The score is then multiplied by the identity-conflict factor (identity.py):
0.8 per class of sizes or numbers both posts state without sharing one, 0.6 for
different model codes, 0.7 for different brands.

* text (0..1): BM25 with binary term frequency (posts are short; repeating a word is not
  evidence), summed over shared terms, each weighted by its field (concept 1.5, product
  word 1.0, spec 0.3; a model code such as ln46a550 counts 3 product words; the query's
  CC-CEDICT glosses, English standing in for its Chinese words, 0.3) and idf, and
  divided by the query's ideal score (all its terms present in a document of average
  length), then clipped to 1. A need whose code the other post lacks loses that much.
  Post against post, a query word that names one of the query's concepts (蓝牙耳机 and
  耳机 name c:earphones) counts as held by a candidate holding that concept: an English
  "bluetooth earbuds" post holds it in its own words.
  Post against post (not /search) the text score is at least C * (0.85 + 0.15 * H),
  C the share of the candidate's own terms that the query holds, H the share of the
  query's weight the candidate holds: a short listing wholly inside a long title ("acid
  music studio 7") is not held back by the long title's extra words.
* quantity (0..1, 0.5 = unknown): need quantity >= offer MOQ -> 1; below it
  0.5 * sqrt(qty / moq), so a need at a quarter of the MOQ scores 0.25. Below half the
  MOQ the whole score is also multiplied by 0.5 + qty / moq (`quantity_gate`): 50 kg
  against an MOQ of 20 t is not worth an alert however well the words match.
* price (0..1, 0.5 = unknown / different units): offer price <= need budget -> 1; above
  it 0.5 * (budget / price)^2. Prices are CNY per base unit (bot.domain.money / units).
* place (0..1, 0.5 = unknown): same place 1.0, same region (a "known route") 0.75,
  both known and different 0.35; + 0.1 when both state the same trade term.
* fresh (0..1): 0.5 ** (age_days / half_life_days), half-life 7 days by default.
* trust (0..1): the counterpart's trust as stored, 0.5 neutral.
* penalty (0.2..1): 0.5 per concept/word the reader marked "not relevant" that the
  candidate carries, floored at 0.2.
* features (1..1.04): post against post, a need asking for a custom logo, OEM, a
  certification or samples scores an offer having them up to 4% higher, by the share of
  what it asks that the offer has (features.py); never above 1.

Arrays in, arrays out: NaN means "not stated". The functions work on numpy scalars too,
which is what the table tests use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .regions import REGIONS

FloatArray = NDArray[np.float64]

DAY = 86400.0


@dataclass(frozen=True, slots=True)
class Weights:
    """Score weights and shape parameters; the defaults are documented in the module."""

    text: float = 0.60
    quantity: float = 0.12
    price: float = 0.12
    place: float = 0.06
    fresh: float = 0.05
    trust: float = 0.05
    concept: float = 1.5  # field weights inside the text score
    product: float = 1.0
    spec: float = 0.3
    gloss: float = 0.3  # a query's CC-CEDICT English for its Chinese word, times a product word
    model_code: float = 3.0  # times a product word: a shared model code all but settles it
    containment: float = 0.85  # text floor for a candidate wholly inside the query
    same_code: float = 0.9  # text floor for a candidate holding the query's model code
    conflict: float = 0.8  # per class of sizes / numbers both state and share none of
    code_conflict: float = 0.6  # both name model codes and none is the same
    brand_conflict: float = 0.7  # both name brands and none is the same
    exclusive_conflict: float = (
        0.6  # both name a connector (glossary.EXCLUSIVE_CATEGORIES), not one
    )
    item_type_conflict: float = 0.5  # goods against an accessory of them, or two accessories
    feature: float = 0.04  # times the share of a need's asked features an offer has
    k1: float = 1.2
    b: float = 0.75
    half_life_days: float = 7.0
    price_tolerance: float = 1.5  # hard filter: offer price above budget * this is dropped
    penalty: float = 0.5
    penalty_floor: float = 0.2


@dataclass(frozen=True, slots=True)
class Thresholds:
    """`alert`: lowest score that triggers a push alert; `min_score`: lowest score shown;
    `alert_margin`: a need is alerted only to offers whose words' fit (the share of the
    need's words they hold, `MatchResult.fit`) is within this much of the best alerted
    offer's, so a buyer asking for one item hears of that item's sellers,
    not of its neighbours; `standout` / `standout_gap`: when no offer reaches `alert`, the
    best one still alerts a need if it scores at least `standout` and leads the next by
    `standout_gap` (MatchingEngine.alerts)."""

    alert: float = 0.62
    min_score: float = 0.35
    alert_margin: float = 0.06
    standout: float = 0.5
    standout_gap: float = 0.08


DEFAULT_WEIGHTS = Weights()


def idf(df: ArrayLike, n_docs: int) -> FloatArray:
    """BM25+ style idf, always positive: log(1 + (N - df + 0.5) / (df + 0.5))."""
    d = np.asarray(df, dtype=np.float64)
    return np.log1p((n_docs - d + 0.5) / (d + 0.5))


def length_norm(doc_len: ArrayLike, avg_len: float, w: Weights = DEFAULT_WEIGHTS) -> FloatArray:
    """BM25 saturation for tf = 1; equals 1 at the average length."""
    dl = np.asarray(doc_len, dtype=np.float64)
    avg = avg_len if avg_len > 0 else 1.0
    return (w.k1 + 1.0) / (1.0 + w.k1 * (1.0 - w.b + w.b * dl / avg))


def text_score(raw: ArrayLike, ideal: float) -> FloatArray:
    """Normalise a summed BM25 score by the query's ideal score, into 0..1."""
    r = np.asarray(raw, dtype=np.float64)
    if ideal <= 0:
        return np.zeros_like(r)
    return np.clip(r / ideal, 0.0, 1.0)


def quantity_fit(need_qty: ArrayLike, offer_moq: ArrayLike) -> FloatArray:
    """1 when the need covers the MOQ, 0.5*sqrt(ratio) below it, 0.5 when either is unknown."""
    q = np.asarray(need_qty, dtype=np.float64)
    m = np.asarray(offer_moq, dtype=np.float64)
    known = ~(np.isnan(q) | np.isnan(m)) & (m > 0)
    with np.errstate(over="ignore"):  # a tiny MOQ: the ratio is inf, and counts as >= 1
        ratio = np.where(known, q / np.where(known, m, 1.0), 1.0)
    fit = np.where(ratio >= 1.0, 1.0, 0.5 * np.sqrt(np.clip(ratio, 0.0, 1.0)))
    return np.where(known, fit, 0.5)


def quantity_gate(need_qty: ArrayLike, offer_moq: ArrayLike) -> FloatArray:
    """Multiplier for the whole score when the need is far below the MOQ: 1 from half the
    MOQ up, falling linearly to 0.5 at zero, so such a pair can still be listed but does
    not reach the alert threshold on text alone. 1 when either is unknown."""
    q = np.asarray(need_qty, dtype=np.float64)
    m = np.asarray(offer_moq, dtype=np.float64)
    known = ~(np.isnan(q) | np.isnan(m)) & (m > 0)
    with np.errstate(over="ignore"):  # a tiny MOQ: the ratio is inf, and counts as >= 1
        ratio = np.where(known, q / np.where(known, m, 1.0), 1.0)
    return np.where(known, np.minimum(1.0, 0.5 + np.clip(ratio, 0.0, 1.0)), 1.0)


def price_fit(budget: ArrayLike, offer_price: ArrayLike) -> FloatArray:
    """1 when the offer is within budget, 0.5*(budget/price)^2 above it, 0.5 if unknown.
    Callers pass NaN for prices in different units so they stay neutral."""
    bud = np.asarray(budget, dtype=np.float64)
    p = np.asarray(offer_price, dtype=np.float64)
    known = ~(np.isnan(bud) | np.isnan(p)) & (p > 0) & (bud >= 0)
    with np.errstate(over="ignore"):  # a tiny price: the ratio is inf, clipped to 1
        ratio = np.clip(np.where(known, bud / np.where(known, p, 1.0), 1.0), 0.0, 1.0)
    fit = 0.5 * ratio * ratio + np.where(ratio >= 1.0, 0.5, 0.0)
    return np.where(known, fit, 0.5)


def place_fit(
    place_a: ArrayLike,
    region_a: ArrayLike,
    place_b: ArrayLike,
    region_b: ArrayLike,
    same_trade_term: ArrayLike = False,
) -> FloatArray:
    """Place ids and region ids, -1 meaning unknown. See the module docstring."""
    pa, ra = np.asarray(place_a), np.asarray(region_a)
    pb, rb = np.asarray(place_b), np.asarray(region_b)
    known = (pa >= 0) & (pb >= 0)
    same_region = (ra >= 0) & (ra == rb)
    fit = np.where(pa == pb, 1.0, np.where(same_region, 0.75, 0.35))
    fit = np.where(known, fit, 0.5)
    return np.minimum(1.0, fit + 0.1 * np.asarray(same_trade_term, dtype=np.float64))


def freshness(created_ts: ArrayLike, now_ts: float, w: Weights = DEFAULT_WEIGHTS) -> FloatArray:
    """Exponential decay with the configured half-life; future timestamps count as new."""
    age = np.maximum(0.0, now_ts - np.asarray(created_ts, dtype=np.float64)) / DAY
    return np.power(0.5, age / w.half_life_days)


def penalty_factor(hits: ArrayLike, w: Weights = DEFAULT_WEIGHTS) -> FloatArray:
    """Multiplier for candidates carrying `hits` terms the reader marked not relevant."""
    h = np.asarray(hits, dtype=np.float64)
    return np.maximum(w.penalty_floor, np.power(w.penalty, h))


def combine(
    text: ArrayLike,
    quantity: ArrayLike | None,
    price: ArrayLike | None,
    place: ArrayLike | None,
    fresh: ArrayLike,
    trust: ArrayLike,
    w: Weights = DEFAULT_WEIGHTS,
) -> FloatArray:
    """Weighted sum in 0..1; zero text (no shared product word or concept) gives 0. A fit
    given as None (the asking post does not state that field, so it says nothing about any
    candidate) is left out and the other weights share its part."""
    t = np.asarray(text, dtype=np.float64)
    parts = [
        (w.text, t),
        (w.quantity, quantity),
        (w.price, price),
        (w.place, place),
        (w.fresh, fresh),
        (w.trust, np.clip(np.asarray(trust, dtype=np.float64), 0.0, 1.0)),
    ]
    total = sum(
        weight * np.asarray(fit, dtype=np.float64) for weight, fit in parts if fit is not None
    )
    weight_sum = sum(weight for weight, fit in parts if fit is not None)
    return np.where(t > 0, np.clip(total / weight_sum, 0.0, 1.0), 0.0)


def region_of(place: str | None) -> str | None:
    return REGIONS.get(place) if place else None


def nan_if_none(value: float | None) -> float:
    return math.nan if value is None else float(value)
