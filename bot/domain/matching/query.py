"""The vectorised part of a query: filters, scores and top-k over a candidate array.

A `QueryPlan` holds what one query needs in index terms (term ids and their weights,
label ids of its structured fields); `filter_and_score` turns candidate doc ids into
(surviving doc ids, scores) with numpy only; `top_k` picks the best with argpartition.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bot.domain.models import PostKind
from bot.domain.vocabulary.glossary import Glossary, default_glossary, has_han

from . import ranking, scoring
from .codes import is_model_code
from .identity import TermClasses
from .index import NONE_ID, SideIndex
from .ranking import comparable
from .rows import CONCEPT, PRODUCT, SPEC, term_keys, words_as_terms
from .scoring import Weights
from .scratch import TermScratch
from .types import MatchFields, PostTerms

if TYPE_CHECKING:
    from .engine import MatchingEngine


# Product words in a row that name query concepts together: (concept ids, word ids) each,
# from `_cover_words`; a candidate holding one of the concepts holds the words too.
NamedRuns = tuple[tuple[np.ndarray, np.ndarray], ...]


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

    @classmethod
    def build(
        cls,
        engine: MatchingEngine,
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
        label = engine.labels.intern
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
            classes=engine.term_classes,
            identity=identity,
            codes=codes,
            named_runs=named_runs,
            scratch=engine.term_scratch,
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
        )


def plan_query(
    engine: MatchingEngine,
    side: SideIndex,
    terms: PostTerms,
    fields: MatchFields,
    post_kind: PostKind | None,
    user_id: int | None,
    dismissed_words: Iterable[str],
) -> QueryPlan | None:
    """What one query needs against `side`: its terms that some open post holds, weighted
    by field and idf (a model code counts `Weights.model_code` product words), the postings
    to walk for candidates, and the reader's "not relevant" terms. None when nothing on
    the side can match."""
    w = engine.weights
    field_weight = {PRODUCT: w.product, SPEC: w.spec, CONCEPT: w.concept}
    get = engine.terms.ids.get
    weighted: dict[int, float] = {}
    walk: list[int] = []
    spec_walk: list[int] = []
    keys = term_keys(terms)
    glosses = {PRODUCT + g for g in terms.glosses} - {PRODUCT + p for p in terms.product}
    for key in keys:
        tid = get(key)
        if tid is None or side.term_df(tid) == 0:
            continue  # no open post has it: it can neither match nor count as missed
        weighted[tid] = field_weight[key[:2]] * float(scoring.idf(side.term_df(tid), side.n_alive))
        if key[:2] == PRODUCT and is_model_code(key[2:]):
            weighted[tid] *= w.model_code  # the same code is the same product
        elif key in glosses:
            weighted[tid] *= w.gloss  # a word's English stands in for it, is not a word more
        (spec_walk if key[:2] == SPEC else walk).append(tid)
    if post_kind is None and not walk:
        walk = spec_walk  # /search with only specs ("304") still finds something
    if not walk:
        return None
    dismissed = [
        tid for key in term_keys(words_as_terms(dismissed_words)) if (tid := get(key)) is not None
    ]
    identity = engine.term_classes.ids_of(keys)
    codes = _code_docs(engine.term_classes, side, weighted)
    named_runs = _cover_words(engine, terms, weighted) if post_kind is not None else ()
    return QueryPlan.build(
        engine, post_kind, fields, weighted, walk, identity, codes, named_runs, user_id, dismissed
    )


def _cover_words(
    engine: MatchingEngine, terms: PostTerms, weighted: dict[int, float]
) -> NamedRuns:
    """Post against post, the query's words that name one of its concepts (蓝牙耳机 and 耳机
    name c:earphones, 无线 names s:wireless) are held by any post holding the concept, in
    its own words or language: their weight moves onto the concept (the ideal score stays
    the same), and each keeps a trace so that it still counts as a shared term; so do the
    pieces of a covered Chinese word (数据 of 数据线). A word with a number in it
    (18650电池, t8灯管) says which one, and is not covered.

    Returns the runs of product words that name a concept together ("usb" "c" "cable"), as
    (concept ids, word ids): a post holding such a concept holds them too (Type-C数据线), but
    their weight stays, since a post may hold the words and not the concept (an offer's
    "hdmi ethernet cable" holds no c:hdmi_cable)."""
    glossary = default_glossary()
    get = engine.terms.ids.get
    moved: set[int] = set()
    product = [PRODUCT + w for w in terms.product]
    specs = [SPEC + w for w in terms.specs]
    # Runs of words only among specs: "type" "c" always come together as s:usb_c, while an
    # offer's "hdmi ethernet cable" holds hdmi and cable but no c:hdmi_cable.
    named: dict[str, list[tuple[frozenset[str], list[str]]]] = {}  # per field, when asked
    for key, words in (
        *((CONCEPT + c, product) for c in terms.concepts),
        *((SPEC + s, specs) for s in terms.specs if s[:2] == "s:"),
    ):
        ctid = get(key)
        if ctid is None or ctid not in weighted:
            continue
        cid = key[4:]  # the concept id, without its field and "c:" / "s:"
        field = SPEC if key[:2] == SPEC else PRODUCT
        if field not in named:
            named[field] = _named(words, glossary, None if field == SPEC else 1)
        naming = [word for ids, run in named[field] if cid in ids for word in run]
        pieces = [w for w in words if has_han(w) and any(w != n and w[2:] in n for n in naming)]
        for word in naming + pieces:  # 数据线 names c:data_cable, and so does its piece 数据
            tid = get(word)
            if tid is None or tid not in weighted or tid in moved:
                continue
            weighted[ctid] += weighted[tid] - _TRACE
            weighted[tid] = _TRACE
            moved.add(tid)
    return _named_runs(terms, product, glossary, get, weighted, moved)


def _named_runs(
    terms: PostTerms,
    product: list[str],
    glossary: Glossary,
    get: Callable[[str], int | None],
    weighted: dict[int, float],
    moved: set[int],
) -> NamedRuns:
    """`_cover_words`' runs: product words in a row, none covered, naming query concepts;
    the longest first, and no word in two runs (its weight is counted once)."""
    concepts = {c[2:]: tid for c in terms.concepts if (tid := get(CONCEPT + c)) in weighted}
    if not concepts or len(product) < 2:
        return ()
    runs = []
    used = set(moved)
    for ids, run in sorted(_named(product, glossary), key=lambda found: -len(found[1])):
        tids = [t for word in run if (t := get(word)) in weighted]  # the rest no post holds
        named = [concepts[c] for c in sorted(ids) if c in concepts]
        if len(run) < 2 or not tids or not named or used.intersection(tids):
            continue
        used.update(tids)
        runs.append((np.array(named, dtype=np.int64), np.array(tids, dtype=np.int64)))
    return tuple(runs)


_TRACE = 1e-9  # the weight a covered word keeps


def _named(
    words: list[str], glossary: Glossary, longest: int | None = None
) -> list[tuple[frozenset[str], list[str]]]:
    """(the concepts it names, its words) for each of these field-tagged words that names
    one, and each run of English words in a row, up to `longest`, that names one together
    ("type" "c": "type c"). A word with a number in it (18650电池, t8灯管) says which one,
    and names none."""
    found = []
    for size in range(1, (longest or glossary.max_phrase_words) + 1):
        for start in range(len(words) - size + 1):
            run = words[start : start + size]
            if size > 1 and any(has_han(word) for word in run):
                continue
            name = " ".join(word[2:] for word in run)
            ids = glossary.lookup_key(name)
            if ids and not any(ch.isdigit() for ch in name):
                found.append((ids, run))
    return found


def _code_docs(classes: TermClasses, side: SideIndex, weighted: dict[int, float]) -> np.ndarray:
    """Docs of `side` holding one of these terms that is a model code."""
    of = classes.catch_up()
    lists = [side.postings_of(t) for t in weighted if of[t] == classes.code]
    return np.concatenate(lists) if lists else np.empty(0, dtype=np.int32)


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


def same_product_prices(
    side: SideIndex, doc: int, term_id: int, now_ts: float, limit: int
) -> tuple[float, list[float]] | None:
    """(the doc's unit price, those of the newest `limit` other open docs holding `term_id`
    in the same price unit); None when the doc states no price."""
    c = side.cols
    if np.isnan(c["price_low"][doc]):
        return None
    peers = side.postings_of(term_id)[-limit:]
    keep = (
        c["alive"][peers]
        & (c["expires"][peers] > now_ts)
        & (c["price_unit"][peers] == c["price_unit"][doc])
        & (peers != doc)
        & ~np.isnan(c["price_low"][peers])
    )
    return float(c["price_low"][doc]), [float(p) for p in c["price_low"][peers[keep]]]
