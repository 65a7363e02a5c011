"""TermScratch: a query's weights by term id, cleared after every query."""

import numpy as np
import pytest

from bot.domain.matching.interner import Interner
from bot.domain.matching.scratch import TermScratch


def scratch_of(vocab_size: int) -> TermScratch:
    terms = Interner()
    for i in range(vocab_size):
        terms.intern(f"p|w{i}")
    return TermScratch(terms)


def test_holds_the_weights_and_clears_them_after():
    scratch = scratch_of(800)
    ids = np.array([3, 700, 5], dtype=np.int64)
    with scratch.holding(ids, np.array([0.5, 2.0, 1.0])) as dense:
        assert dense[[3, 5, 700, 4]].tolist() == [0.5, 1.0, 2.0, 0.0]
    with scratch.holding(np.array([4]), np.array([9.0])) as dense:
        assert np.count_nonzero(dense) == 1
        assert dense[4] == 9.0


def test_grows_with_the_vocabulary():
    scratch = scratch_of(5001)
    with scratch.holding(np.array([5000]), np.array([1.5])) as dense:
        assert len(dense) >= 5001
        assert dense[5000] == 1.5


def test_clears_even_when_the_query_fails():
    scratch = scratch_of(10)
    with (
        pytest.raises(RuntimeError),
        scratch.holding(np.array([2]), np.array([1.0])),
    ):
        raise RuntimeError("scoring failed")
    with scratch.holding(np.array([], dtype=np.int64), np.array([])) as dense:
        assert not dense.any()
