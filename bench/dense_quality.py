"""Lexical, dense and fused retrieval on text real shops wrote (issue 34), side by side:
which retriever leads on which kind of pair, before the dense one enters the product.

Reads `../shared/data/real/` like bench/real_text.py (skipped when absent). Per set, the
share of queries whose wanted title is on the first page (3 results):

* bm25: plain BM25 over jieba tokens (bench/real_text.py's baseline);
* engine: the product's engine (`MatchingEngine.search`, /search's path);
* dense: the shipped multilingual encoder (`bot.domain.matching.encoder.UseEncoder`) with
  the approximate-nearest-neighbour index (`DenseIndex`, int8 vectors as stored), each
  title encoded as the product encodes a post (`meaning_text`: its product and keywords),
  each query as /search encodes it (the words as written);
* rrf: reciprocal rank fusion (k = 60) of engine and dense over their first 20;
* rrf, standing out: the same with only the dense results that stand out from the 20th
  neighbour (`dense.standing_out`): what /search does (`bot.services.matching.search`);
* by script: dense when the query shares no script with the document (Latin against Han),
  else the engine: "lexical leads within one script, dense across";
* union: the engine's first page, then dense results the engine did not find, to the page.

Sets: Taobao same product and its own words searched back; the zh-Hant shop titles found
from their English rendering; Amazon-Google and Walmart-Amazon (English on both sides),
each right title of a same-product pair searched among the left listings.

    .venv/bin/python -m bench.dense_quality
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.real_text import PAGE, REAL, Bm25, Engine, magellan_pairs  # noqa: E402
from bot.domain.matching.dense import (  # noqa: E402
    DenseIndex,
    meaning_text,
    quantize,
    standing_out,
)
from bot.domain.matching.encoder import UseEncoder  # noqa: E402
from bot.domain.models import Lang, Post, PostKind, PostStatus  # noqa: E402
from bot.domain.parsing import parse_post  # noqa: E402
from bot.services.matching.search import fused  # noqa: E402

DEEP = 20  # results each retriever hands to fusion
_HAN = re.compile(r"[\u3400-\u9fff]")
_TITLE = re.compile(r"COL title VAL (.*?)(?= COL |\t)")

Ranker = Callable[[int], list[int]]


class Dense:
    """Each title as the product would encode it: posted as an offer, its vector made
    from what the post is about (`meaning_text`: the product and keywords)."""

    def __init__(self, encoder: UseEncoder, docs: list[str]) -> None:
        self.encoder = encoder
        self.index = DenseIndex()
        texts = [meaning_text(_post(f"出售 {d}")) for d in docs]
        self.index.add(list(range(len(docs))), quantize(encoder.encode(texts)))

    def top(self, query_vector, k: int, skip: int | None = None) -> list[int]:  # type: ignore[no-untyped-def]
        found = self.index.nearest(query_vector, k + 1)
        return [i for i, _ in found if i != skip][:k]

    def standing_out(self, query_vector, k: int, skip: int | None = None) -> list[int]:  # type: ignore[no-untyped-def]
        """As /search takes them: only the nearest that stand out from the crowd."""
        found = [(i, s) for i, s in self.index.nearest(query_vector, k + 1) if i != skip]
        return standing_out(found)[:k]


def _post(text: str) -> Post:
    parsed = parse_post(text)
    now = datetime.now(UTC)
    return Post(None, 0, PostKind.OFFER, text, parsed, PostStatus.OPEN, Lang.ZH_HANS, now, now)


def union(first: list[int], second: list[int]) -> list[int]:
    return first[:PAGE] + [i for i in second if i not in first[:PAGE]]


def same_script(a: str, b: str) -> bool:
    return bool(_HAN.search(a)) == bool(_HAN.search(b))


def evaluate(
    name: str,
    docs: list[str],
    queries: list[str],
    wanted: Callable[[int, list[int]], bool],
    skip_self: bool,
    encoder: UseEncoder,
    items: list[int] | None = None,
    selling: str = "出售",
) -> str:
    """One table row: of the queries `items` (all by default), the share each method finds."""
    started = time.perf_counter()
    bm25, dense = Bm25(docs), Dense(encoder, docs)
    engine = Engine(docs, lambda t: f"{selling} {t}")
    vectors = quantize(encoder.encode(queries))
    hits: dict[str, int] = defaultdict(int)
    items = list(range(len(queries))) if items is None else items
    for i in items:
        query = queries[i]
        skip = i if skip_self else None
        lexical = engine.search(query, DEEP, skip=skip)
        meaning = dense.top(vectors[i], DEEP, skip=skip)
        ranked = {
            "bm25": bm25.top(query, PAGE, skip=skip),
            "engine": lexical,
            "dense": meaning,
            "rrf": fused(lexical, meaning),
            "rrf, standing out": fused(lexical, dense.standing_out(vectors[i], DEEP, skip=skip)),
            "by script": lexical if same_script(query, docs[0]) else meaning,
            "union": union(lexical, meaning),
        }
        for method, found in ranked.items():
            hits[method] += wanted(i, found[:PAGE])
    n = max(len(items), 1)
    cells = " | ".join(f"{hits[m] / n:.3f}" for m in METHODS)
    return f"| {name} | {len(items)} | {cells} | {time.perf_counter() - started:.0f} s |"


METHODS = ("bm25", "engine", "dense", "rrf", "rrf, standing out", "by script", "union")


def _rows(name: str) -> list[dict[str, object]] | None:
    path = REAL / name
    if not path.exists():
        return None
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def unrelated(encoder: UseEncoder, docs: list[str]) -> str:
    """Software titles (Amazon-Google) searched among the shop titles, goods they never
    name: the share that still gets a result by meaning."""
    lines = (REAL / "amazon_google_test.txt").read_text("utf-8").splitlines()
    titles = list(dict.fromkeys(m.group(1) for line in lines if (m := _TITLE.search(line))))
    titles = titles[:300]
    dense = Dense(encoder, docs)
    vectors = quantize(encoder.encode(titles))
    found = sum(bool(dense.standing_out(v, DEEP)) for v in vectors)
    return (
        f"| unrelated: {len(titles)} software titles among the shop titles, share with a "
        f"result by meaning | {len(titles)} | | | | | {found / len(titles):.3f} | | | |"
    )


def encoder_speed(encoder: UseEncoder, texts: list[str]) -> str:
    """Encoding 2,000 real texts in batches of 32, and one at a time (p50 / p99)."""
    texts = (texts * (2000 // max(len(texts), 1) + 1))[:2000]
    encoder.encode(texts[:1])  # loads the weights
    started = time.perf_counter()
    for n in range(0, len(texts), 32):
        encoder.encode(texts[n : n + 32])
    batched = (time.perf_counter() - started) / len(texts) * 1000
    single = []
    for text in texts[:300]:
        started = time.perf_counter()
        encoder.encode([text])
        single.append((time.perf_counter() - started) * 1000)
    single.sort()
    p50, p99 = single[len(single) // 2], single[int(len(single) * 0.99)]
    return (
        f"Encoder (one thread): {batched:.2f} ms a text in batches of 32 over 2,000 real "
        f"texts; one text alone p50 {p50:.1f} ms, p99 {p99:.1f} ms."
    )


def main() -> None:
    encoder = UseEncoder()
    real: list[str] = []
    print("| set | queries | " + " | ".join(METHODS) + " | time |")
    print("|---|---|" + "---|" * (len(METHODS) + 1))
    taobao = _rows("taobao_same_product_titles.jsonl")
    if taobao is None:
        print("| Taobao: skipped (no file) |")
    else:
        docs = [str(r["text"]) for r in taobao]
        real += docs
        groups = [r["group"] for r in taobao]
        size: dict[object, int] = defaultdict(int)
        for g in groups:
            size[g] += 1
        same = [i for i in range(len(docs)) if size[groups[i]] > 1]
        print(
            evaluate(
                "Taobao same product (zh-Hans)",
                docs,
                docs,
                lambda i, found: any(groups[j] == groups[i] for j in found),
                True,
                encoder,
                same,
            )
        )
        print(
            evaluate(
                "Taobao, own words searched back",
                docs,
                docs,
                lambda i, found: i in found,
                False,
                encoder,
            )
        )
    shop = _rows("shop_titles_zh_hant_en.jsonl")
    if shop is None:
        print("| shop titles: skipped (no file) |")
    else:
        by_pair: dict[object, dict[str, str]] = defaultdict(dict)
        for row in shop:
            by_pair[row["pair"]][str(row["lang"])] = str(row["text"])
        pairs = [p for p in by_pair.values() if "zh-Hant" in p and "en" in p]
        docs, queries = [p["zh-Hant"] for p in pairs], [p["en"] for p in pairs]
        real += docs + queries
        print(
            evaluate(
                "zh-Hant shop titles <- English",
                docs,
                queries,
                lambda i, found: i in found,
                False,
                encoder,
            )
        )
        print(unrelated(encoder, docs))
    for file, label in (
        ("amazon_google_test.txt", "Amazon-Google, the Google title -> its Amazon listing (en)"),
        (
            "walmart_amazon_test.txt",
            "Walmart-Amazon, the Amazon title -> its Walmart listing (en)",
        ),
    ):
        loaded = magellan_pairs(file)
        if loaded is None:
            print(f"| {label}: skipped (no file) |")
            continue
        docs, positives, _, _ = loaded
        print(
            evaluate(
                label,
                docs,
                [title for _, title in positives],
                lambda i, found, positives=positives: positives[i][0] in found,  # type: ignore[misc]
                False,
                encoder,
                selling="Selling",
            )
        )

    if real:
        print()
        print(encoder_speed(encoder, real))


if __name__ == "__main__":
    main()
