"""Scores of the candidates that pass the filters (`query.filter_and_score`): the text
score from each candidate's gathered terms, the structured fits (quantity, price, place,
freshness, trust), the gates, and the identity conflicts for those that could reach the top.

Tried and dropped (2026-12-04): working out the structured fits only for the candidates
whose text could carry them into the top (every other fit is at most 1, so the text bounds
the score). Candidates that share the query's concept all have a high text, the bound
pruned only 44% of the work at 100k open posts, and a third of the queries needed a second
or third round: no faster at the median and slower at p99.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from bot.domain.models import PostKind

from . import features, scoring
from .identity import identity_evidence
from .index import SideIndex
from .interner import NONE_ID
from .plan import QueryPlan
from .scoring import Weights


def comparable(units: np.ndarray, unit: int) -> np.ndarray:
    """Like with like; a side that states no unit is taken to mean the other's."""
    return (units == unit) | (units == NONE_ID) | (unit == NONE_ID)


class Candidates(NamedTuple):
    """One query's candidates on `side`: their doc ids, their terms gathered
    (`SideIndex.gather`: term ids `flat`, each with its doc's position `seg`), and the
    query's weight per term id (`dense`)."""

    side: SideIndex
    docs: np.ndarray
    flat: np.ndarray
    seg: np.ndarray
    dense: np.ndarray


def score(
    cands: Candidates, plan: QueryPlan, now_ts: float, w: Weights, best: int
) -> tuple[np.ndarray, np.ndarray]:
    """(scores, fits) of the candidates. The fit is, post against post, the share of the
    query's weight a candidate holds; for /search, its text score. Scores are exact for
    the `best` highest (see `_conflict_factors`)."""
    text, fit = _text(cands, plan, w)
    scores = _fitted(cands.side, cands.docs, text, plan, now_ts, w)
    if len(plan.dismissed):
        dismissed = np.isin(cands.flat, plan.dismissed)
        hits = np.bincount(cands.seg, weights=dismissed, minlength=len(cands.docs))
        scores *= scoring.penalty_factor(hits, w)
    asked_and_had = features.boost(cands.side.cols, cands.docs, plan, w)
    if asked_and_had is not None:  # before conflicts, which only lower a score
        scores = np.minimum(scores * asked_and_had, 1.0)
    if len(plan.identity):  # different items however many words they share: both drop
        factor = _conflict_factors(cands, scores, plan, w, best)
        scores, fit = scores * factor, fit * factor
    return scores, fit


def _text(cands: Candidates, plan: QueryPlan, w: Weights) -> tuple[np.ndarray, np.ndarray]:
    """(text score, fit) per candidate."""
    side, docs, flat, seg, dense = cands
    c = side.cols
    n = len(docs)
    held_weights = dense[flat]
    raw = np.bincount(seg, weights=held_weights, minlength=n)
    for concepts, words in plan.named_runs:  # holding the concept is holding its words
        held_words = np.bincount(seg, weights=held_weights * np.isin(flat, words), minlength=n)
        has_concept = np.bincount(seg, weights=np.isin(flat, concepts), minlength=n) > 0
        raw += np.where(has_concept, np.maximum(dense[words].sum() - held_words, 0.0), 0.0)
    lengths = c["dl"][docs]
    text = scoring.text_score(raw * scoring.length_norm(lengths, side.avg_len, w), plan.ideal)
    if plan.kind is None:
        return text, text  # /search ranks by the searcher's own words
    # post against post: a brief listing wholly inside a long title is as specific as the
    # title; the fit has no length normalisation (a seller who says more fits as well)
    shared = np.bincount(seg, weights=held_weights > 0, minlength=n)
    contained = shared / np.maximum(lengths, 1)
    held = np.clip(raw / plan.ideal, 0.0, 1.0) if plan.ideal > 0 else raw
    text = np.maximum(text, contained * (w.containment + (1 - w.containment) * held))
    if len(plan.codes):
        same_code = np.isin(docs, plan.codes)
        text = np.where(same_code, np.maximum(text, w.same_code), text)
    if len(plan.supported):  # found by meaning: it may share no word with the query
        text, held = _with_support(cands, plan, text, held)
    return text, held


def _with_support(
    cands: Candidates, plan: QueryPlan, text: np.ndarray, held: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The text score and fit of candidates the dense retriever found: their words count
    only when they share a product word or concept with the query (specs alone are no
    match, as for the candidates the words find); the text is at least the support, the
    fit at least `support_fit`."""
    docs = cands.docs
    shares = np.bincount(
        cands.seg, weights=np.isin(cands.flat, plan.walk_ids), minlength=len(docs)
    )
    text, held = np.where(shares > 0, text, 0.0), np.where(shares > 0, held, 0.0)
    at = np.minimum(np.searchsorted(plan.supported, docs), len(plan.supported) - 1)
    found = plan.supported[at] == docs
    text = np.maximum(text, np.where(found, plan.support[at], 0.0))
    return text, np.maximum(held, np.where(found, plan.support_fit[at], 0.0))


def _stated(plan: QueryPlan) -> tuple[bool, bool, bool]:
    """Whether the asking post states a quantity, a price, a place or trade term: a field
    it does not state is no evidence about any candidate, and is left out of the score."""
    if plan.kind is None:
        return False, False, False
    place = plan.loc != NONE_ID or plan.trade != NONE_ID
    return not math.isnan(plan.amount), not math.isnan(plan.price), place


def _fitted(
    side: SideIndex,
    docs: np.ndarray,
    text: np.ndarray,
    plan: QueryPlan,
    now_ts: float,
    w: Weights,
) -> np.ndarray:
    """Scores from the text and the structured fits, with the quantity gate and the item
    type conflict (accessories.py) applied."""
    c = side.cols
    has_quantity, has_price, has_place = _stated(plan)
    quantity = price = place = None
    if plan.kind is not None:
        quantity, gate, price = _quantity_and_price(c, docs, plan)
        quantity = quantity if has_quantity else None
        price = price if has_price else None
        if has_place:
            same_trade = (c["trade"][docs] == plan.trade) & (plan.trade != NONE_ID)
            place = scoring.place_fit(
                plan.loc, plan.region, c["loc"][docs], c["region"][docs], same_trade
            )
    fresh = scoring.freshness(c["created"][docs], now_ts, w)
    scores = scoring.combine(text, quantity, price, place, fresh, c["trust"][docs], w)
    if plan.kind is not None:
        scores *= gate
    if plan.item_type != NONE_ID:  # a flask against a lid for flasks
        other_type = c["item_type"][docs]
        differ = (other_type != NONE_ID) & (other_type != plan.item_type)
        scores *= np.where(differ, w.item_type_conflict, 1.0)
    return scores


def _conflict_factors(
    cands: Candidates, scores: np.ndarray, plan: QueryPlan, w: Weights, best: int
) -> np.ndarray:
    """The identity-conflict factor per candidate, worked out only for the candidates that
    could end in the `best` highest (1 for the rest): a conflict only lowers a score, so
    once the `best`-th score after conflicts is at least every unworked score, the top is
    exact."""
    side, docs, dense = cands.side, cands.docs, cands.dense
    n = len(docs)
    size = min(n, max(64, 4 * best))
    while True:
        if size >= n:
            chosen, rest_max = np.arange(n), -np.inf
        else:
            order = np.argpartition(-scores, size)
            chosen, rest_max = order[:size], float(scores[order[size]])
        flat, seg = side.gather(docs[chosen])
        factor, _same_code = identity_evidence(
            plan.classes, plan.identity, dense[flat] > 0, flat, seg, len(chosen), w
        )
        final = scores[chosen] * factor
        kth = np.partition(final, len(final) - min(best, len(final)))[-min(best, len(final))]
        if size >= n or kth >= rest_max:
            out = np.ones(n, dtype=np.float64)
            out[chosen] = factor
            return out
        size *= 4


def _quantity_and_price(
    c: dict[str, np.ndarray], docs: np.ndarray, plan: QueryPlan
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(quantity fit, quantity gate, price fit) per candidate."""
    price_units = comparable(c["price_unit"][docs], plan.price_unit)
    if plan.kind is PostKind.NEED:  # we need `amount`; they sell with an MOQ at a price
        need_qty: float | np.ndarray = plan.amount
        moq: float | np.ndarray = np.where(
            comparable(c["moq_unit"][docs], plan.amount_unit), c["moq"][docs], np.nan
        )
        offer_price = np.where(price_units, c["price_low"][docs], np.nan)
        price = scoring.price_fit(plan.price, offer_price)
    else:  # we sell with MOQ `amount` at `price`; they need a quantity within a budget
        need_qty = np.where(
            comparable(c["qty_unit"][docs], plan.amount_unit), c["qty"][docs], np.nan
        )
        moq = plan.amount
        budget = np.where(price_units, c["price_high"][docs], np.nan)
        price = scoring.price_fit(budget, plan.price)
    return scoring.quantity_fit(need_qty, moq), scoring.quantity_gate(need_qty, moq), price
