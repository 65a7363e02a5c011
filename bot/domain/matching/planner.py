"""Planning a query (`plan_query`): its terms that some open post holds, weighted by field
and idf, the postings to walk for candidates, and, post against post, the query words that
name its concepts (covered words and named runs), as a `QueryPlan` (plan.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from bot.domain.models import PostKind
from bot.domain.vocabulary.glossary import Glossary, default_glossary, has_han

from . import scoring
from .codes import is_model_code
from .identity import TermClasses
from .index import SideIndex
from .plan import NamedRuns, QueryContext, QueryPlan
from .rows import CONCEPT, PRODUCT, SPEC, term_keys, words_as_terms
from .types import MatchFields, PostTerms


def plan_query(
    context: QueryContext,
    side: SideIndex,
    terms: PostTerms,
    fields: MatchFields,
    post_kind: PostKind | None,
    user_id: int | None,
    dismissed_words: Iterable[str],
    *,
    walking: bool = True,
) -> QueryPlan | None:
    """What one query needs against `side`: its terms that some open post holds, weighted
    by field and idf (a model code counts `Weights.model_code` product words), the postings
    to walk for candidates, and the reader's "not relevant" terms. None when nothing on
    the side can match, unless the candidates come from elsewhere (`walking` False: the
    dense retriever's, whose words may share nothing with the query's)."""
    w = context.weights
    field_weight = {PRODUCT: w.product, SPEC: w.spec, CONCEPT: w.concept}
    get = context.terms.ids.get
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
    if not walk and walking:
        return None
    dismissed = [
        tid for key in term_keys(words_as_terms(dismissed_words)) if (tid := get(key)) is not None
    ]
    identity = context.term_classes.ids_of(keys)
    codes = _code_docs(context.term_classes, side, weighted)
    named_runs = _cover_words(context, terms, weighted) if post_kind is not None else ()
    return QueryPlan.build(
        context, post_kind, fields, weighted, walk, identity, codes, named_runs, user_id, dismissed
    )


def _cover_words(context: QueryContext, terms: PostTerms, weighted: dict[int, float]) -> NamedRuns:
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
    get = context.terms.ids.get
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
