"""The dense index at market size (issue 34): building it, a query's nearest posts, memory.

Usage:  python -m bench.dense_speed [--size 1000000] [--queries 1000]

Encoding a million real texts would take hours here, so the vectors are synthetic and
clustered like a market: 2,000 kinds of goods, each post its kind's direction plus noise,
unit length, then int8 as stored (`bot.domain.matching.dense.quantize`). Reported:

* build: adding every vector to `DenseIndex` (usearch HNSW), as a start-up that loads the
  stored vectors does today (a saved graph is not used yet);
* nearest: one query's 20 nearest posts (what /search asks), p50 / p99, on this machine;
* memory: what the index holds (usearch's count: vectors and graph), and the process's
  peak resident size before and after (the synthetic batches add their own).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.domain.matching.dense import DIM, DenseIndex, quantize  # noqa: E402

KINDS = 2000
NOISE = 0.9  # a post's spread around its kind's direction (cosine to it about 0.74)
BATCH = 20_000


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def clustered(rng: np.random.Generator, centres: np.ndarray, n: int) -> np.ndarray:
    kinds = rng.integers(0, len(centres), n)
    noise = rng.normal(size=(n, DIM)).astype(np.float32) * (NOISE / np.sqrt(DIM))
    vectors = centres[kinds] + noise
    return quantize(vectors / np.linalg.norm(vectors, axis=1, keepdims=True))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=1000)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(34)
    centres = rng.normal(size=(KINDS, DIM)).astype(np.float32)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    before = peak_mb()
    index = DenseIndex()
    started = time.perf_counter()
    for first in range(0, args.size, BATCH):
        n = min(BATCH, args.size - first)
        index.add(list(range(first + 1, first + n + 1)), clustered(rng, centres, n))
    build = time.perf_counter() - started
    queries = clustered(rng, centres, args.queries)
    times = []
    for query in queries:
        started = time.perf_counter()
        index.nearest(query, 20)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
    print("| posts | build | nearest 20, p50 / p99 | the index | process peak before / after |")
    print("|---|---|---|---|---|")
    print(
        f"| {args.size:,} | {build:.0f} s | {p50:.2f} / {p99:.2f} ms "
        f"| {index.nbytes() / 2**20:.0f} MB | {before:.0f} / {peak_mb():.0f} MB |"
    )


if __name__ == "__main__":
    main()
