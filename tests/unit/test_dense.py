"""Dense retrieval's parts (bot/domain/matching/dense.py): the shipped encoder finds the
same goods across languages offline, int8 keeps the similarity, the index finds, forgets
and replaces posts."""

import numpy as np
import pytest

from bot.domain.matching.dense import (
    DIM,
    PASS_EXPANSION,
    DenseIndex,
    cosines,
    quantize,
    similarities,
    unit_rows,
)
from bot.domain.matching.encoder import UseEncoder

CUPS = "304不锈钢真空保温杯 500ml 起订1000个 12元/个 义乌发货"
BOARDS = "竹砧板 批发 起订500个"
CASES = "iPhone14手机壳 硅胶 起订200个"


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine similarity of the rows of `a` (int8 or float) against the vector `b`."""
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    return (a32 @ b32) / (np.linalg.norm(a32, axis=-1) * np.linalg.norm(b32))


@pytest.fixture(scope="module")
def encoder() -> UseEncoder:
    return UseEncoder()


def test_a_buyer_s_english_words_find_the_chinese_offer(encoder: UseEncoder) -> None:
    offers = quantize(encoder.encode([CUPS, BOARDS, CASES]))
    index = DenseIndex()
    index.add([1, 2, 3], offers)
    for words, wanted in (
        ("Looking for insulated water bottles, stainless steel, 500ml", 1),
        ("bamboo cutting board", 2),
        ("phone case for iPhone 14", 3),
    ):
        query = quantize(encoder.encode([words]))[0]
        assert index.nearest(query, 1)[0][0] == wanted, words


def test_vectors_are_unit_length_and_int8_keeps_the_similarity(encoder: UseEncoder) -> None:
    vectors = encoder.encode([CUPS, "insulated water bottles", BOARDS])
    assert vectors.shape == (3, DIM) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    exact = vectors @ vectors[1]
    stored = cosine(quantize(vectors), quantize(vectors)[1])
    assert np.max(np.abs(exact - stored)) < 0.01
    assert encoder.encode([]).shape == (0, DIM)


def test_the_index_replaces_and_forgets_posts() -> None:
    rng = np.random.default_rng(3)
    vectors = quantize(rng.normal(size=(3, DIM)).astype(np.float32) / np.sqrt(DIM))
    index = DenseIndex()
    assert index.nearest(vectors[0], 3) == []
    index.add([10, 11, 12], vectors)
    (first, similarity), *_ = index.nearest(vectors[1], 3)
    assert first == 11 and similarity == pytest.approx(1.0, abs=0.01)
    index.add([11], vectors[2:3])  # post 11 edited: its new vector replaces the old
    assert len(index) == 3
    twins = index.nearest(vectors[2], 2)  # 11 now holds 12's vector: both are exact hits
    assert {key for key, _ in twins} == {11, 12} and min(s for _, s in twins) > 0.99
    index.remove([11, 99])
    assert len(index) == 2 and 11 not in index


@pytest.mark.parametrize(
    ("similarities", "kept"),
    [
        ([0.24] + [0.08] * 18 + [0.05, 0.05], [0]),  # 0.19 over the 20th: kept
        ([0.24] + [0.1] * 19, []),  # 0.14 over the 20th: not enough
        ([0.25, 0.25, 0.24] + [0.2] * 18, []),  # a flat crowd: "xyz" finds nothing
        ([0.6, 0.58, 0.3] + [0.1] * 18, [0, 1]),  # two close to the best
        ([0.6, 0.5] + [0.1] * 19, [0]),  # the second stands out, but far under the best
        ([0.5, 0.3], [0]),  # fewer posts than the reference: an absolute floor of 0.45
        ([0.4], []),
        ([], []),
    ],
)
def test_a_hit_must_stand_out_from_the_crowd(similarities: list[float], kept: list[int]) -> None:
    from bot.domain.matching.dense import standing_out

    assert standing_out(list(enumerate(similarities))) == kept


@pytest.mark.parametrize(
    ("similarities", "crowd", "backed"),
    [
        ([0.54, 0.45], [0.35] + [0.1] * 40, {0: 0.8 + 0.54 - 0.1 - 0.15}),  # a small market
        ([0.22, 0.2], [0.1] * 40, {}),  # 0.12 over the crowd's 20th: not enough
        ([0.6] + [0.1] * 19, [0.5] * 40, {}),  # the crowd is as close: nothing stands out
        ([0.9] + [0.1] * 19, [], {0: 1.0}),  # far out: full support, no more
        ([0.5, 0.48] + [0.1] * 18, [], {0: 0.8 + 0.25, 1: 0.8 + 0.23}),
        ([], [0.9] * 40, {}),
    ],
)
def test_support_grows_with_the_margin_over_the_market_and_its_crowd(
    similarities: list[float], crowd: list[float], backed: dict[int, float]
) -> None:
    from bot.domain.matching.dense import support

    got = support(list(enumerate(similarities)), crowd)
    assert got.keys() == backed.keys()
    for post_id, value in backed.items():
        assert got[post_id] == pytest.approx(min(1.0, value), abs=1e-6)


def test_a_post_looks_across_kinds_and_scripts() -> None:
    from bot.domain.matching.crowd import crowd_texts
    from bot.domain.matching.dense import across, script
    from bot.domain.matching.types import PostTerms
    from bot.domain.models import PostKind

    english, chinese = PostTerms(product=("water", "bottle")), PostTerms(product=("保温杯",))
    assert script(english) == "latin" and script(chinese) == "han"
    assert script(PostTerms(product=("bottle",), glosses=("保温",))) == "latin"
    assert across(PostKind.NEED, english) == "offer/han"
    assert across(PostKind.OFFER, chinese) == "need/latin"
    assert crowd_texts("offer/han")[0].startswith("出售 ") and len(crowd_texts("need/latin")) >= 40


def test_the_index_keeps_parts_apart() -> None:
    rng = np.random.default_rng(5)
    vectors = quantize(rng.normal(size=(4, DIM)).astype(np.float32) / np.sqrt(DIM))
    index = DenseIndex()
    index.add([1, 2, 3, 4], vectors, ["offer/han", "offer/han", "need/han", "offer/latin"])
    assert [key for key, _ in index.nearest(vectors[2], 5, part="offer/han")] != [3]
    assert {key for key, _ in index.nearest(vectors[2], 5, part="offer/han")} == {1, 2}
    assert index.nearest(vectors[2], 5, part="need/latin") == []
    assert index.nearest(vectors[2], 1)[0][0] == 3  # every part
    index.add([3], vectors[2:3], ["offer/latin"])  # edited into the other part: moved
    assert len(index) == 4 and {k for k, _ in index.nearest(vectors[2], 5, "offer/latin")} == {
        3,
        4,
    }
    index.remove([1, 3])
    assert len(index) == 2 and 1 not in index and 3 not in index


def test_closeness_is_the_cosine_within_one_part_only() -> None:
    rng = np.random.default_rng(7)
    vectors = quantize(rng.normal(size=(2, DIM)).astype(np.float32) / np.sqrt(DIM))
    index = DenseIndex()
    index.add([1, 2], vectors, ["offer/latin", "offer/han"])
    assert index.closeness(1, vectors[0], "offer/latin") == pytest.approx(1.0, abs=1e-6)
    assert index.closeness(1, vectors[1], "offer/latin") == pytest.approx(
        float(
            np.dot(
                vectors[0] / np.linalg.norm(vectors[0]), vectors[1] / np.linalg.norm(vectors[1])
            )
        ),
        abs=1e-5,
    )
    assert index.closeness(2, vectors[0], "offer/latin") is None  # written in another script
    assert index.closeness(3, vectors[0], "offer/latin") is None  # not indexed


def test_nearest_many_is_nearest_for_each_vector() -> None:
    rng = np.random.default_rng(11)
    vectors = quantize(rng.normal(size=(30, DIM)).astype(np.float32) / np.sqrt(DIM))
    index = DenseIndex()
    index.add(list(range(1, 31)), vectors, ["need/latin"] * 30)
    for asked in ([vectors[3]], [vectors[3], vectors[7], vectors[9]]):
        many = index.nearest_many(asked, 5, "need/latin")
        assert many == [index.nearest(v, 5, part="need/latin") for v in asked]
    assert index.nearest_many([vectors[0]], 5, "offer/han") == [[]]  # an empty part
    assert index.nearest_many([], 5, "need/latin") == []
    assert set(index.vectors_of([2, 99, 5])) == {2, 5}
    in_part = index.vectors_of([2, 99, 5], "need/latin")
    assert set(in_part) == {2, 5} and np.array_equal(in_part[5], vectors[4])
    assert index.vectors_of([2, 5], "offer/han") == {}  # not in that part


def test_a_crowd_s_cosines_made_once_are_its_similarities() -> None:
    rng = np.random.default_rng(13)
    crowd, vector = (
        quantize(rng.normal(size=(42, DIM)).astype(np.float32) / 8),
        quantize(rng.normal(size=DIM).astype(np.float32) / 8),
    )
    assert np.allclose(cosines(unit_rows(crowd), vector), similarities(crowd, vector), atol=1e-6)


def test_a_search_for_the_best_alone_may_look_at_fewer_candidates_and_leaves_the_rest_alone() -> (
    None
):
    """`PASS_EXPANSION`: a k=1 search with a shorter candidate list finds each vector itself
    (the nearest, exactly); the index's own expansion is back afterwards."""
    rng = np.random.default_rng(12)
    vectors = quantize(rng.normal(size=(400, DIM)).astype(np.float32) / np.sqrt(DIM))
    index = DenseIndex()
    index.add(list(range(1, 401)), vectors, ["offer/han"] * 400)
    default = index._parts["offer/han"].expansion_search
    asked = [vectors[n] for n in (0, 57, 399)]
    found = index.nearest_many(asked, 1, "offer/han", expansion=PASS_EXPANSION)
    assert [hits[0][0] for hits in found] == [1, 58, 400]
    assert index._parts["offer/han"].expansion_search == default != PASS_EXPANSION
    assert index.nearest_many(asked[:1], 1, "offer/han", expansion=PASS_EXPANSION)[0][0][0] == 1
