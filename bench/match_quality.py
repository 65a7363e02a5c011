"""Match quality on the labelled offer-need pairs in tests/data/match_eval.jsonl.

Every offer of the set is parsed (`parse_post`), turned into terms (`terms.extract_terms`)
and fields (`fields_from_parsed`) and indexed in one `MatchingEngine`, each under its own user.
Each need is then matched (`MatchingEngine.match`, limit 10) and scored against the labels:

* recall@5: share of pairs labelled 2 ("should match") whose offer is in the need's top 5.
* alert precision: of all (need, offer) pairs `MatchingEngine.alerts` would alert (the alert
  threshold, the margin and the stand-out rule), the share labelled >= 1. A pair the set does not label counts as 0 (not relevant): every
  cluster of the set is a distinct product, so unlabelled pairs are different products.
* nDCG@10: gain 2**rel - 1, over the need's ranking restricted to the offers of the
  language pair in question, against the ideal order of that need's labelled offers.

Rows are per language pair ("zh-Hans<>zh-Hant" and "zh<>en" pool both directions) and all.

    .venv/bin/python -m bench.match_quality [--misses] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.terms import extract_terms
from bot.domain.models import PostKind
from bot.domain.parsing import parse_post
from bot.domain.vocabulary.loading import warm_up

EVAL_PATH = Path(__file__).resolve().parent.parent / "tests" / "data" / "match_eval.jsonl"
BUCKETS = ("zh-Hans", "zh-Hant", "en", "zh-Hans<>zh-Hant", "zh<>en")
NOW = 1_800_000_000.0
DAY = 86400.0
NEED_USER = 1


def bucket(offer_lang: str, need_lang: str) -> str:
    if offer_lang == need_lang:
        return offer_lang
    return "zh<>en" if "en" in (offer_lang, need_lang) else "zh-Hans<>zh-Hant"


def load(path: Path = EVAL_PATH) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _post(text: str):
    parsed = parse_post(text)
    terms = extract_terms(parsed, text)
    fields = fields_from_parsed(parsed, NOW - DAY, NOW + 30 * DAY)
    return terms, fields


def run(lines: list[dict]) -> dict:
    """Index the offers, query every need, return metrics per bucket plus the raw rankings."""
    warm_up()
    offers: dict[str, tuple[str, str]] = {}
    needs: dict[str, tuple[str, str]] = {}
    labels: dict[tuple[str, str], int] = {}
    for line in lines:
        offers[line["offer_id"]] = (line["offer_lang"], line["offer"])
        needs[line["need_id"]] = (line["need_lang"], line["need"])
        labels[(line["need_id"], line["offer_id"])] = line["rel"]
    engine = MatchingEngine()
    post_of: dict[int, str] = {}
    for n, (offer_id, (_lang, text)) in enumerate(sorted(offers.items()), start=100):
        terms, fields = _post(text)
        engine.add(n, n, PostKind.OFFER, terms, fields)
        post_of[n] = offer_id
    rankings: dict[str, list[tuple[str, float]]] = {}
    alerts: dict[str, list[tuple[str, float]]] = {}
    started = time.perf_counter()
    for need_id, (_lang, text) in needs.items():
        terms, fields = _post(text)
        results = engine.match(
            PostKind.NEED, terms, fields, user_id=NEED_USER, now_ts=NOW, limit=10
        )
        rankings[need_id] = [(post_of[r.post_id], r.score) for r in results]
        alerted = engine.alerts(PostKind.NEED, terms, fields, user_id=NEED_USER, now_ts=NOW)
        alerts[need_id] = [(post_of[r.post_id], r.score) for r in alerted]
    per_query_ms = (time.perf_counter() - started) / max(len(needs), 1) * 1000
    metrics = _metrics(lines, offers, needs, labels, rankings, alerts)
    return {
        "metrics": metrics,
        "rankings": rankings,
        "alerts": alerts,
        "labels": labels,
        "alert_threshold": engine.alert_threshold,
        "per_query_ms": per_query_ms,
        "offers": len(offers),
        "needs": len(needs),
        "pairs": len(lines),
    }


def _metrics(lines, offers, needs, labels, rankings, alerted) -> dict[str, dict[str, float]]:
    found = defaultdict(lambda: [0, 0])  # bucket -> [hits, relevant pairs]
    for line in lines:
        if line["rel"] == 2:
            top5 = [oid for oid, _ in rankings[line["need_id"]][:5]]
            for b in (line["pair"], "all"):
                found[b][1] += 1
                found[b][0] += line["offer_id"] in top5
    alerts = defaultdict(lambda: [0, 0])  # bucket -> [good alerts, alerts]
    for need_id, sent in alerted.items():
        for offer_id, _score in sent:
            b = bucket(offers[offer_id][0], needs[need_id][0])
            good = labels.get((need_id, offer_id), 0) >= 1
            for key in (b, "all"):
                alerts[key][1] += 1
                alerts[key][0] += good
    ndcg = defaultdict(list)
    for need_id, ranking in rankings.items():
        need_lang = needs[need_id][0]
        judged = {o: r for (n, o), r in labels.items() if n == need_id}
        for b in {*(bucket(offers[o][0], need_lang) for o in judged), "all"}:

            def in_b(oid: str, b: str = b, need_lang: str = need_lang) -> bool:
                return b == "all" or bucket(offers[oid][0], need_lang) == b

            ideal = sorted((r for o, r in judged.items() if in_b(o)), reverse=True)[:10]
            idcg = _dcg(ideal)
            if idcg == 0:
                continue
            got = [labels.get((need_id, o), 0) for o, _ in ranking if in_b(o)][:10]
            ndcg[b].append(_dcg(got) / idcg)
    out: dict[str, dict[str, float]] = {}
    for b in (*BUCKETS, "all"):
        hits, rel = found[b]
        good, total = alerts[b]
        out[b] = {
            "recall@5": hits / rel if rel else float("nan"),
            "relevant_pairs": rel,
            "alert_precision": good / total if total else float("nan"),
            "alerts": total,
            "ndcg@10": sum(ndcg[b]) / len(ndcg[b]) if ndcg[b] else float("nan"),
            "queries": len(ndcg[b]),
        }
    return out


def _dcg(rels: list[int]) -> float:
    return sum((2**r - 1) / math.log2(i + 2) for i, r in enumerate(rels))


def _print(report: dict, misses: bool, lines: list[dict]) -> None:
    print(
        f"offers {report['offers']}, needs {report['needs']}, labelled pairs "
        f"{report['pairs']}, alert threshold {report['alert_threshold']:.2f}, "
        f"{report['per_query_ms']:.2f} ms per query (parse + terms + match)"
    )
    print(
        f"{'pair':<18} {'recall@5':>8} {'(pairs)':>7} {'alert P':>8} {'(alerts)':>8} "
        f"{'nDCG@10':>8} {'(needs)':>7}"
    )
    for b, m in report["metrics"].items():
        print(
            f"{b:<18} {m['recall@5']:>8.3f} {m['relevant_pairs']:>7} "
            f"{m['alert_precision']:>8.3f} {m['alerts']:>8} {m['ndcg@10']:>8.3f} "
            f"{m['queries']:>7}"
        )
    if not misses:
        return
    text = {line["offer_id"]: line["offer"] for line in lines}
    text.update({line["need_id"]: line["need"] for line in lines})
    for line in lines:
        ranking = report["rankings"][line["need_id"]]
        top5 = [o for o, _ in ranking[:5]]
        if line["rel"] == 2 and line["offer_id"] not in top5:
            print(f"MISS  {line['need']}  ->  {line['offer']}")
    for need_id, sent in report["alerts"].items():
        for offer_id, score in sent:
            if report["labels"].get((need_id, offer_id), 0) < 1:
                print(f"FALSE {score:.2f} {text[need_id]}  ->  {text[offer_id]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list misses and false alerts")
    parser.add_argument("--json", action="store_true", help="print the metrics as JSON")
    parser.add_argument("--path", type=Path, default=EVAL_PATH)
    args = parser.parse_args(argv)
    lines = load(args.path)
    report = run(lines)
    if args.json:
        json.dump(report["metrics"], sys.stdout, indent=2)
        print()
    else:
        _print(report, args.misses, lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
