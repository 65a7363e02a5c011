"""The meaning pass at market size (issue 34): what a new post's match by meaning costs once
its vector is made, the encoder not counted. Per post, timed together: the dense
retriever's backing (`meaning_alerts.backing`: its nearest in the other script, their
view, the buyer's view) and the re-ranking with what the words find (`meaning_alerts.alerts`,
a need's second opinion on its first page included), as `by_meaning.match_by_meaning`
runs them: after the post's words' pass (`pairs.match_post`, untimed here), whose page of a
need's offers the re-ranking takes (`words_pages`).

Synthetic, as the other speed benches: the posts of bench/match_corpus.py in the engine,
and for each a clustered int8 vector (bench/dense_speed.py) whose cluster is its first
product word, so that what meaning finds shares its product; odd posts are written in Han,
even ones in Latin script. Encoding a million real texts would take hours here.

    .venv/bin/python -m bench.meaning_pass_speed [--size 1000000] [--queries 1000]
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.dense_speed import BATCH, KINDS, NOISE, peak_mb  # noqa: E402
from bench.match_corpus import Corpus, SynthPost  # noqa: E402
from bench.match_speed import fields_of, queries  # noqa: E402
from bot.domain.matching import meaning_alerts  # noqa: E402
from bot.domain.matching.dense import DIM, DenseIndex, part, quantize, unit_rows  # noqa: E402
from bot.domain.matching.engine import MatchingEngine  # noqa: E402
from bot.domain.models import PostKind  # noqa: E402

OTHER = {PostKind.OFFER: PostKind.NEED, PostKind.NEED: PostKind.OFFER}


def written_in(post: SynthPost) -> str:
    return "han" if post.post_id % 2 else "latin"


class Vectors:
    """A post's vector: its product's direction plus noise, unit length, int8."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng(34)
        centres = self.rng.normal(size=(KINDS, DIM)).astype(np.float32)
        self.centres = centres / np.linalg.norm(centres, axis=1, keepdims=True)

    def of(self, posts: list[SynthPost]) -> np.ndarray:
        kinds = [zlib.crc32(p.terms.product[0].encode()) % KINDS for p in posts]
        noise = self.rng.normal(size=(len(posts), DIM)).astype(np.float32)
        vectors = self.centres[kinds] + noise * (NOISE / np.sqrt(DIM))
        return quantize(vectors / np.linalg.norm(vectors, axis=1, keepdims=True))

    def crowd(self) -> np.ndarray:
        kinds = self.rng.integers(0, KINDS, 42)
        noise = self.rng.normal(size=(42, DIM)).astype(np.float32) * (NOISE / np.sqrt(DIM))
        vectors = self.centres[kinds] + noise
        return quantize(vectors / np.linalg.norm(vectors, axis=1, keepdims=True))


def market(size: int, vectors: Vectors) -> tuple[MatchingEngine, DenseIndex, float]:
    engine, dense = MatchingEngine(), DenseIndex()
    started = time.perf_counter()
    batch: list[SynthPost] = []
    for post in Corpus().posts(size):
        engine.add(post.post_id, post.user_id, post.kind, post.terms, fields_of(post))
        batch.append(post)
        if len(batch) == BATCH:
            _add(dense, batch, vectors)
            batch = []
    _add(dense, batch, vectors)
    return engine, dense, time.perf_counter() - started


def _add(dense: DenseIndex, posts: list[SynthPost], vectors: Vectors) -> None:
    if posts:
        parts = [part(p.kind, written_in(p)) for p in posts]
        dense.add([p.post_id for p in posts], vectors.of(posts), parts)


def pct(times: list[float]) -> str:
    if not times:
        return "-"
    ordered = sorted(times)
    p50, p99 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{p50:.2f} / {p99:.2f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=1000)
    args = parser.parse_args(argv)
    vectors = Vectors()
    engine, dense, built = market(args.size, vectors)
    crowds = {
        f"{k.value}/{s}": unit_rows(vectors.crowd()) for k in PostKind for s in ("han", "latin")
    }
    now = Corpus().now_ts
    timed: dict[str, list[float]] = {"backing": [], "alerts": [], "need": [], "offer": []}
    for post in queries(args.size, args.queries):
        fields = fields_of(post)
        engine.add(post.post_id, post.user_id, post.kind, post.terms, fields)
        vector = vectors.of([post])[0]
        script = written_in(post)
        own, other = part(post.kind, script), "latin" if script == "han" else "han"
        dense.add([post.post_id], vector[None, :], [own])
        same_script = part(PostKind.OFFER, script)
        # its words' pass first, as at publish (`pairs.match_post`; timed by bench.match_speed):
        # what it alerted is the post's pairs the meaning pass leaves out
        words = engine.alerts(
            post.kind,
            post.terms,
            fields,
            user_id=post.user_id,
            now_ts=now,
            limit=30,
            post_id=post.post_id,
        )
        t0 = time.perf_counter()
        where = part(OTHER[post.kind], other)
        backing = meaning_alerts.backing(dense, crowds, post.post_id, own, where, vector)
        t1 = time.perf_counter()
        if backing or post.kind is PostKind.NEED:
            meaning_alerts.alerts(
                engine,
                post.kind,
                post.terms,
                fields,
                backing,
                user_id=post.user_id,
                now_ts=now,
                limit=30,
                closeness=lambda other_id, v=vector, p=same_script: dense.closeness(
                    other_id, v, p
                ),
                post_id=post.post_id,
                paired={r.post_id for r in words},
                far_second=lambda need, v=vector, w=where, o=own: meaning_alerts.far_second(
                    dense, need, v, w, o
                ),
            )
        t2 = time.perf_counter()
        timed["backing"].append((t1 - t0) * 1000)
        timed["alerts"].append((t2 - t1) * 1000)
        timed[post.kind.value].append((t2 - t0) * 1000)
    print(
        f"{args.size:,} posts (engine and dense index built in {built:.0f} s, process peak "
        f"{peak_mb():,.0f} MB); {args.queries} new posts, p50 / p99:"
    )
    print("| backing | re-ranking | a need's whole pass | an offer's whole pass |")
    print("|---|---|---|---|")
    cells = [pct(timed[k]) for k in ("backing", "alerts", "need", "offer")]
    print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
