"""`MatchingEngine`: the facade the services use to index open posts and find counterparts.

One `SideIndex` per kind, kept by `OpenPosts` (open_posts.py). `match` looks for
candidates on the OTHER side through the query's product words and concepts (so a
spec-only overlap never matches), filters them (alive, not expired, not the asker's own,
not excluded, price not far over budget), scores them (scoring.py, 0..1) and explains the
top ones (explain.py). Everything is in
memory; on start the app rebuilds it from the open posts in the database and replays the
readers' "not relevant" marks into `dismissals` (dismissals.py), which `match` reads.

Not thread-safe: the bot runs it on one event loop.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np

from bot.domain.models import PostKind

from . import alert_rules
from .alert_rules import Ranked
from .dismissals import Dismissals
from .editions import words_of
from .explain import explain, shared_term_reasons
from .fields import fields_from_parsed
from .identity import TermClasses
from .index import SideIndex
from .open_posts import OpenPosts
from .plan import QueryPlan
from .planner import plan_query
from .query import comparable_docs, filter_and_score, top_k, unit_prices
from .rows import doc_words, from_rows, product_term
from .scoring import DEFAULT_WEIGHTS, Thresholds, Weights
from .scratch import TermScratch
from .types import Comparable, MatchFields, MatchResult, Peer, PostTerms
from .words_pages import Page, WordsPages

__all__ = ["MatchingEngine", "fields_from_parsed"]

_OTHER = {PostKind.OFFER: PostKind.NEED, PostKind.NEED: PostKind.OFFER}


class MatchingEngine(OpenPosts):
    """In-memory matching over open posts. See the module docstring."""

    def __init__(
        self,
        *,
        weights: Weights = DEFAULT_WEIGHTS,
        thresholds: Thresholds | None = None,
        max_candidates: int = 4096,
        capacity: int = 1024,
    ) -> None:
        super().__init__(capacity)
        self.weights = weights
        self.thresholds = thresholds or Thresholds()
        self.max_candidates = max_candidates
        self.term_classes = TermClasses(self.terms)
        self.term_scratch = TermScratch(self.terms)
        self.dismissals = Dismissals()  # the readers' "not relevant" marks
        self.words_pages = WordsPages()  # needs' words' finds, for their meaning pass

    # -- queries -------------------------------------------------------------------------

    def match(
        self,
        post_kind: PostKind,
        terms: PostTerms,
        fields: MatchFields,
        *,
        user_id: int,
        now_ts: float,
        limit: int = 10,
        exclude: Collection[int] = frozenset(),
        min_score: float | None = None,
    ) -> list[MatchResult]:
        """Best posts of the other kind for a post of `post_kind`, best first, each with
        score >= min_score (default thresholds.min_score)."""
        floor = self.thresholds.min_score if min_score is None else min_score
        ranked = self._ranked(post_kind, terms, fields, user_id, now_ts, limit, exclude, floor)
        return self._explained(post_kind, terms, fields, ranked, now_ts)

    def alerts(
        self,
        post_kind: PostKind,
        terms: PostTerms,
        fields: MatchFields,
        *,
        user_id: int,
        now_ts: float,
        limit: int = 10,
        exclude: Collection[int] = frozenset(),
        post_id: int | None = None,
    ) -> list[MatchResult]:
        """Whom a new post should alert (alert_rules.py); only those are explained. A
        need's `post_id` keeps what its words found for its meaning pass (`words_pages`)."""
        found = self._ranked(post_kind, terms, fields, user_id, now_ts, limit, exclude, 0.0)
        side = self._sides[_OTHER[post_kind]]
        chosen = alert_rules.choose(
            post_kind,
            found,
            self.thresholds,
            words_of(terms),
            lambda r: doc_words(side, r.doc, self.terms),
        )
        if post_id is not None and post_kind is PostKind.NEED:
            post_ids = tuple(int(side.cols["post_id"][r.doc]) for r in found)
            page = Page.of(terms, post_ids, found, chosen, now_ts)
            self.words_pages.keep(post_id, page)
        return self._explained(post_kind, terms, fields, chosen, now_ts)

    def _ranked(
        self,
        post_kind: PostKind,
        terms: PostTerms,
        fields: MatchFields,
        user_id: int,
        now_ts: float,
        limit: int,
        exclude: Collection[int],
        floor: float,
    ) -> list[Ranked]:
        """The best `limit` posts of the other kind scoring at least `floor`, unexplained."""
        kind = _OTHER[post_kind]
        side = self._sides[kind]
        plan = self._plan(side, terms, fields, post_kind, user_id)
        if plan is None:
            return []
        docs = side.candidates(plan.walk_ids, self.max_candidates)
        excluded = self._docs_of(exclude, kind)
        docs, scores, fits = filter_and_score(
            side, docs, plan, now_ts, excluded, self.weights, limit
        )
        best = top_k(side, docs, scores, floor, 0, limit)
        return [Ranked(doc, float(scores[at]), float(fits[at])) for doc, at in best]

    def _explained(
        self,
        post_kind: PostKind,
        terms: PostTerms,
        fields: MatchFields,
        ranked: list[Ranked],
        now_ts: float,
    ) -> list[MatchResult]:
        kind = _OTHER[post_kind]
        side = self._sides[kind]
        views = from_rows(side, kind, [r.doc for r in ranked], self.terms, self.labels)
        query = (terms, fields)
        return [
            MatchResult(
                post_id=int(side.cols["post_id"][r.doc]),
                user_id=int(side.cols["owner"][r.doc]),
                score=r.score,
                reasons=explain(post_kind, query, view, now_ts=now_ts),
                fit=r.fit,
            )
            for r, view in zip(ranked, views, strict=True)
        ]

    def search(
        self,
        terms: PostTerms,
        kind: PostKind | None,
        now_ts: float,
        offset: int = 0,
        limit: int = 10,
        item_type: str | None = None,
    ) -> list[MatchResult]:
        """Open posts (of `kind`, or both) for a /search query, by text relevance, freshness
        and trust. Falls back to the query's specs when it has no product word or concept.
        `item_type`: what the searched words name (accessories.item_type), so that a search
        for flasks ranks flasks above their lids."""
        found: list[tuple[float, float, PostKind, int, float]] = []
        for side_kind in (kind,) if kind is not None else tuple(PostKind):
            side = self._sides[side_kind]
            plan = self._plan(side, terms, MatchFields(item_type=item_type), None, None)
            if plan is None:
                continue
            docs = side.candidates(plan.walk_ids, self.max_candidates)
            docs, scores, texts = filter_and_score(
                side, docs, plan, now_ts, None, self.weights, offset + limit
            )
            for doc, at in top_k(side, docs, scores, 0.0, 0, offset + limit):
                created = float(side.cols["created"][doc])
                found.append((float(scores[at]), created, side_kind, doc, float(texts[at])))
        found.sort(key=lambda row: (-row[0], -row[1]))
        out = []
        for score, _created, side_kind, doc, text in found[offset : offset + limit]:
            d_terms, _fields = self._doc_view(side_kind, doc)
            side = self._sides[side_kind]
            out.append(
                MatchResult(
                    post_id=int(side.cols["post_id"][doc]),
                    user_id=int(side.cols["owner"][doc]),
                    score=score,
                    reasons=tuple(shared_term_reasons(terms, d_terms)),
                    fit=text,  # the text score: how well it holds the searched words
                )
            )
        return out

    def comparable(
        self, post_id: int, among: PostKind, now_ts: float, limit: int = 2000
    ) -> Comparable | None:
        """Post `post_id`'s unit price (an offer's price, a need's budget) and the newest
        `limit` other open posts of kind `among` of the same product priced in the same
        unit, with theirs, all in CNY per base unit: "the same product" is its first
        concept, or its first product word when it has none. None when the post is not
        indexed or names no price. Whose and where they are is the caller's to weigh
        (`bot.services.matching.comparable`)."""
        found = self._locate(post_id)
        if found is None:
            return None
        kind, doc = found
        mine = self._sides[kind]
        price = float(unit_prices(mine, np.asarray([doc]), kind)[0])
        terms, _fields = self._doc_view(kind, doc)
        key = product_term(terms)
        tid = self.terms.ids.get(key) if key is not None else None
        if tid is None or np.isnan(price):
            return None
        side = self._sides[among]
        exclude = doc if among is kind else -1
        unit = mine.cols["price_unit"][doc]
        docs, prices = comparable_docs(side, among, tid, unit, exclude, now_ts, limit)
        c = side.cols
        peers = zip(c["post_id"][docs], c["owner"][docs], prices, strict=True)
        return Comparable(price, tuple(Peer(int(p), int(o), float(v)) for p, o, v in peers))

    @property
    def alert_threshold(self) -> float:
        return self.thresholds.alert

    # -- internals -----------------------------------------------------------------------

    def _plan(
        self,
        side: SideIndex,
        terms: PostTerms,
        fields: MatchFields,
        post_kind: PostKind | None,
        user_id: int | None,
        *,
        walking: bool = True,
    ) -> QueryPlan | None:
        dismissed = self.dismissals.of(user_id) if user_id is not None else ()
        return plan_query(
            self, side, terms, fields, post_kind, user_id, dismissed, walking=walking
        )
