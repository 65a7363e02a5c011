"""Incremental in-memory index for one side (offers or needs).

Layout, per side:
* postings: term id -> array('i') of internal doc ids in arrival order (append-only), so
  the tail of a long list is its newest documents;
* a forward index: every document's term ids in one flat int32 buffer, addressed by the
  `start` / `dl` columns, used to score candidates without walking long postings;
* numpy columns for the structured fields (columns.py), grown by doubling.

Internal doc ids are dense and never reused; closing a post only clears `alive` and
decrements the alive document frequencies. `compact()` drops dead ids from the postings
(the engine calls it when they make up most of the postings). Term and label ids come
from `Interner`s (interner.py) shared by both sides.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from itertools import chain

import numpy as np
from numpy.typing import NDArray

from .columns import COLUMNS, ROW

IntArray = NDArray[np.int32]


class SideIndex:
    """Documents of one kind; see the module docstring for the layout."""

    def __init__(self, capacity: int = 1024) -> None:
        self.capacity = capacity
        self.n = 0  # documents ever added (alive or not)
        self.n_alive = 0
        self.total_len = 0  # sum of dl over alive docs, for BM25's average length
        self.dead_postings = 0
        self.cols: dict[str, np.ndarray] = {}
        for name, (dtype, _missing) in COLUMNS.items():
            self.cols[name] = np.empty(capacity, dtype=dtype)
        self.fwd = np.zeros(capacity * 8, dtype=np.int32)
        self.fwd_len = 0
        self.postings: list[array | None] = []
        self.df: list[int] = []  # alive documents per term id

    # -- writing -------------------------------------------------------------------------

    def add(self, term_ids: Sequence[int], row: Sequence[object]) -> int:
        """Append a document: its term ids (every field gets postings and goes to the
        forward index) and its `ROW` values in order. Returns the new doc id."""
        doc = self.n
        if doc == self.capacity:
            self._grow_columns(doc + 1)
        start = self._append_terms(term_ids)
        cols = self.cols
        for name, value in zip(ROW, row, strict=True):
            cols[name][doc] = value
        cols["start"][doc] = start
        cols["dl"][doc] = len(term_ids)
        cols["alive"][doc] = True
        self._post(doc, term_ids)
        self.n = doc + 1
        return doc

    def add_many(
        self, term_lists: Sequence[Sequence[int]], rows: Sequence[Sequence[object]]
    ) -> range:
        """`add` for a batch (the start-up rebuild): columns are written per batch."""
        first, m = self.n, len(rows)
        if first + m > self.capacity:
            self._grow_columns(first + m)
        docs = range(first, first + m)
        lens = np.fromiter(map(len, term_lists), dtype=np.int64, count=m)
        flat = np.fromiter(chain.from_iterable(term_lists), dtype=np.int32, count=int(lens.sum()))
        base = self._append_terms(flat)
        starts = base + np.cumsum(lens) - lens
        cols = self.cols
        for name, values in zip(ROW, zip(*rows, strict=True), strict=True):
            cols[name][first : first + m] = values
        cols["start"][first : first + m] = starts
        cols["dl"][first : first + m] = lens
        cols["alive"][first : first + m] = True
        self._post_many(first, lens, flat)
        self.n = first + m
        return docs

    def add_columns(
        self, flat: IntArray, lens: NDArray[np.int64], columns: dict[str, np.ndarray]
    ) -> range:
        """A batch given as whole columns (every name in `ROW`), its term ids flat with one
        length per document: the start-up rebuild, with no per-document Python here."""
        first, m = self.n, len(lens)
        if first + m > self.capacity:
            self._grow_columns(first + m)
        base = self._append_terms(flat)
        cols = self.cols
        for name in ROW:
            cols[name][first : first + m] = columns[name]
        cols["start"][first : first + m] = base + np.cumsum(lens) - lens
        cols["dl"][first : first + m] = lens
        cols["alive"][first : first + m] = True
        self._post_many(first, lens, flat)
        self.n = first + m
        return range(first, first + m)

    def _post_many(self, first: int, lens: NDArray[np.int64], flat: IntArray) -> None:
        """Postings for a batch at once: sort (term, doc) pairs by term, then extend each
        term's list with its slice. Docs stay in arrival order within a term (stable sort)."""
        if not len(flat):
            self.n_alive += len(lens)
            return
        docs = np.repeat(np.arange(first, first + len(lens), dtype=np.int32), lens)
        order = np.argsort(flat, kind="stable")
        terms, docs = flat[order], docs[order]
        bounds = np.flatnonzero(np.diff(terms)) + 1
        starts = np.concatenate(([0], bounds))
        ends = np.concatenate((bounds, [len(terms)]))
        postings, df = self.postings, self.df
        top = int(terms[-1])
        if top >= len(postings):
            postings.extend([None] * (top + 1 - len(postings)))
            df.extend([0] * (top + 1 - len(df)))
        for t, a, b in zip(terms[starts].tolist(), starts.tolist(), ends.tolist(), strict=True):
            plist = postings[t]
            if plist is None:
                plist = postings[t] = array("i")
            plist.frombytes(docs[a:b].tobytes())
            df[t] += b - a
        self.n_alive += len(lens)
        self.total_len += len(flat)

    def _append_terms(self, term_ids: Sequence[int] | IntArray) -> int:
        k = len(term_ids)
        start = self.fwd_len
        if start + k > len(self.fwd):
            self.fwd = _grown(self.fwd, max(2 * len(self.fwd), start + k))
        self.fwd[start : start + k] = term_ids
        self.fwd_len = start + k
        return start

    def _post(self, doc: int, term_ids: Sequence[int]) -> None:
        """Postings and alive counts for a document whose columns are written."""
        postings, df = self.postings, self.df
        top = max(term_ids, default=-1)
        if top >= len(postings):
            postings.extend([None] * (top + 1 - len(postings)))
            df.extend([0] * (top + 1 - len(df)))
        for t in term_ids:
            plist = postings[t]
            if plist is None:
                plist = postings[t] = array("i")
            plist.append(doc)
            df[t] += 1
        self.n_alive += 1
        self.total_len += len(term_ids)

    def kill(self, doc: int) -> bool:
        """Mark a document closed; False if it already was."""
        alive = self.cols["alive"]
        if not alive[doc]:
            return False
        alive[doc] = False
        df = self.df
        for t in self.doc_term_ids(doc):
            df[t] -= 1
        k = int(self.cols["dl"][doc])
        self.n_alive -= 1
        self.total_len -= k
        self.dead_postings += k
        return True

    def compact(self) -> None:
        """Rewrite every postings list without closed documents."""
        alive = self.cols["alive"]
        for t, plist in enumerate(self.postings):
            if plist:
                docs = np.frombuffer(plist, dtype=np.int32)
                kept = docs[alive[docs]]
                del docs  # release the buffer view before replacing the array
                self.postings[t] = array("i", kept.tobytes())
        self.dead_postings = 0

    def _grow_columns(self, needed: int) -> None:
        while self.capacity < needed:
            self.capacity *= 2
        for name, old in self.cols.items():
            # np.empty: slots past `n` are never read, and untouched pages cost no RAM.
            new = np.empty(self.capacity, dtype=old.dtype)
            new[: self.n] = old[: self.n]
            self.cols[name] = new

    # -- reading -------------------------------------------------------------------------

    @property
    def avg_len(self) -> float:
        return self.total_len / self.n_alive if self.n_alive else 1.0

    def postings_len(self, t: int) -> int:
        plist = self.postings[t] if 0 <= t < len(self.postings) else None
        return len(plist) if plist is not None else 0

    def postings_of(self, t: int) -> np.ndarray:
        """A copy of term `t`'s postings (doc ids, dead ones included)."""
        plist = self.postings[t] if 0 <= t < len(self.postings) else None
        if plist is None:
            return np.empty(0, dtype=np.int32)
        return np.array(plist, dtype=np.int32)

    def term_df(self, t: int) -> int:
        return self.df[t] if 0 <= t < len(self.df) else 0

    def doc_term_ids(self, doc: int) -> IntArray:
        start = int(self.cols["start"][doc])
        return self.fwd[start : start + int(self.cols["dl"][doc])]

    def candidates(self, term_ids: Iterable[int], cap: int) -> IntArray:
        """Docs holding any of `term_ids`, walking the rarest postings first and at most
        `cap` ids in all; when a list does not fit, its newest tail is taken instead."""
        lists = sorted((self.postings_len(t), t) for t in set(term_ids))
        parts: list[np.ndarray] = []
        budget = cap
        for length, t in lists:
            if length == 0:
                continue
            if budget <= 0:
                break
            plist = self.postings[t]
            view = np.frombuffer(plist, dtype=np.int32)  # type: ignore[arg-type]
            take = view if length <= budget else view[length - budget :]
            parts.append(take.copy())
            del view, take  # the array('i') must not stay exported: add() appends to it
            budget -= min(length, budget)
        if not parts:
            return np.empty(0, dtype=np.int32)
        if len(parts) == 1:
            return parts[0]  # a single postings list is already unique and sorted
        return _sorted_union(parts)

    def gather(self, docs: IntArray) -> tuple[IntArray, NDArray[np.intp]]:
        """Term ids of `docs` flattened, and for each the position of its doc in `docs`."""
        lens = self.cols["dl"][docs]
        starts = self.cols["start"][docs]
        total = int(lens.sum())
        if total == 0:
            return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.intp)
        seg = np.repeat(np.arange(len(docs)), lens)
        first = np.cumsum(lens) - lens  # offset of each doc's run inside the flat array
        idx = np.arange(total, dtype=np.int64) + np.repeat(starts - first, lens)
        return self.fwd[idx], seg

    def nbytes(self) -> int:
        """Approximate bytes held: columns, forward buffer, postings and list overheads."""
        total = sum(a.nbytes for a in self.cols.values()) + self.fwd.nbytes
        total += sys.getsizeof(self.postings) + sys.getsizeof(self.df)
        for plist in self.postings:
            if plist is not None:
                total += sys.getsizeof(plist)
        total += 28 * len(self.df)  # int objects in the df list (upper bound)
        return total


def _sorted_union(parts: list[np.ndarray]) -> np.ndarray:
    """The distinct ids of sorted arrays, sorted. A stable sort merges the sorted runs
    in about linear time; np.unique hashes first and costs 20 times as much here."""
    ids = np.concatenate(parts)
    ids.sort(kind="stable")
    first = np.empty(len(ids), dtype=bool)
    first[0] = True
    np.not_equal(ids[1:], ids[:-1], out=first[1:])
    return ids[first]


def _grown(buf: np.ndarray, size: int) -> np.ndarray:
    new = np.zeros(size, dtype=buf.dtype)
    new[: len(buf)] = buf
    return new
