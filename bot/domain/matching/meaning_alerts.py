"""`alerts`: the posts the dense retriever found (`backing`; docs/meaning.md)
ranked with those the words find, by the engine's own filters, fits, conflicts and alert
rules; and, for a need, the dense retriever's vote among the words' first page
(`second_opinion`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from bot.domain.models import PostKind

from . import alert_rules
from .alert_rules import Ranked
from .dense import (
    NEAR_THE_BEST,
    PASS_EXPANSION,
    REFERENCE,
    DenseIndex,
    cosine,
    cosines,
    support,
)
from .editions import words_of
from .query import filter_and_score, top_k
from .rows import doc_concepts, doc_words
from .types import MatchFields, MatchResult, PostTerms, Reason

if TYPE_CHECKING:
    from .engine import MatchingEngine
    from .index import SideIndex
    from .words_pages import Page

_OTHER = {PostKind.OFFER: PostKind.NEED, PostKind.NEED: PostKind.OFFER}
VIEWS = 2  # of a post's nearest by meaning, those asked whether it stands out for them
STRONGEST = 5  # of the posts standing out, those a pass goes on with (a need's alerts)
FIRST_PAGE = 3  # the words' best offers the dense retriever votes among (a /search page)


def backing(
    dense: DenseIndex,
    crowds: Mapping[str, np.ndarray],
    post_id: int,
    own: str,
    where: str,
    vector: np.ndarray,
) -> dict[int, float]:
    """Post id -> support, for the `STRONGEST` posts of part `where` (`dense.across`)
    that stand out by meaning (`dense.support`, each part's crowd of everyday goods in
    `crowds`, as `unit_rows`) from this post's view, or from their own: each of its
    `VIEWS` nearest that is near its best (`NEAR_THE_BEST`), looking among this post's
    part `own`, may find this post standing out. Who posted first does not decide the
    pair. (The buyer's view has the last word on a new offer: `far_second`, asked by
    `alerts`.)"""
    nearest = dense.nearest(vector, REFERENCE, part=where, expansion=PASS_EXPANSION)
    found = support(nearest, cosines(crowds[where], vector))
    found = dict(sorted(found.items(), key=lambda hit: -hit[1])[:STRONGEST])
    views = [
        other_id
        for other_id, similarity in nearest[:VIEWS]
        if other_id not in found and similarity >= NEAR_THE_BEST * nearest[0][1]
    ]  # a far second from this post's view is no match, whatever it sees
    theirs = dense.vectors_of(views, where)
    for other_id, their_nearest in zip(
        theirs,
        dense.nearest_many(list(theirs.values()), REFERENCE, own, expansion=PASS_EXPANSION),
        strict=True,
    ):
        crowd = cosines(crowds[own], theirs[other_id])
        mine = support(their_nearest, crowd).get(post_id)
        if mine is not None:
            found[other_id] = mine
    return found


def far_second(dense: DenseIndex, need_id: int, vector: np.ndarray, where: str, own: str) -> bool:
    """Whether a new offer (`vector`, of part `own`) is a far second from the view of a
    need of part `where`: under `NEAR_THE_BEST` of that need's nearest offer in `own`.
    Then it is no match for the need, whatever the offer sees: steel screws that find a
    need for insulated bottles standing out among few needs, when that need has steel
    cups on offer far nearer."""
    theirs = dense.vectors_of([need_id], where).get(need_id)
    if theirs is None:
        return False
    close = cosine(theirs, vector)
    best = dense.nearest(theirs, 1, own, expansion=PASS_EXPANSION)
    return bool(best) and close < NEAR_THE_BEST * best[0][1]


def alerts(
    engine: MatchingEngine,
    post_kind: PostKind,
    terms: PostTerms,
    fields: MatchFields,
    support: Mapping[int, float],
    *,
    user_id: int,
    now_ts: float,
    limit: int = 10,
    closeness: Callable[[int], float | None] | None = None,
    post_id: int | None = None,
    paired: Collection[int] = (),
    far_second: Callable[[int], bool] | None = None,
) -> list[MatchResult]:
    """Whom a post alerts among the posts of the other kind its words find and those
    the dense retriever found (`support`: post id -> how strongly meaning ties it to
    this post, `dense.support`), all ranked together as `MatchingEngine.alerts` ranks
    them: the same filters, fits, gates, conflicts and alert rules, with a found post's
    text score and fit at least its support, since across languages the words may share
    nothing.
    A need given `closeness` (post id -> cosine to it by meaning) hears too of the
    `second_opinion`. Those found by meaning have "meaning" as their first reason. A
    need whose words' page was kept (`post_id`, `words_pages`) ranks that page, not every
    candidate of its words again; when meaning found none of its offers, the page's own
    ranking stands if it still holds (`Page.still_ranked`). The posts it is `paired` with
    already (what its words' pass alerted) are ranked with the others and left out of
    what it returns. A new offer given `far_second` (need's post id -> whether the offer
    is a far second from its view) leaves those needs out (`_closest`)."""
    kind = _OTHER[post_kind]
    side = engine._sides[kind]
    voting = closeness is not None and post_kind is PostKind.NEED
    found_by_meaning = engine._docs_of(support, kind)
    supported = np.unique(found_by_meaning if found_by_meaning is not None else [])
    supported = supported.astype(np.int32)
    if not (voting or len(supported)):
        return []
    page = None
    if post_id is not None and post_kind is PostKind.NEED:
        page = engine.words_pages.take(post_id, terms)
    holds = page is not None and page.still_ranked(side, now_ts)
    if page is not None and holds and not len(supported):  # meaning adds nothing to rank
        found = page.found()[:limit]  # a circle's words' pass ranks more than a pass takes
        whole = len(found) == len(page.rows)
        chosen = page.chosen() if whole else _chosen(engine, post_kind, terms, side, found)
    else:
        ranked = _ranked_with(
            engine,
            post_kind,
            terms,
            fields,
            support,
            supported,
            page,
            holds,
            user_id,
            now_ts,
            limit,
        )
        if ranked is None:
            return []
        found, chosen = ranked
    if post_kind is PostKind.OFFER:
        chosen = _closest(chosen, engine.thresholds.alert_margin, far_second, side)
    voted: set[int] = set()
    if voting and closeness is not None:
        meaning_found = set(supported.tolist())
        words_only = [r for r in found if r.doc not in meaning_found]
        vote = second_opinion(words_only, engine.thresholds.alert, closeness, side)
        if vote is not None and vote.doc not in {r.doc for r in chosen}:
            chosen.append(vote)
            voted.add(int(side.cols["post_id"][vote.doc]))
    post_ids = side.cols["post_id"]
    new = [r for r in chosen if int(post_ids[r.doc]) not in paired]  # explained: the new
    return [
        replace(result, reasons=(Reason("meaning"), *result.reasons))
        if result.post_id in support or result.post_id in voted
        else result
        for result in engine._explained(post_kind, terms, fields, new, now_ts)
    ]


def second_opinion(
    words: list[Ranked], alert: float, closeness: Callable[[int], float | None], side: SideIndex
) -> Ranked | None:
    """The dense retriever's vote among a need's first page of offers by its words
    (`words`, best first): the one closest in meaning, when the words' margin rule
    (`alert_rules.choose`) left it out though it scores at least `alert` (what a new
    offer alerts a need at) and within `NEAR_THE_BEST` of the words' best. Where two
    retrievers disagree on the same page, the buyer hears of both choices."""
    page = words[:FIRST_PAGE]
    near = [(c, r) for r in page if (c := closeness(int(side.cols["post_id"][r.doc]))) is not None]
    if not near:
        return None
    _, vote = max(near, key=lambda pair: pair[0])
    if vote.score < alert or vote.score < NEAR_THE_BEST * page[0].score:
        return None
    return vote


def _ranked_with(
    engine: MatchingEngine,
    post_kind: PostKind,
    terms: PostTerms,
    fields: MatchFields,
    support: Mapping[int, float],
    supported: np.ndarray,
    page: Page | None,
    holds: bool,
    user_id: int,
    now_ts: float,
    limit: int,
) -> tuple[list[Ranked], list[Ranked]] | None:
    """The posts its words find (a need's: its kept `page`, else every candidate walked
    again) and the `supported` docs found by meaning, ranked together, and those the alert
    rules choose; None when its words give no query. Where the page's ranking still
    `holds` (`Page.still_ranked`), only the docs found by meaning are scored, and merged
    into it."""
    side = engine._sides[_OTHER[post_kind]]
    plan = engine._plan(side, terms, fields, post_kind, user_id, walking=False)
    if plan is None:
        return None
    floors = np.asarray(
        [support[int(side.cols["post_id"][doc])] for doc in supported], dtype=np.float64
    )
    # the glossary names both products, differently: meaning may bring the pair, but its
    # fit stays its words', so it is alerted only when nothing the glossary agrees with
    # fits about as well (a need for LED bulbs hears of LED bulbs, not of LED strips)
    ours = set(terms.concepts)
    differ = np.asarray(
        [
            ours and (theirs := doc_concepts(side, doc, engine.terms)) and not theirs & ours
            for doc in supported
        ],
        dtype=bool,
    )
    plan = replace(
        plan,
        supported=supported,
        support=floors,
        support_fit=np.where(differ, 0.0, floors),
    )
    ranked_before: list[Ranked] = []
    if post_kind is PostKind.OFFER:  # the needs its words find were alerted at once
        docs = supported
    elif page is not None and holds:  # only those found by meaning are new
        docs, meaning_found = supported, set(supported.tolist())
        ranked_before = [r for r in page.found() if r.doc not in meaning_found]
    else:  # a need chooses among all it finds, by words and by meaning
        if page is None:
            walked = side.candidates(plan.walk_ids, engine.max_candidates)
        else:
            kept = engine._docs_of(page.post_ids, PostKind.OFFER)
            walked = np.unique(kept) if kept is not None else np.empty(0, dtype=np.int32)
        docs = _sorted_with(walked, supported)
    docs, scores, fits = filter_and_score(side, docs, plan, now_ts, None, engine.weights, limit)
    best = top_k(side, docs, scores, 0.0, 0, limit)
    found = [Ranked(doc, float(scores[at]), float(fits[at])) for doc, at in best]
    if ranked_before:  # in `top_k`'s order: the higher score, then the newer post
        created = side.cols["created"]
        found = sorted(found + ranked_before, key=lambda r: (-r.score, -created[r.doc]))[:limit]
    return found, _chosen(engine, post_kind, terms, side, found)


def _chosen(
    engine: MatchingEngine,
    post_kind: PostKind,
    terms: PostTerms,
    side: SideIndex,
    found: list[Ranked],
) -> list[Ranked]:
    """Whom the alert rules choose among `found` (best first)."""
    return alert_rules.choose(
        post_kind,
        found,
        engine.thresholds,
        words_of(terms),
        lambda r: doc_words(side, r.doc, engine.terms),
    )


def _closest(
    above: list[Ranked], margin: float, far_second: Callable[[int], bool] | None, side: SideIndex
) -> list[Ranked]:
    """The needs over the alert line (`above`) a new offer alerts by meaning, as by words
    every need over it, but only those within `margin` of the closest fit, leaving out the
    needs from whose view it is a `far_second` (asked, a search each, only of the needs
    it could alert, closest first)."""
    kept: set[int] = set()
    closest = None
    for r in sorted(above, key=lambda r: -r.fit):
        if closest is not None and r.fit < closest - margin:
            break
        if far_second is not None and far_second(int(side.cols["post_id"][r.doc])):
            continue
        closest = r.fit if closest is None else closest
        kept.add(r.doc)
    return [r for r in above if r.doc in kept]


def _sorted_with(walked: np.ndarray, supported: np.ndarray) -> np.ndarray:
    """The sorted, unique `walked` docs with the few `supported` ones put in their places
    (a merge, not a sort of the thousands walked)."""
    if not len(walked):
        return supported
    at = np.searchsorted(walked, supported)
    there = (at < len(walked)) & (walked[np.minimum(at, len(walked) - 1)] == supported)
    return np.insert(walked, at[~there], supported[~there])
