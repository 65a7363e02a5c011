"""SideIndex: append-only postings, forward index, growing columns, alive flags."""

import numpy as np
import pytest

from bot.domain.matching.columns import COLUMNS, ROW
from bot.domain.matching.index import SideIndex
from bot.domain.matching.interner import NONE_ID, Interner


def row(**values) -> tuple:
    return tuple(values.get(name, COLUMNS[name][1]) for name in ROW)


def add(index: SideIndex, terms: list[int], **values) -> int:
    values.setdefault("post_id", index.n + 100)
    return index.add(terms, row(**values))


def test_interner_round_trip():
    names = Interner()
    assert names.intern("a") == 0
    assert names.intern("b") == 1
    assert names.intern("a") == 0
    assert names.get("b") == 1
    assert names.get("zzz") == NONE_ID
    assert names.get(None) == NONE_ID
    assert names.name(1) == "b"
    assert names.name(NONE_ID) is None
    assert len(names) == 2


def test_add_records_postings_in_arrival_order_and_df():
    index = SideIndex(capacity=2)
    docs = [add(index, [0, 1]), add(index, [1]), add(index, [1, 2])]
    assert docs == [0, 1, 2]
    assert list(index.postings[1]) == [0, 1, 2]
    assert [index.term_df(t) for t in (0, 1, 2, 9)] == [1, 3, 1, 0]
    assert index.n_alive == 3
    assert index.avg_len == pytest.approx(5 / 3)


def test_columns_grow_past_capacity_and_keep_values():
    index = SideIndex(capacity=4)
    for i in range(37):
        add(index, [i % 5, 10 + i % 3], owner=i, price_low=float(i))
    assert index.capacity >= 37
    assert index.cols["owner"][:37].tolist() == list(range(37))
    assert index.doc_term_ids(36).tolist() == [1, 10]


def test_kill_flips_alive_and_updates_df_once():
    index = SideIndex()
    add(index, [0, 1])
    add(index, [1])
    assert index.kill(0) is True
    assert index.kill(0) is False
    assert not index.cols["alive"][0]
    assert index.term_df(0) == 0
    assert index.term_df(1) == 1
    assert index.n_alive == 1
    assert index.total_len == 1


def test_compact_drops_dead_ids_from_postings():
    index = SideIndex()
    for _ in range(6):
        add(index, [3])
    index.kill(1)
    index.kill(4)
    index.compact()
    assert list(index.postings[3]) == [0, 2, 3, 5]
    add(index, [3])  # still appendable after compaction
    assert list(index.postings[3])[-1] == 6


def test_candidates_walk_rarest_first_and_take_newest_tail_of_long_lists():
    index = SideIndex()
    for i in range(20):
        add(index, [0] if i != 5 else [0, 1])  # term 0 everywhere, term 1 only in doc 5
    cands = index.candidates([0, 1], cap=4)
    # term 1 (1 doc) first, then the 3 newest docs of term 0's list
    assert sorted(cands.tolist()) == [5, 17, 18, 19]
    assert sorted(index.candidates([0, 1], cap=100).tolist()) == list(range(20))
    assert index.candidates([7], cap=10).size == 0  # unknown term


def test_candidates_from_overlapping_lists_are_distinct_and_sorted():
    index = SideIndex()
    rng = np.random.default_rng(7)
    for _ in range(300):
        add(index, sorted(set(rng.integers(0, 6, size=3).tolist())))
    cands = index.candidates(range(6), cap=10_000)
    held = [d for d in range(300) if len(index.doc_term_ids(d))]
    assert cands.tolist() == held
    assert index.candidates([0, 1, 2], cap=50).tolist() == sorted(
        set(index.candidates([0, 1, 2], cap=50).tolist())
    )


def test_candidates_do_not_block_later_appends():
    index = SideIndex()
    add(index, [0])
    index.candidates([0], cap=10)
    add(index, [0])  # would raise BufferError if a numpy view were still exported
    assert list(index.postings[0]) == [0, 1]


def test_gather_returns_each_docs_terms_with_its_position():
    index = SideIndex()
    add(index, [4, 5, 6])
    add(index, [])
    add(index, [7])
    add(index, [8, 9])
    flat, seg = index.gather(np.array([3, 0, 1, 2], dtype=np.int32))
    assert flat.tolist() == [8, 9, 4, 5, 6, 7]
    assert seg.tolist() == [0, 0, 1, 1, 1, 3]


def test_gather_of_empty_docs():
    index = SideIndex()
    add(index, [])
    flat, seg = index.gather(np.array([0], dtype=np.int32))
    assert flat.size == seg.size == 0


def test_nbytes_grows_with_content():
    index = SideIndex(capacity=8)
    before = index.nbytes()
    for i in range(100):
        add(index, [i, i + 1])
    assert index.nbytes() > before


def test_add_many_equals_one_by_one():
    batch = [[0, 1], [], [1, 2, 3], [3]]
    rows = [row(post_id=10 + i, owner=i, qty=float(i), loc=i - 1) for i in range(4)]
    one, many = SideIndex(capacity=2), SideIndex(capacity=2)
    add(one, [9])
    add(many, [9])
    for terms, values in zip(batch, rows, strict=True):
        one.add(terms, values)
    assert list(many.add_many(batch, rows)) == [1, 2, 3, 4]
    assert many.n == one.n == 5
    for name in COLUMNS:
        np.testing.assert_array_equal(many.cols[name][:5], one.cols[name][:5])
    assert [list(p or []) for p in many.postings] == [list(p or []) for p in one.postings]
    assert many.df == one.df
    assert many.total_len == one.total_len
