"""Text-only baselines for bench/match_speed.py: rank-bm25, SQLite FTS5, tantivy.

All three get the same tokens as our engine (bench.match_corpus.SynthPost.tokens) and are
asked for the top 10 by their own BM25; none applies our structured filters or scoring.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

import numpy as np

from bench.match_corpus import SynthPost

RANK_BM25_MAX = 100_000  # BM25Okapi scores every document in Python per query term
BUDGET_S = 15.0
MIN_QUERIES = 30


class Baselines:
    """Text-only engines fed the same tokens in one pass over the corpus."""

    def __init__(self, n: int, with_tantivy: bool) -> None:
        self.n = n
        self.build_s: dict[str, float] = {"fts5": 0.0}
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE fts USING fts5(body)")
        self.bm25_docs: list[list[str]] | None = [] if n <= RANK_BM25_MAX else None
        self.tantivy = None
        if with_tantivy:
            import tantivy

            builder = tantivy.SchemaBuilder()
            builder.add_text_field("body", stored=False)
            builder.add_integer_field("id", stored=True, fast=True)
            self.tantivy = tantivy.Index(builder.build())
            self.writer = self.tantivy.writer(heap_size=200_000_000, num_threads=1)
            self.build_s["tantivy"] = 0.0
            self._tdoc = tantivy.Document

    def add_batch(self, posts: list[SynthPost]) -> None:
        rows = [(p.post_id, " ".join(p.tokens())) for p in posts]
        t0 = time.perf_counter()
        self.db.executemany("INSERT INTO fts(rowid, body) VALUES (?, ?)", rows)
        self.build_s["fts5"] += time.perf_counter() - t0
        if self.bm25_docs is not None:
            self.bm25_docs.extend(p.tokens() for p in posts)
        if self.tantivy is not None:
            t0 = time.perf_counter()
            for post_id, body in rows:
                self.writer.add_document(self._tdoc(id=post_id, body=body))
            self.build_s["tantivy"] += time.perf_counter() - t0

    def finish(self) -> None:
        if self.tantivy is not None:
            t0 = time.perf_counter()
            self.writer.commit()
            self.writer.wait_merging_threads()
            self.tantivy.reload()
            self.searcher = self.tantivy.searcher()
            self.build_s["tantivy"] += time.perf_counter() - t0
        if self.bm25_docs is not None:
            from rank_bm25 import BM25Okapi

            t0 = time.perf_counter()
            self.bm25 = BM25Okapi(self.bm25_docs)
            self.build_s["rank-bm25"] = time.perf_counter() - t0

    def time_queries(self, posts: list[SynthPost]) -> dict[str, list[float]]:
        """Latencies per engine; each stops after BUDGET_S seconds (at least MIN_QUERIES
        queries) because FTS5 and rank-bm25 need up to seconds per query at 1M."""
        engines: dict[str, Callable[[SynthPost], object]] = {"fts5": self._fts5}
        if self.tantivy is not None:
            engines["tantivy"] = self._tantivy
        if self.bm25_docs is not None:
            engines["rank-bm25"] = self._bm25
        out: dict[str, list[float]] = {}
        for name, run in engines.items():
            lat = out[name] = []
            started = time.perf_counter()
            for post in posts:
                t0 = time.perf_counter()
                run(post)
                lat.append(time.perf_counter() - t0)
                if len(lat) >= MIN_QUERIES and time.perf_counter() - started > BUDGET_S:
                    break
        return out

    def _fts5(self, post: SynthPost) -> object:
        return self.db.execute(
            "SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT 10",
            (" OR ".join(post.tokens()),),
        ).fetchall()

    def _tantivy(self, post: SynthPost) -> object:
        assert self.tantivy is not None
        query = self.tantivy.parse_query(" ".join(post.tokens()), ["body"])
        return self.searcher.search(query, 10)

    def _bm25(self, post: SynthPost) -> object:
        scores = self.bm25.get_scores(post.tokens())
        return np.argpartition(-scores, 10)[:10]
