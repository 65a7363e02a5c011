"""A query's term weights laid out by term id, without an array the size of the vocabulary
per query.

Scoring reads a weight for every term of every candidate (tens of thousands of lookups),
which wants a dense array indexed by term id. The vocabulary only grows (every word any post
ever held), so allocating and zeroing such an array per query costs more as the service ages:
at a million terms, a quarter of a millisecond per query. One array is kept instead; a query
writes its few weights in and clears them when done.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from .interner import Interner


class TermScratch:
    """One float per term id of a growing term `Interner`, zero outside `holding`. Not for
    concurrent use: the engine serves one query at a time."""

    __slots__ = ("_terms", "_values")

    def __init__(self, terms: Interner) -> None:
        self._terms = terms
        self._values = np.zeros(1024, dtype=np.float64)

    @contextmanager
    def holding(self, term_ids: np.ndarray, weights: np.ndarray) -> Iterator[np.ndarray]:
        """The array with `weights` at `term_ids` (0 elsewhere) for the block's length."""
        size = len(self._terms)
        if size > len(self._values):
            self._values = np.zeros(max(size, 2 * len(self._values)), dtype=np.float64)
        values = self._values
        values[term_ids] = weights
        try:
            yield values
        finally:
            values[term_ids] = 0.0
