"""`QueryPlan`: what one query needs in index terms (term ids and their weights, the
postings to walk, label ids of its structured fields), built by planner.py and read by
query.py and ranking.py; `QueryContext`: what building one reads of the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from bot.domain.models import PostKind

from . import scoring
from .identity import TermClasses
from .interner import NONE_ID, Interner
from .scoring import Weights
from .scratch import TermScratch
from .types import MatchFields

# Product words in a row that name query concepts together: (concept ids, word ids) each,
# from `planner._cover_words`; a candidate holding one of the concepts holds the words too.
NamedRuns = tuple[tuple[np.ndarray, np.ndarray], ...]


class QueryContext(Protocol):
    """What planning a query reads of the engine (`MatchingEngine`): its weights, the id
    maps shared by both sides, and the tables built on the term ids."""

    weights: Weights
    terms: Interner
    labels: Interner
    term_classes: TermClasses
    term_scratch: TermScratch


@dataclass(frozen=True, slots=True)
class QueryPlan:
    kind: PostKind | None  # kind of the asking post; None for /search
    walk_ids: list[int]  # product words and concepts whose postings give the candidates
    term_ids: np.ndarray
    term_weights: np.ndarray
    ideal: float  # text score of a doc of average length holding every query term
    classes: TermClasses
    identity: np.ndarray  # class ids of the query's identity terms (identity.py)
    codes: np.ndarray  # docs holding one of the query's model codes (or a code's stem)
    named_runs: NamedRuns
    scratch: TermScratch
    user_id: int | None
    dismissed: np.ndarray
    price: float  # asking need: its budget; asking offer: its price (NaN if none)
    price_unit: int
    amount: float  # asking need: its quantity; asking offer: its MOQ (NaN if none)
    amount_unit: int
    loc: int
    region: int
    trade: int
    item_type: int
    features: str | None  # the asking post's, as their label (features.py)
    label_names: list[str]  # the engine's label names by id, which features are read from
    # candidates the dense retriever found (doc ids, sorted) and their meaning's support:
    # each one's text is at least `support` and its fit at least `support_fit`
    # (`meaning_alerts.alerts`)
    supported: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    support: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.float64))
    support_fit: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.float64))

    @classmethod
    def build(
        cls,
        context: QueryContext,
        kind: PostKind | None,
        fields: MatchFields,
        weighted: dict[int, float],
        walk: list[int],
        identity: np.ndarray,
        codes: np.ndarray,
        named_runs: NamedRuns,
        user_id: int | None,
        dismissed: list[int],
    ) -> QueryPlan:
        label = context.labels.intern
        if kind is PostKind.NEED:
            price = fields.price_high if fields.price_high is not None else fields.price_low
            amount, amount_unit = fields.quantity, fields.quantity_unit
            loc = fields.destination or fields.place
        else:
            price = fields.price_low if fields.price_low is not None else fields.price_high
            amount, amount_unit = fields.moq, fields.moq_unit
            loc = fields.place
        region = scoring.region_of(loc)
        weights = np.fromiter(weighted.values(), dtype=np.float64, count=len(weighted))
        return cls(
            kind=kind,
            walk_ids=walk,
            term_ids=np.fromiter(weighted.keys(), dtype=np.int64, count=len(weighted)),
            term_weights=weights,
            ideal=float(weights.sum()),
            classes=context.term_classes,
            identity=identity,
            codes=codes,
            named_runs=named_runs,
            scratch=context.term_scratch,
            user_id=user_id,
            dismissed=np.asarray(dismissed, dtype=np.int64),
            price=scoring.nan_if_none(price),
            price_unit=label(fields.price_unit) if fields.price_unit else NONE_ID,
            amount=scoring.nan_if_none(amount),
            amount_unit=label(amount_unit) if amount_unit else NONE_ID,
            loc=label(loc) if loc else NONE_ID,
            region=label(region) if region else NONE_ID,
            trade=label(fields.trade_term) if fields.trade_term else NONE_ID,
            item_type=label(fields.item_type) if fields.item_type else NONE_ID,
            features=fields.features,
            label_names=context.labels.names,
        )
