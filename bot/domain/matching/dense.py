"""Dense retrieval (issue 34): posts found by what they mean, across languages, where they
share no word ("insulated water bottles" and "304不锈钢真空保温杯").

* The encoder (`encoder.py`: `Encoder`, and `UseEncoder`, the default) makes the vectors.
* `quantize`: a vector as int8, 512 bytes a post, stored with it so a restart does not
  encode again; cosine similarity survives it to within about 0.01.
* `DenseIndex`: an approximate-nearest-neighbour index (usearch, HNSW, cosine) of int8
  vectors, keyed by post id.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bot.domain.models import Post, PostKind
from bot.domain.vocabulary.glossary import has_han

from .encoder import DIM
from .types import PostTerms

SCALE = 127.0  # int8 steps for a component of 1.0
REFERENCE = 20  # the neighbour a hit must stand out from
GAP = 0.15  # by this much: 95% of real cross-language pairs, 4% of unrelated queries
FEW_POSTS_FLOOR = 0.45  # fewer posts than REFERENCE: a hit this close (5% of pairs less)
NEAR_THE_BEST = 0.9  # and at least this share of the best hit's similarity
# A hit standing out by GAP counts, to the re-ranker, as words holding this share of the
# query (`support`); more for each further 0.01 of the margin, up to 1.
SUPPORT = 0.8
# The HNSW candidate list of a meaning pass's searches (its 20 nearest, its views' 20
# nearest, the far-second checks' one nearest), where usearch's default is 64 (kept for
# /search). At a million posts a need's pass took p50 3.63 / p99 5.20 ms at 32 against
# 4.37-4.61 / 7.28-10.17 ms at 64, and its decisions agreed with an exact search's as
# often (0.958 of 600 new posts both; with 64's 0.993); an offer's five far-second
# checks agreed with exact 0.989 (32) and 0.993 (64) of the time
# (bench/results/2026-12-06-meaning-pass.md).
PASS_EXPANSION = 32


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
    index holds that many) that stand out from the crowd (`support`, no shipped crowd):
    what /search takes. Similarity alone cannot tell: "insulated water bottles" is 0.24
    from a whole Chinese flask offer, and "xyz" 0.25 from some titles; but the offer stands
    apart from the rest of the market and "xyz" does not (measured on the real shop titles:
    `bench/dense_quality.py`)."""
    return list(support(nearest))


def support(
    nearest: Sequence[tuple[int, float]], crowd: Sequence[float] | np.ndarray = ()
) -> dict[int, float]:
    """Post id -> how strongly its meaning ties it to the query (0..1), for the hits that
    stand out: `GAP` closer than the `REFERENCE`-th nearest of the posts and of `crowd`
    (the query's similarities to `crowd.crowd_texts`) together, or at least `FEW_POSTS_FLOOR`
    when there are fewer (in a small market the 20th neighbour is far from anything); and
    within `NEAR_THE_BEST` of the best post. `SUPPORT` at the first line, one more point
    for each point of margin, up to 1. The re-ranker reads it as the share of the query's
    words a post holds (`meaning_alerts.alerts`)."""
    if not nearest:
        return {}
    pool = sorted([similarity for _, similarity in nearest] + list(crowd), reverse=True)
    apart = pool[REFERENCE - 1] + GAP if len(pool) >= REFERENCE else FEW_POSTS_FLOOR
    line = max(apart, NEAR_THE_BEST * nearest[0][1])
    return {
        post_id: min(1.0, SUPPORT + similarity - apart)
        for post_id, similarity in nearest
        if similarity >= line
    }


def script(terms: PostTerms) -> str:
    """ "han" or "latin": what a post's own words are written in (its glosses are English
    it does not hold). Lexical matching leads within a script, meaning across them."""
    return "han" if any(has_han(word) for word in terms.product + terms.specs) else "latin"


def part(kind: PostKind, written_in: str) -> str:
    """The part of the dense index a post's vector is kept in: "offer/han", "need/latin"."""
    return f"{kind.value}/{written_in}"


def part_file(name: str) -> str:
    """A part's file name in a saved index: "offer-han.usearch"."""
    return name.replace("/", "-") + ".usearch"


def across(kind: PostKind, terms: PostTerms) -> str:
    """Where a post of `kind` with these terms looks by meaning: the other kind, written in
    the other script."""
    other = PostKind.NEED if kind is PostKind.OFFER else PostKind.OFFER
    return part(other, "latin" if script(terms) == "han" else "han")


def unit_rows(vectors: np.ndarray) -> np.ndarray:
    """Vectors (int8 or float) as float32 rows of length 1, for `cosines`."""
    rows = np.asarray(vectors, dtype=np.float32)
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)


def cosines(unit: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """Cosine similarity of each row of `unit` (`unit_rows`) to `vector`: a crowd's, asked
    for every pass, made once."""
    query = vector.astype(np.float32)
    return (unit @ query) / max(float(np.sqrt(query @ query)), 1e-12)


def similarities(vectors: np.ndarray, vector: np.ndarray) -> list[float]:
    """Cosine similarity of each row of `vectors` (int8 or float) to `vector`."""
    return [float(s) for s in cosines(unit_rows(vectors), vector)]


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Cosine similarity of two vectors (int8 or float)."""
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    return float(a32 @ b32) / max(float(np.sqrt((a32 @ a32) * (b32 @ b32))), 1e-12)


def quantize(vectors: np.ndarray) -> np.ndarray:
    """Unit float vectors as int8 (component * 127, rounded)."""
    return np.clip(np.rint(vectors * SCALE), -127, 127).astype(np.int8)


class DenseIndex:
    """Post vectors (int8) by post id, searched by cosine similarity, in parts (`part`): a
    buyer's need looks for offers written in the other script without other buyers' needs
    or same-script offers crowding its nearest."""

    def __init__(self, dim: int = DIM) -> None:
        self.dim = dim
        self._parts: dict[str, Any] = {}  # made with the first vector of each part
        self.changes = 0  # adds and removes so far: whether a saved copy is behind

    def clear(self) -> None:
        self._parts.clear()
        self.changes += 1

    def __len__(self) -> int:
        return sum(len(index) for index in self._parts.values())

    def __contains__(self, post_id: int) -> bool:
        return any(post_id in index for index in self._parts.values())

    def nbytes(self) -> int:
        """Memory the index holds: the vectors and the graph."""
        return sum(int(index.memory_usage) for index in self._parts.values())

    def add(
        self, post_ids: Sequence[int], vectors: np.ndarray, parts: Sequence[str] | None = None
    ) -> None:
        """Put (or put again) the posts' int8 vectors, each in its part (one part when
        none is given)."""
        if not len(post_ids):
            return
        self.remove(post_ids)
        self.changes += 1
        wanted = [""] * len(post_ids) if parts is None else list(parts)
        for name in dict.fromkeys(wanted):
            rows = [n for n, p in enumerate(wanted) if p == name]
            keys = np.asarray([post_ids[n] for n in rows], dtype=np.uint64)
            self._part(name).add(keys, vectors[rows].astype(np.int8))

    def _part(self, name: str) -> Any:
        if name not in self._parts:
            from usearch.index import Index

            self._parts[name] = Index(ndim=self.dim, metric="cos", dtype="i8")
        return self._parts[name]

    def keys(self) -> list[int]:
        """Every post id the index holds."""
        # usearch's keys as one array: reading them one by one takes each a walk
        return [int(key) for index in self._parts.values() for key in np.asarray(index.keys)]

    def save(self, folder: Path) -> dict[str, int]:
        """Each part to `folder` (`part_file`), written beside and moved into place;
        returns each part's post count."""
        folder.mkdir(parents=True, exist_ok=True)
        for name, index in self._parts.items():
            target = folder / part_file(name)
            index.save(str(target.with_suffix(".tmp")))
            target.with_suffix(".tmp").replace(target)
        return {name: len(index) for name, index in self._parts.items()}

    def load(self, folder: Path, parts: Sequence[str]) -> None:
        """The saved `parts` in `folder`, in place of what this index holds of them."""
        from usearch.index import Index

        for name in parts:
            index = Index.restore(str(folder / part_file(name)))
            if index is None or index.ndim != self.dim:
                raise ValueError(f"{folder / part_file(name)} is not a saved part")
            self._parts[name] = index

    def vector_of(self, post_id: int) -> np.ndarray | None:
        """A post's int8 vector as indexed; None when it is not."""
        for index in self._parts.values():
            if post_id in index:
                return np.asarray(index.get(post_id), dtype=np.int8)
        return None

    def vectors_of(
        self, post_ids: Sequence[int], part: str | None = None
    ) -> dict[int, np.ndarray]:
        """The int8 vectors of those of `post_ids` that are indexed (in `part`, when given:
        one lookup), in their order."""
        if part is None:
            found = {post_id: self.vector_of(post_id) for post_id in post_ids}
            return {post_id: vector for post_id, vector in found.items() if vector is not None}
        index = self._parts.get(part)
        if index is None or not len(post_ids):
            return {}
        vectors = index.get(np.asarray(post_ids, dtype=np.uint64))
        return {
            post_id: np.asarray(vector, dtype=np.int8)
            for post_id, vector in zip(post_ids, vectors, strict=True)
            if vector is not None
        }

    def nearest_many(
        self, vectors: Sequence[np.ndarray], k: int, part: str, *, expansion: int | None = None
    ) -> list[list[tuple[int, float]]]:
        """`nearest` in `part` for several vectors, in one search; `expansion`: the HNSW
        candidate list of this search, when not usearch's default (`PASS_EXPANSION`)."""
        index = self._parts.get(part)
        if not vectors or index is None or not len(index) or k <= 0:
            return [[] for _ in vectors]
        # on this thread: usearch's pool for a few queries cost more than it saved (p99 of 5
        # queries at 250k posts 5.6 ms in the pool, 2.4 ms here; bench/meaning_pass_speed.py)
        default = index.expansion_search
        index.expansion_search = expansion or default
        try:
            if len(vectors) == 1:
                return [self.nearest(vectors[0], k, part, expansion=expansion)]
            hits = index.search(np.stack(vectors).astype(np.int8), min(k, len(index)), threads=1)
        finally:
            index.expansion_search = default
        return [
            [
                (int(key), 1.0 - float(d))
                for key, d in zip(
                    hits.keys[row][: hits.counts[row]], hits.distances[row], strict=False
                )
            ]
            for row in range(len(vectors))
        ]

    def closeness(self, post_id: int, vector: np.ndarray, part: str) -> float | None:
        """Cosine similarity of a post of `part` to `vector`; None when it is not there."""
        index = self._parts.get(part)
        theirs = None if index is None else index.get(post_id)
        if theirs is None:
            return None
        return cosine(theirs, vector)

    def remove(self, post_ids: Sequence[int]) -> None:
        for index in self._parts.values():
            for post_id in post_ids:
                if post_id in index:
                    index.remove(post_id)
                    self.changes += 1

    def nearest(
        self, vector: np.ndarray, k: int, part: str | None = None, *, expansion: int | None = None
    ) -> list[tuple[int, float]]:
        """(post id, cosine similarity) of the `k` nearest posts of `part` (None: of
        every part), nearest first; `expansion` as in `nearest_many`."""
        names = list(self._parts) if part is None else [part] if part in self._parts else []
        found: list[tuple[int, float]] = []
        for name in names:
            index = self._parts[name]
            if not len(index) or k <= 0:
                continue
            default = index.expansion_search
            index.expansion_search = expansion or default
            try:
                hits = index.search(vector.astype(np.int8), min(k, len(index)))
            finally:
                index.expansion_search = default
            found += [
                (int(key), 1.0 - float(d))
                for key, d in zip(hits.keys, hits.distances, strict=True)
            ]
        found.sort(key=lambda hit: -hit[1])
        return found[:k]
