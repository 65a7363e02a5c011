"""The dense index at market size (issue 34): building it, saving and loading it, a query's
nearest posts, a new post's backing by meaning, memory.

Usage:  python -m bench.dense_speed [--size 1000000] [--queries 1000]

Encoding a million real texts would take hours here, so the vectors are synthetic and
clustered like a market: 2,000 kinds of goods, each post its kind's direction plus noise,
unit length, then int8 as stored (`bot.domain.matching.dense.quantize`), spread over the
four parts (offers and needs, Han and Latin script). Reported:

* build: adding every vector to `DenseIndex` (usearch HNSW), as a start-up without a saved
  index does (`meaning.load_vectors`);
* save: writing it (`DenseIndex.save`; the product does it on the event loop every 10
  minutes when it changed, `meaning_files`); load: a fresh process reading it back, timed
  with its own peak memory (`meaning_files.load` at start-up);
* nearest: one query's 20 nearest posts of every part (what /search asks), p50 / p99;
* backing: what a new post's meaning pass asks of the dense index
  (`meaning_alerts.backing`: its 20 nearest in the other part and the nearest's view),
  p50 / p99; the engine's re-ranking is timed by bench/match_speed.py;
* memory: what the index holds (usearch's count: vectors and graph), and the process's
  peak resident size before and after (the synthetic batches add their own).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.domain.matching import meaning_alerts  # noqa: E402
from bot.domain.matching.dense import DIM, DenseIndex, quantize, unit_rows  # noqa: E402

PARTS = ["offer/han", "need/latin", "offer/latin", "need/han"]

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
    parser.add_argument("--load", type=Path, help=argparse.SUPPRESS)  # the fresh process
    args = parser.parse_args(argv)
    if args.load is not None:
        return load_only(args.load)
    rng = np.random.default_rng(34)
    centres = rng.normal(size=(KINDS, DIM)).astype(np.float32)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    before = peak_mb()
    index = DenseIndex()
    started = time.perf_counter()
    for first in range(0, args.size, BATCH):
        n = min(BATCH, args.size - first)
        ids = list(range(first + 1, first + n + 1))
        index.add(ids, clustered(rng, centres, n), [PARTS[i % 4] for i in ids])
    build = time.perf_counter() - started
    queries = clustered(rng, centres, args.queries)
    crowds = {name: unit_rows(clustered(rng, centres, 42)) for name in PARTS}
    searched, backed = [], []
    for n, query in enumerate(queries):
        started = time.perf_counter()
        index.nearest(query, 20)
        searched.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        meaning_alerts.backing(index, crowds, n + 1, PARTS[(n + 1) % 4], PARTS[n % 4], query)
        backed.append((time.perf_counter() - started) * 1000)
    with tempfile.TemporaryDirectory(prefix="dense-speed-") as folder:
        started = time.perf_counter()
        index.save(Path(folder))
        saved = time.perf_counter() - started
        loaded = subprocess.run(
            [sys.executable, "-m", "bench.dense_speed", "--load", folder],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    print(
        "| posts | build | save | load, fresh process (its peak) | nearest 20, p50 / p99 "
        "| backing, p50 / p99 | the index | process peak before / after |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(
        f"| {args.size:,} | {build:.0f} s | {saved:.1f} s | {loaded} | {_p(searched)} "
        f"| {_p(backed)} | {index.nbytes() / 2**20:.0f} MB | {before:.0f} / {peak_mb():.0f} MB |"
    )


def load_only(folder: Path) -> None:
    """A fresh process's start-up from the saved index: its time and its own peak (VmHWM:
    getrusage's peak would count the parent's, kept across exec)."""
    started = time.perf_counter()
    index = DenseIndex()
    index.load(folder, PARTS)
    status = Path("/proc/self/status").read_text().splitlines()
    peak = next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmHWM:"))
    print(f"{time.perf_counter() - started:.1f} s, {len(index):,} posts ({peak:.0f} MB)")


def _p(times: list[float]) -> str:
    times = sorted(times)
    return f"{times[len(times) // 2]:.2f} / {times[int(len(times) * 0.99)]:.2f} ms"


if __name__ == "__main__":
    main()
