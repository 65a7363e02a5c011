"""`MatchingEngine`: the facade the services use to index open posts and find counterparts.

One `SideIndex` per kind. `match` looks for candidates on the OTHER side through the
query's product words and concepts (so a spec-only overlap never matches), filters them
(alive, not expired, not the asker's own, not excluded, price not far over budget),
scores them (scoring.py, 0..1) and explains the top ones (explain.py). Everything is in
memory; on start the app rebuilds it from the open posts in the database and replays the
readers' "not relevant" marks into `dismissals` (dismissals.py), which `match` reads.

Not thread-safe: the bot runs it on one event loop.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable

import numpy as np

from bot.domain.models import PostKind

from . import alert_rules, stored
from .alert_rules import Ranked
from .dismissals import Dismissals
from .editions import words_of
from .explain import explain, shared_term_reasons
from .fields import fields_from_parsed
from .identity import TermClasses
from .index import Interner, SideIndex
from .query import QueryPlan, filter_and_score, plan_query, same_product_prices, top_k
from .rows import (
    CONCEPT,
    PRODUCT,
    doc_words,
    from_rows,
    to_row,
)
from .scoring import DEFAULT_WEIGHTS, Thresholds, Weights
from .scratch import TermScratch
from .types import MatchFields, MatchResult, PostTerms

__all__ = ["MatchingEngine", "fields_from_parsed"]

_OTHER = {PostKind.OFFER: PostKind.NEED, PostKind.NEED: PostKind.OFFER}


_SIDE_BIT = {PostKind.OFFER: 0, PostKind.NEED: 1}
_BIT_SIDE = (PostKind.OFFER, PostKind.NEED)


class MatchingEngine:
    """In-memory matching over open posts. See the module docstring."""

    def __init__(
        self,
        *,
        weights: Weights = DEFAULT_WEIGHTS,
        thresholds: Thresholds | None = None,
        max_candidates: int = 4096,
        capacity: int = 1024,
    ) -> None:
        self.weights = weights
        self.thresholds = thresholds or Thresholds()
        self.max_candidates = max_candidates
        self.terms = Interner()
        self.labels = Interner()  # places, regions, units, trade terms
        self.term_classes = TermClasses(self.terms)
        self.term_scratch = TermScratch(self.terms)
        self._sides = {kind: SideIndex(capacity) for kind in PostKind}
        self._where: dict[int, int] = {}  # post id -> doc id * 2 + side bit
        self.dismissals = Dismissals()  # the readers' "not relevant" marks

    # -- writing -------------------------------------------------------------------------

    def add(
        self, post_id: int, user_id: int, kind: PostKind, terms: PostTerms, fields: MatchFields
    ) -> None:
        """Index an open post; re-adding a known post id replaces it (an edit)."""
        if post_id in self._where:
            self.remove(post_id)
        ids, row = to_row(self.terms, self.labels, post_id, user_id, kind, terms, fields)
        doc = self._sides[kind].add(ids, row)
        self._where[post_id] = doc * 2 + _SIDE_BIT[kind]

    def add_many(
        self,
        posts: Iterable[tuple[int, int, PostKind, PostTerms, MatchFields]],
        batch_size: int = 5000,
    ) -> int:
        """`add` for many posts, writing columns per batch. Takes (post_id, user_id, kind,
        terms, fields) tuples; returns how many were added."""
        terms_ids, labels = self.terms, self.labels
        return self._add_rows(
            (
                (post_id, kind, *to_row(terms_ids, labels, post_id, user_id, kind, terms, fields))
                for post_id, user_id, kind, terms, fields in posts
            ),
            batch_size,
        )

    def add_stored(self, entries: Iterable[tuple[int, int, PostKind, str, str, bytes]]) -> int:
        """The start-up rebuild: (post_id, user_id, kind, keys, labels, numbers) as
        `stored_form` gave them, post ids unique within a call; columns are written per
        kind for the whole batch. Returns how many were added."""
        batches: dict[PostKind, tuple[list, list, list, list, list]] = {
            kind: ([], [], [], [], []) for kind in PostKind
        }
        for post_id, user_id, kind, keys, labels, numbers in entries:
            if post_id in self._where:
                self.remove(post_id)
            post_ids, owners, key_texts, label_texts, packed = batches[kind]
            post_ids.append(post_id)
            owners.append(user_id)
            key_texts.append(keys)
            label_texts.append(labels)
            packed.append(numbers)
        count = 0
        for kind, (post_ids, *rest) in batches.items():
            if post_ids:
                docs = stored.bulk_add(self._sides[kind], self.terms, self.labels, post_ids, *rest)
                bit = _SIDE_BIT[kind]
                self._where.update(zip(post_ids, (doc * 2 + bit for doc in docs), strict=True))
                count += len(post_ids)
        return count

    @staticmethod
    def stored_form(kind: PostKind, terms: PostTerms, fields: MatchFields) -> stored.StoredForm:
        """What to store beside a post so that `add_stored` can index it again."""
        return stored.stored_form(kind, terms, fields)

    def _add_rows(
        self, prepared: Iterable[tuple[int, PostKind, list[int], tuple]], batch_size: int
    ) -> int:
        pending: dict[PostKind, tuple[list, list, list]] = {k: ([], [], []) for k in PostKind}
        count = 0
        batched: set[int] = set()
        for post_id, kind, ids, row in prepared:
            if post_id in batched:
                self._flush(pending)  # a repeated id in one batch: the later one wins
                batched.clear()
            if post_id in self._where:
                self.remove(post_id)
            batched.add(post_id)
            post_ids, id_lists, rows = pending[kind]
            post_ids.append(post_id)
            id_lists.append(ids)
            rows.append(row)
            count += 1
            if len(rows) >= batch_size:
                self._flush(pending)
                batched.clear()
        self._flush(pending)
        return count

    def _flush(self, pending: dict[PostKind, tuple[list, list, list]]) -> None:
        for kind, (post_ids, id_lists, rows) in pending.items():
            if rows:
                docs = self._sides[kind].add_many(id_lists, rows)
                bit = _SIDE_BIT[kind]
                self._where.update((p, d * 2 + bit) for p, d in zip(post_ids, docs, strict=True))
                post_ids.clear()
                id_lists.clear()
                rows.clear()

    def remove(self, post_id: int) -> bool:
        """Forget a closed, withdrawn or expired post. False if it was not indexed."""
        code = self._where.pop(post_id, None)
        if code is None:
            return False
        side = self._sides[_BIT_SIDE[code & 1]]
        side.kill(code >> 1)
        # Dead ids only cost walking time; rebuild postings once they outnumber live ones.
        if side.dead_postings > 50_000 and side.dead_postings > side.total_len:
            side.compact()
        return True

    # -- reading -------------------------------------------------------------------------

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
    ) -> list[MatchResult]:
        """Whom a new post should alert (alert_rules.py); only those are explained."""
        found = self._ranked(post_kind, terms, fields, user_id, now_ts, limit, exclude, 0.0)
        side = self._sides[_OTHER[post_kind]]
        chosen = alert_rules.choose(
            post_kind,
            found,
            self.thresholds,
            words_of(terms),
            lambda r: doc_words(side, r.doc, self.terms),
        )
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
        found: list[tuple[float, float, PostKind, int]] = []
        for side_kind in (kind,) if kind is not None else tuple(PostKind):
            side = self._sides[side_kind]
            plan = self._plan(side, terms, MatchFields(item_type=item_type), None, None)
            if plan is None:
                continue
            docs = side.candidates(plan.walk_ids, self.max_candidates)
            docs, scores, _texts = filter_and_score(
                side, docs, plan, now_ts, None, self.weights, offset + limit
            )
            for doc, at in top_k(side, docs, scores, 0.0, 0, offset + limit):
                found.append((float(scores[at]), float(side.cols["created"][doc]), side_kind, doc))
        found.sort(key=lambda row: (-row[0], -row[1]))
        out = []
        for score, _created, side_kind, doc in found[offset : offset + limit]:
            d_terms, _fields = self._doc_view(side_kind, doc)
            side = self._sides[side_kind]
            out.append(
                MatchResult(
                    post_id=int(side.cols["post_id"][doc]),
                    user_id=int(side.cols["owner"][doc]),
                    score=score,
                    reasons=tuple(shared_term_reasons(terms, d_terms)),
                )
            )
        return out

    def peer_prices(
        self, post_id: int, now_ts: float, limit: int = 2000
    ) -> tuple[float, list[float]] | None:
        """(its unit price, the unit prices of the other open offers of the same product and
        price unit) for offer `post_id`, in CNY per base unit; "the same product" is its
        first concept, or its first product word when it has none. None when the post is not
        an indexed offer with a price."""
        code = self._where.get(post_id)
        if code is None or _BIT_SIDE[code & 1] is not PostKind.OFFER:
            return None
        side, doc = self._sides[PostKind.OFFER], code >> 1
        terms, _fields = self._doc_view(PostKind.OFFER, doc)
        key = CONCEPT + terms.concepts[0] if terms.concepts else PRODUCT + terms.product[0]
        tid = self.terms.ids.get(key) if terms.concepts or terms.product else None
        return None if tid is None else same_product_prices(side, doc, tid, now_ts, limit)

    @property
    def alert_threshold(self) -> float:
        return self.thresholds.alert

    def contains(self, post_id: int) -> bool:
        return post_id in self._where

    def __contains__(self, post_id: object) -> bool:
        return post_id in self._where

    def __len__(self) -> int:
        return len(self._where)

    def count(self, kind: PostKind) -> int:
        return self._sides[kind].n_alive

    def terms_of(self, post_id: int) -> PostTerms | None:
        code = self._where.get(post_id)
        if code is None:
            return None
        return self._doc_view(_BIT_SIDE[code & 1], code >> 1)[0]

    def nbytes(self) -> int:
        """Approximate memory held by the index (numpy buffers, postings, maps)."""
        total = sum(side.nbytes() for side in self._sides.values())
        total += self.terms.nbytes() + self.labels.nbytes()
        # The post id map: the dict table plus one int object per key and per value.
        total += sys.getsizeof(self._where) + 64 * len(self._where)
        return total

    # -- internals -----------------------------------------------------------------------

    def _plan(
        self,
        side: SideIndex,
        terms: PostTerms,
        fields: MatchFields,
        post_kind: PostKind | None,
        user_id: int | None,
    ) -> QueryPlan | None:
        dismissed = self.dismissals.of(user_id) if user_id is not None else ()
        return plan_query(self, side, terms, fields, post_kind, user_id, dismissed)

    def _doc_view(self, kind: PostKind, doc: int) -> tuple[PostTerms, MatchFields]:
        return from_rows(self._sides[kind], kind, [doc], self.terms, self.labels)[0]

    def _docs_of(self, post_ids: Collection[int], kind: PostKind) -> np.ndarray | None:
        if not post_ids:
            return None
        bit = _SIDE_BIT[kind]
        codes = (self._where.get(p) for p in post_ids)
        return np.fromiter(
            (c >> 1 for c in codes if c is not None and c & 1 == bit), dtype=np.int32
        )
