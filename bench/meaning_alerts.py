"""Alerts across languages (issue 34): whom a new post alerts by its words alone (as at
publish), by its words and then its meaning (the product: `by_meaning`), and what the dense
retriever alone would pick (the posts standing out, no re-ranker), beside plain BM25's
first five.

Sets (real text from `../shared/data/real/`, skipped when absent; the project's own set
always):
* own set (tests/data/match_eval.jsonl): every offer open, every need alerted; precision
  is the share of alerts labelled relevant, recall the share of pairs labelled "should
  match" that are alerted;
* shop, English -> zh-Hant: the Taiwanese shop titles on offer ("出售 <title>"), each
  English rendering a need ("Looking for <title>, 50 pcs"); recall: its own title
  alerted; precision: of all alerts, the share that are the need's own title;
* shop, zh-Hant -> English: the other way round ("Selling <title>", "求購 <title> 50個");
* shop, a new offer: the English needs wait, each zh-Hant title is a new offer (a new
  offer alerts every need that would choose it, not five at most);
* amazon-google, walmart-amazon (English on both sides): the left listings on offer
  ("Selling <title>"), the right title of every same-product pair a need ("Looking for
  <title>, 50 pcs"), as `bench.real_text` has them; precision: of all alerts, the share
  that are labelled same-product pairs. Under each, the entity-matching measure over every
  labelled pair (`real_text.pairwise`; every right title a need).

    .venv/bin/python -m bench.meaning_alerts
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.meaning_market import ALERTS, Market  # noqa: E402
from bench.real_text import REAL, Bm25, magellan_pairs, pairwise  # noqa: E402
from bot.domain.matching.encoder import UseEncoder  # noqa: E402
from bot.domain.models import PostKind  # noqa: E402

OWN_SET = ROOT / "tests" / "data" / "match_eval.jsonl"
METHODS = ("dense alone", "words", "words + meaning")


class Tally:
    def __init__(self) -> None:
        self.sent: dict[str, int] = defaultdict(int)
        self.good: dict[str, int] = defaultdict(int)
        self.found: dict[str, int] = defaultdict(int)
        self.wanted = 0
        self.bm25 = 0

    def add(self, method: str, alerted: list[int], good: Callable[[int], bool], wanted: set[int]):  # type: ignore[no-untyped-def]
        self.sent[method] += len(alerted)
        self.good[method] += sum(good(i) for i in alerted)
        self.found[method] += len(wanted & set(alerted))

    def row(self, name: str, needs: int, started: float) -> str:
        cells = [
            f"{self.found[m] / max(self.wanted, 1):.3f} / {self.good[m] / max(self.sent[m], 1):.3f}"
            for m in METHODS
        ]
        bm25 = f"{self.bm25 / max(self.wanted, 1):.3f}"
        took = time.perf_counter() - started
        return f"| {name} | {needs} | {bm25} | " + " | ".join(cells) + f" | {took:.0f} s |"


def run(
    name: str,
    encoder: UseEncoder,
    posts: list[str],
    new_posts: list[str],
    wanted: Callable[[int], set[int]],
    relevant: Callable[[int, int], bool],
    kind: PostKind = PostKind.OFFER,
) -> str:
    """`posts` of `kind` open; each of `new_posts` (the other kind) published and alerted."""
    started = time.perf_counter()
    market, bm25, tally = Market(encoder, posts, kind), Bm25(posts), Tally()
    other = PostKind.NEED if kind is PostKind.OFFER else PostKind.OFFER
    vectors = market.vectors(new_posts, other)
    ids = market.open_too(new_posts, vectors)
    for n, new_post in enumerate(new_posts):
        words, meaning, dense = market.alerts(new_post, vectors[n], ids[n])
        want = wanted(n)
        tally.wanted += len(want)
        tally.bm25 += len(want & set(bm25.top(new_post, ALERTS)))
        good = lambda i, n=n: relevant(n, i)  # noqa: E731
        tally.add("dense alone", dense, good, want)
        tally.add("words", words, good, want)
        tally.add("words + meaning", words + meaning, good, want)
    return tally.row(name, len(new_posts), started)


def own_set(encoder: UseEncoder) -> str:
    rows = [json.loads(line) for line in OWN_SET.read_text("utf-8").splitlines() if line.strip()]
    offer_ids = sorted({r["offer_id"] for r in rows})
    need_ids = sorted({r["need_id"] for r in rows})
    text = {r["offer_id"]: r["offer"] for r in rows} | {r["need_id"]: r["need"] for r in rows}
    label = {(r["need_id"], r["offer_id"]): r["rel"] for r in rows}
    return run(
        "own set, every language pair",
        encoder,
        [text[o] for o in offer_ids],
        [text[n] for n in need_ids],
        lambda n: {i for i, o in enumerate(offer_ids) if label.get((need_ids[n], o)) == 2},
        lambda n, i: label.get((need_ids[n], offer_ids[i]), 0) >= 1,
    )


def shop(encoder: UseEncoder) -> list[str]:
    path = REAL / "shop_titles_zh_hant_en.jsonl"
    if not path.exists():
        return ["| shop titles: skipped (no file) |"]
    by_pair: dict[object, dict[str, str]] = defaultdict(dict)
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            by_pair[row["pair"]][row["lang"]] = row["text"]
    pairs = [p for p in by_pair.values() if "zh-Hant" in p and "en" in p]
    zh, en = [p["zh-Hant"] for p in pairs], [p["en"] for p in pairs]
    rows = [  # (name, open posts, new posts, the open posts' kind)
        (
            "shop titles, English need -> zh-Hant offer",
            [f"出售 {t}" for t in zh],
            [f"Looking for {t}, 50 pcs" for t in en],
            PostKind.OFFER,
        ),
        (
            "shop titles, zh-Hant need -> English offer",
            [f"Selling {t}" for t in en],
            [f"求購 {t} 50個" for t in zh],
            PostKind.OFFER,
        ),
        (
            "shop titles, a new zh-Hant offer -> English needs waiting",
            [f"Looking for {t}, 50 pcs" for t in en],
            [f"出售 {t}" for t in zh],
            PostKind.NEED,
        ),
    ]
    return [
        run(name, encoder, posts, new, lambda n: {n}, lambda n, i: n == i, kind)
        for name, posts, new, kind in rows
    ]


def magellan(encoder: UseEncoder, name: str, label: str) -> list[str]:
    loaded = magellan_pairs(name)
    if loaded is None:
        return [f"| {label}: skipped (no file) |"]
    docs, positives, labelled, pairs = loaded
    posts = [f"Selling {t}" for t in docs]
    row = run(
        label,
        encoder,
        posts,
        [f"Looking for {t}, 50 pcs" for _, t in positives],
        lambda n: {positives[n][0]},
        lambda n, i: (positives[n][1], i) in labelled,
    )
    titles = sorted({title for title, _, _ in pairs})
    needs = [f"Looking for {t}, 50 pcs" for t in titles]
    market = Market(encoder, posts, PostKind.OFFER)
    vectors = market.vectors(needs, PostKind.NEED)
    ids = market.open_too(needs, vectors)
    words: dict[str, list[int]] = {}
    both: dict[str, list[int]] = {}
    for n, title in enumerate(titles):
        by_words, by_meaning, _ = market.alerts(needs[n], vectors[n], ids[n])
        words[title], both[title] = by_words, by_words + by_meaning
    cells = [
        "{} {:.3f} / {:.3f} / {:.3f}".format(method, *pairwise(pairs, found.__getitem__))
        for method, found in (("words", words), ("words + meaning", both))
    ]
    return [
        row,
        f"    pairwise P / R / F1 on the {len(pairs)} labelled pairs: " + "; ".join(cells),
    ]


def main() -> None:
    encoder = UseEncoder()
    cells = " | ".join(f"{m}: recall / precision" for m in METHODS)
    print(f"| set | needs | BM25 recall@5 | {cells} | time |")
    print("|---|---|---|---|---|---|---|")
    print(own_set(encoder), flush=True)
    for row in shop(encoder):
        print(row, flush=True)
    for name, label in (
        ("amazon_google_test.txt", "Amazon vs Google software (en), needs"),
        ("walmart_amazon_test.txt", "Walmart vs Amazon electronics (en), needs"),
    ):
        for row in magellan(encoder, name, label):
            print(row, flush=True)


if __name__ == "__main__":
    main()
