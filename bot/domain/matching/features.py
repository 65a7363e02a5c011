"""What a need asks for beside the goods (custom logo, OEM, a certification, samples:
`vocabulary.features`) and the offers that have it: a small boost and a reason, never a
match. The boost multiplies a score already made of the goods' words, so it lifts
nothing that shares no product word or concept with the need; it counts only what the
need asks, so features an offer lists that nobody asked for gain nothing; and it is at
most `Weights.feature` (4%), so an offer for the need's goods without the feature stays
above an offer for other goods with every feature. Feature words are no product words
(terms.py masks them), so stuffing "OEM CE FDA" into an offer finds it no candidates.
"""

from __future__ import annotations

import numpy as np

from bot.domain.models import PostKind
from bot.domain.vocabulary.features import FREE_SAMPLES, SAMPLES

from .interner import NONE_ID
from .plan import QueryPlan
from .scoring import Weights


def answered(asked: str | None, offered: str | None) -> tuple[str, ...]:
    """The features a need asks for that an offer has (free samples answer samples), in
    label order; each side as its label."""
    has = set((offered or "").split())
    if FREE_SAMPLES in has:
        has.add(SAMPLES)
    return tuple(code for code in (asked or "").split() if code in has)


def boost(
    cols: dict[str, np.ndarray], docs: np.ndarray, plan: QueryPlan, w: Weights
) -> np.ndarray | None:
    """Per candidate, 1 + `w.feature` x the share of the need's asked features the offer
    has; None when no pair can gain (/search, a need asking nothing, an offer with none)."""
    if plan.kind is None or not plan.features:
        return None
    ids = cols["features"][docs]
    if not (ids != NONE_ID).any():
        return None
    unique, inverse = np.unique(ids, return_inverse=True)
    names = plan.label_names
    shares = np.array([_share(plan, names[i] if i != NONE_ID else None) for i in unique])
    return 1.0 + w.feature * shares[inverse]


def _share(plan: QueryPlan, theirs: str | None) -> float:
    asked, offered = (
        (plan.features, theirs) if plan.kind is PostKind.NEED else (theirs, plan.features)
    )
    return len(answered(asked, offered)) / len(asked.split()) if asked else 0.0
