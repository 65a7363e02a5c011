"""`OpenPosts`: the open posts of both kinds as indexed, one `SideIndex` per kind over the
term and label ids they share, and where each post id lives: adding and removing posts,
and reading them back by post id. `MatchingEngine` (engine.py) adds the queries."""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable

import numpy as np

from bot.domain.models import PostKind

from . import stored
from .index import SideIndex
from .interner import Interner
from .rows import from_rows, to_row
from .types import MatchFields, PostTerms

_SIDE_BIT = {PostKind.OFFER: 0, PostKind.NEED: 1}
_BIT_SIDE = (PostKind.OFFER, PostKind.NEED)


class OpenPosts:
    """The indexed open posts of both kinds. See the module docstring."""

    def __init__(self, capacity: int = 1024) -> None:
        self.terms = Interner()
        self.labels = Interner()  # places, regions, units, trade terms
        self._sides = {kind: SideIndex(capacity) for kind in PostKind}
        self._where: dict[int, int] = {}  # post id -> doc id * 2 + side bit

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

    def contains(self, post_id: int) -> bool:
        return post_id in self._where

    def __contains__(self, post_id: object) -> bool:
        return post_id in self._where

    def __len__(self) -> int:
        return len(self._where)

    def count(self, kind: PostKind) -> int:
        return self._sides[kind].n_alive

    def kind_of(self, post_id: int) -> PostKind | None:
        found = self._locate(post_id)
        return None if found is None else found[0]

    def terms_of(self, post_id: int) -> PostTerms | None:
        found = self._locate(post_id)
        return None if found is None else self._doc_view(*found)[0]

    def nbytes(self) -> int:
        """Approximate memory held by the index (numpy buffers, postings, maps)."""
        total = sum(side.nbytes() for side in self._sides.values())
        total += self.terms.nbytes() + self.labels.nbytes()
        # The post id map: the dict table plus one int object per key and per value.
        total += sys.getsizeof(self._where) + 64 * len(self._where)
        return total

    def _locate(self, post_id: int) -> tuple[PostKind, int] | None:
        """(kind, doc id) of an indexed post; None if it is not indexed."""
        code = self._where.get(post_id)
        return None if code is None else (_BIT_SIDE[code & 1], code >> 1)

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
