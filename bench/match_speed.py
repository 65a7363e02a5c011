"""Matching speed: our engine against rank-bm25, SQLite FTS5 and tantivy.

    python -m bench.match_speed                       # 10k, 100k and 1M open posts
    python -m bench.match_speed --sizes 10000,100000 --queries 500

For each size: build the index from the synthetic corpus (bench/match_corpus.py), then for
each query post time the full path for a new post (fields_from_parsed + add + alerts on the
other side: match, top 10 with filters, then the alert rules, as bot/services/matching/indexing.py
calls it); print p50/p99 of match, alerts and add, and of the meaning pass's re-ranking
(`meaning_alerts.alerts` with 5 posts found by meaning, docs/meaning.md), index memory, the same
queries against the baselines (text only: they have no structured filters) and the
ratios. The start-up rebuild from the database is bench/rebuild_speed.py.

Vocabulary: the synthetic corpus has a few thousand words; real text brings far more
(`real_vocabulary`, about 250,000 distinct terms at 1M posts), so the term table is padded to
that size unless --synthetic-vocabulary is given.

Term extraction: the index is fed pre-tokenised synthetic terms. When
bot.domain.matching.terms and bot.domain.parsing are importable, parse_post and
extract_terms are also timed, once per text of the project's own corpus
(tests/data/posts_*.jsonl), and query i's full path gets the i-th text's times added
before the percentiles are taken: extract_terms for the path a tap on Publish runs
(bot/services/matching/indexing.py: terms, fields, add, alerts), and parse_post as well for the
message's arrival and its Publish together (the draft card is parsed when the message
arrives, a separate reply); otherwise it says so.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np

from bench.match_baselines import RANK_BM25_MAX, Baselines
from bench.match_corpus import Corpus, SynthPost
from bench.parse_speed import load_messages
from bot.domain.matching import meaning_alerts
from bot.domain.matching.dense import similarities
from bot.domain.matching.engine import MatchingEngine, fields_from_parsed

TEXTS = (
    "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
    "求购保温杯5000只，10元以内，寄到上海",
    "Looking for vacuum flasks, 5k pcs, under $1.5, FOB Ningbo",
    "供应纯棉T恤 180克 起订500件 单价18元 广州现货",
    "收LED灯带 5050 防水 20000米 预算2元/米",
    "出售 硅胶手机壳 iPhone15 3元/个 深圳 量大从优",
    "徵求 不鏽鋼保溫杯 3000個 每個12元以內 台中",
    "Selling ceramic mugs 350ml, MOQ 2000 pcs, 1.2 USD each, EXW Chaozhou",
)


def pct(values: Sequence[float]) -> tuple[float, float]:
    """(p50, p99) in milliseconds."""
    arr = np.asarray(values) * 1e3
    return float(np.percentile(arr, 50)), float(np.percentile(arr, 99))


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def fields_of(post: SynthPost):
    return fields_from_parsed(post.parsed, post.created_ts, post.expires_ts, trust=post.trust)


def real_vocabulary(n: int) -> int:
    """Distinct terms that n posts of real text hold: Heaps' law fitted on the listings in
    ../shared/data/real (6,392 titles gave 14,610 terms, growing as n^0.56)."""
    return int(109 * n**0.56)


def build(n: int, vocabulary: int = 0) -> tuple[MatchingEngine, list[float], float]:
    """The index of n synthetic posts; the term table is then padded with terms no post
    holds up to `vocabulary` (the synthetic words are far fewer than real text brings, and
    a query's cost may grow with the table)."""
    gc.collect()
    before = rss_mb()
    engine = MatchingEngine()  # default capacity: columns double as the app's index would
    add_lat: list[float] = []
    for post in Corpus().posts(n):
        fields = fields_of(post)
        t0 = time.perf_counter()
        engine.add(post.post_id, post.user_id, post.kind, post.terms, fields)
        add_lat.append(time.perf_counter() - t0)
    for i in range(len(engine.terms), vocabulary):
        engine.terms.intern(f"p|unheld{i}")
    gc.collect()
    return engine, add_lat, rss_mb() - before


def queries(n: int, count: int) -> list[SynthPost]:
    """New posts from the same distribution (other seed, same users, ids after the corpus)."""
    corpus = Corpus(seed=99, n_users=max(10, n // 5))
    corpus.next_id = 10_000_000
    return list(corpus.posts(count))


VECTORS = np.random.default_rng(34).integers(-127, 128, size=(1000, 512), dtype=np.int8)
MINE = VECTORS[0]


def time_ours(
    engine: MatchingEngine, posts: list[SynthPost], now: float
) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {
        "full": [],
        "add": [],
        "match": [],
        "alerts": [],
        "rerank": [],
        "rerank need": [],
        "rerank offer": [],
    }
    found_by_meaning = random.Random(34)
    for post in posts:
        t0 = time.perf_counter()
        fields = fields_of(post)
        t1 = time.perf_counter()
        engine.add(post.post_id, post.user_id, post.kind, post.terms, fields)
        t2 = time.perf_counter()
        engine.alerts(post.kind, post.terms, fields, user_id=post.user_id, now_ts=now, limit=10)
        t3 = time.perf_counter()
        engine.match(post.kind, post.terms, fields, user_id=post.user_id, now_ts=now, limit=10)
        t4 = time.perf_counter()
        out["full"].append(t3 - t0)  # what a new post costs: fields, add, then alerts
        out["add"].append(t2 - t1)
        out["alerts"].append(t3 - t2)
        out["match"].append(t4 - t3)  # for the baselines: ranking alone (caches warm)
        # the meaning pass's re-ranking (docs/meaning.md): what the words find and 5 posts
        # the dense retriever found, ranked together; a need's second opinion with a
        # cosine of two int8 vectors per offer asked (as `DenseIndex.closeness` computes)
        support = {found_by_meaning.randint(1, len(engine)): 0.9 for _ in range(5)}
        t5 = time.perf_counter()
        meaning_alerts.alerts(
            engine,
            post.kind,
            post.terms,
            fields,
            support,
            user_id=post.user_id,
            now_ts=now,
            limit=30,
            closeness=lambda other: similarities(VECTORS[other % len(VECTORS)][None, :], MINE)[0],
        )
        out["rerank"].append(time.perf_counter() - t5)
        out[f"rerank {post.kind.value}"].append(out["rerank"][-1])
    for post in posts:
        engine.remove(post.post_id)
    return out


def extraction_timer() -> Callable[[], dict[str, list[float]]] | None:
    try:
        from bot.domain.matching.terms import extract_terms
        from bot.domain.parsing import parse_post
    except ImportError:
        return None

    def run() -> dict[str, list[float]]:
        """parse_post and extract_terms once on each of the project's own corpus texts,
        after a warm-up on TEXTS only: each text is new to the word caches, as a new post
        is."""
        for text in TEXTS:
            extract_terms(parse_post(text), text)
        lat: dict[str, list[float]] = {"parse": [], "terms": []}
        for text in load_messages():
            t0 = time.perf_counter()
            parsed = parse_post(text)
            t1 = time.perf_counter()
            extract_terms(parsed, text)
            lat["parse"].append(t1 - t0)
            lat["terms"].append(time.perf_counter() - t1)
        return lat

    return run


def run_size(
    n: int, n_queries: int, extract: dict[str, list[float]] | None, real_terms: bool
) -> None:
    print(f"\n== {n:,} open posts ==")
    t0 = time.perf_counter()
    engine, add_lat, rss_delta = build(n, real_vocabulary(n) if real_terms else 0)
    print(
        f"build: {time.perf_counter() - t0:.1f}s (incl. corpus generation); "
        f"add p50/p99 {pct(add_lat)[0] * 1e3:.1f}/{pct(add_lat)[1] * 1e3:.1f} us; "
        f"mean {statistics.fmean(add_lat) * 1e6:.1f} us"
    )
    print(f"index memory: nbytes {engine.nbytes() / 1e6:.0f} MB, RSS delta {rss_delta:.0f} MB")
    print(f"term table: {len(engine.terms):,} terms")
    posts = queries(n, n_queries)
    now = Corpus().now_ts
    time_ours(engine, posts[:50], now)  # warm-up
    ours = time_ours(engine, posts, now)
    for name in ("match", "alerts", "add", "full", "rerank", "rerank need", "rerank offer"):
        p50, p99 = pct(ours[name])
        print(f"ours {name:5s}: p50 {p50:.3f} ms  p99 {p99:.3f} ms ({len(posts)} queries)")
    if extract is not None:  # query i is paired with the i-th corpus text's timings
        texts = len(extract["terms"])
        for label, parts in (
            ("Publish (+ extract_terms)", ("terms",)),
            ("+ parse_post too", ("terms", "parse")),
        ):
            whole = [
                f + sum(extract[part][i % texts] for part in parts)
                for i, f in enumerate(ours["full"])
            ]
            p50, p99 = pct(whole)
            print(f"ours {label}: p50 {p50:.3f} ms  p99 {p99:.3f} ms")
        for part in ("terms", "parse"):
            e50, e99 = pct(extract[part])
            print(f"  {part} alone: p50 {e50:.3f} ms  p99 {e99:.3f} ms over {texts} texts")
    del engine
    gc.collect()

    baselines = Baselines(n, with_tantivy=_has_tantivy())
    batch: list[SynthPost] = []
    for post in Corpus().posts(n):
        batch.append(post)
        if len(batch) == 5000:
            baselines.add_batch(batch)
            batch = []
    if batch:
        baselines.add_batch(batch)
    baselines.finish()
    for name, seconds in baselines.build_s.items():
        print(f"{name} build: {seconds:.1f}s")
    ours_p50, ours_p99 = pct(ours["match"])
    results = baselines.time_queries(posts)
    for name in ("rank-bm25", "fts5", "tantivy"):
        if name not in results:
            reason = "not installed" if name == "tantivy" else f"> {RANK_BM25_MAX:,} docs"
            print(f"{name:9s}: skipped ({reason})")
            continue
        p50, p99 = pct(results[name])
        print(
            f"{name:9s}: p50 {p50:.3f} ms  p99 {p99:.3f} ms  "
            f"(x{p50 / ours_p50:.1f} / x{p99 / ours_p99:.1f} our match time; "
            f"{len(results[name])} queries)"
        )
    del baselines
    gc.collect()


def _has_tantivy() -> bool:
    try:
        import tantivy  # noqa: F401
    except ImportError:
        return False
    return True


def _cover_every_word() -> None:
    """Stand-in for glossary words: a query's first concept covers all its product words."""
    from bot.domain.matching import planner
    from bot.domain.matching.rows import CONCEPT, PRODUCT

    def cover(engine, terms, weighted):  # type: ignore[no-untyped-def]
        get = engine.terms.ids.get
        concepts = [t for c in terms.concepts if (t := get(CONCEPT + c)) in weighted]
        for word in terms.product:
            if concepts and (tid := get(PRODUCT + word)) in weighted:
                weighted[concepts[0]] += weighted[tid] - planner._TRACE
                weighted[tid] = planner._TRACE
        return ()

    planner._cover_words = cover


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument(
        "--covered",
        action="store_true",
        help="take every product word of a query as naming its concept (the synthetic words "
        "are no glossary forms), so that covered words are worked out as for real posts",
    )
    parser.add_argument(
        "--synthetic-vocabulary",
        action="store_true",
        help="keep the term table at the synthetic corpus's few thousand words instead of "
        "padding it to the size real text would give (real_vocabulary)",
    )
    args = parser.parse_args(argv)
    if args.covered:
        _cover_every_word()
    timer = extraction_timer()
    extract = timer() if timer else None
    print(
        "term extraction:",
        "parse_post and extract_terms on the own corpus's texts, timed separately"
        if extract
        else "terms module absent: pre-tokenised synthetic terms only",
    )
    for size in (int(s) for s in args.sizes.split(",")):
        run_size(size, args.queries, extract, not args.synthetic_vocabulary)


if __name__ == "__main__":
    main()
