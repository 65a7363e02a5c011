"""The vectorised part of a query: filters, scores and top-k over a candidate array.

Given a `QueryPlan` (plan.py, built by planner.py), `filter_and_score` turns candidate doc
ids into (surviving doc ids, scores) with numpy only; `top_k` picks the best with
argpartition.
"""

from __future__ import annotations

import math

import numpy as np

from bot.domain.models import PostKind

from . import ranking
from .index import SideIndex
from .plan import QueryPlan
from .ranking import comparable
from .scoring import Weights


def filter_and_score(
    side: SideIndex,
    docs: np.ndarray,
    plan: QueryPlan,
    now_ts: float,
    excluded: np.ndarray | None,
    w: Weights,
    best: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Drop closed, expired, own, excluded and far-over-budget candidates; score the rest
    (ranking.py). Returns the surviving docs, their scores and their words' fit: post
    against post, the share of the query's weight each holds; for /search, the text score.
    Scores are exact for the `best` highest; below them a score may be an upper bound
    (identity conflicts are only worked out for candidates that could reach the top, see
    `ranking._conflict_factors`)."""
    c = side.cols
    keep = c["alive"][docs] & (c["expires"][docs] > now_ts)
    if plan.user_id is not None:
        keep &= c["owner"][docs] != plan.user_id
    if excluded is not None and len(excluded):
        keep &= ~np.isin(docs, excluded)
    if plan.kind is not None and not math.isnan(plan.price):
        units = c["price_unit"][docs]
        if plan.kind is PostKind.NEED:  # candidates are offers: their price vs our budget
            other = c["price_low"][docs]
            too_dear = other > plan.price * w.price_tolerance
        else:  # candidates are needs: our price vs their budget
            other = c["price_high"][docs]
            too_dear = plan.price > other * w.price_tolerance
        keep &= ~(too_dear & comparable(units, plan.price_unit))
    docs = docs[keep]
    n = len(docs)
    if n == 0:
        return docs, np.empty(0, dtype=np.float64), np.empty(0, dtype=np.float64)

    flat, seg = side.gather(docs)
    with plan.scratch.holding(plan.term_ids, plan.term_weights) as dense:
        cands = ranking.Candidates(side, docs, flat, seg, dense)
        scores, fit = ranking.score(cands, plan, now_ts, w, best)
    return docs, scores, fit


def top_k(
    side: SideIndex, docs: np.ndarray, scores: np.ndarray, floor: float, offset: int, limit: int
) -> list[tuple[int, int]]:
    """(doc, position in `docs`) of the best `limit` after `offset` with score >= floor;
    ties go to the newer post."""
    idx = np.flatnonzero(scores >= floor)
    k = offset + limit
    if k <= 0 or len(idx) == 0:
        return []
    if len(idx) > k:
        idx = idx[np.argpartition(-scores[idx], k - 1)[:k]]
    created = side.cols["created"][docs[idx]]
    idx = idx[np.lexsort((-created, -scores[idx]))][offset:k]
    return [(int(docs[i]), int(i)) for i in idx]


def unit_prices(side: SideIndex, docs: np.ndarray, kind: PostKind) -> np.ndarray:
    """The docs' unit prices as the market reads them: an offer's price (its lowest), a
    need's budget (its ceiling, else the price it names); NaN where none is named."""
    c = side.cols
    if kind is PostKind.OFFER:
        return c["price_low"][docs]
    high = c["price_high"][docs]
    return np.where(np.isnan(high), c["price_low"][docs], high)


def comparable_docs(
    side: SideIndex,
    kind: PostKind,
    term_id: int,
    unit: object,
    exclude: int,
    now_ts: float,
    limit: int,
) -> tuple[np.ndarray, np.ndarray]:
    """The newest `limit` open docs of `side` (posts of `kind`) holding `term_id` and
    priced in `unit`, other than doc `exclude`, with their `unit_prices`."""
    c = side.cols
    peers = side.postings_of(term_id)[-limit:]
    prices = unit_prices(side, peers, kind)
    keep = (
        c["alive"][peers]
        & (c["expires"][peers] > now_ts)
        & (c["price_unit"][peers] == unit)
        & (peers != exclude)
        & ~np.isnan(prices)
    )
    return peers[keep], prices[keep]
