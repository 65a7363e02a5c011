"""Parsing and term-extraction speed per message: the timings unit tests no longer assert.

Usage:  python bench/parse_speed.py [--rounds N] [--random N] [--seed S]
   or:  python -m bench.parse_speed ...

After warm-up (jieba dictionaries, OpenCC, the glossary), it prints p50 / p99 / max in
milliseconds of:

1. `parse_post` on every message of the labelled corpus and the holdout
   (tests/data/posts_*.jsonl), `--rounds` times each;
2. `parse_post` on PATHOLOGICAL inputs (long repetitions up to Telegram's 4096 characters,
   the ones tests/unit/test_parsing_properties.py checks for a sane result), best of 5
   runs per input, the slowest named;
3. `parse_post` on `--random` generated texts of 3000-4096 characters, from the same
   families as the property test (random code points, pieces of real posts, number soup,
   CJK, emoji, control characters), best of 3 per text;
4. `terms_of_text` (matching's term extraction) on 300 variants of a real offer.

Budgets (the bounds the unit tests used to assert): every parse, pathological or random,
under PARSE_BUDGET_MS (best of runs, so a preempted process is not a slow parser);
term extraction under TERMS_BUDGET_MS per post on average (target TERMS_TARGET_MS).
Exit status 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.domain.matching.terms import terms_of_text  # noqa: E402
from bot.domain.parsing import parse_post, warm_up  # noqa: E402
from bot.domain.vocabulary.glossary import default_glossary  # noqa: E402
from bot.domain.vocabulary.loading import warm_up as warm_up_terms  # noqa: E402

DATA = ROOT / "tests" / "data"
CORPORA = (DATA / "posts_corpus.jsonl", DATA / "posts_holdout.jsonl")
PARSE_BUDGET_MS = 20.0
TERMS_BUDGET_MS = 1.0
TERMS_TARGET_MS = 0.3

PATHOLOGICAL: tuple[str, ...] = (
    "1" * 4096,
    "1," * 2048,
    "一二三四五六七八九十百千万" * 315,
    "$1-" * 1365,
    "12元/个 " * 585,
    "义乌" * 2048,
    "looking for " * 341,
    "@a" * 2048,
    "1x" * 2048,
    "http://" + "a" * 4089,
    ("出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货\n" * 80)[:4096],
)

# Pieces of real posts, so that generated text also exercises the number, unit, price and
# place patterns rather than only random code points (used by the property test too).
FRAGMENTS: tuple[str, ...] = (
    "出售",
    "求购",
    "供應",
    "WTB",
    "looking for",
    "保温杯",
    "LED燈泡",
    "stainless screws",
    "5000",
    "五千",
    "两千五",
    "1.2万",
    "3k",
    "20k pcs",
    "个",
    "只",
    "箱",
    "吨",
    "kg",
    "pcs",
    "ctn",
    "起订",
    "MOQ",
    "12元/个",
    "¥",
    "RMB",
    "$",
    "US$",
    "USD",
    "0.02/pc",
    "10元以内",
    "under",
    "10-12元",
    "价格私聊",
    "面议",
    "每打",
    "per dozen",
    "每箱100個",
    "FOB",
    "CIF",
    "Ningbo",
    "义乌发货",
    "寄到",
    "上海",
    "deliver to",
    "Dubai",
    "M6",
    "304不锈钢",
    "500ml",
    "9W",
    "13812345678",
    "微信",
    "https://",
    "@",
    "有效期",
    "7天",
    "valid until",
    "12/31",
    "，",
    "、",
    "\n",
    " ",
    "【",
    "】",
    "😀",
    "🔥",
    "０１２３",
    "\x00",
    "\u200b",
    "\ufffd",
    "\ud800",
    "-",
    "~",
    ",",
    ".",
    "/",
)


FAMILIES = ("any code point", "pieces of posts", "number soup", "CJK", "emoji", "controls")


def random_texts(count: int, seed: int) -> list[str]:
    """Long texts (3000-4096 characters) in the property test's families, in turn (text
    `i` is of family FAMILIES[i % 6])."""
    rng = random.Random(seed)

    def chars(low: int, high: int) -> Callable[[int], str]:
        return lambda n: "".join(chr(rng.randint(low, high)) for _ in range(n))

    def pieces(n: int) -> str:
        text = ""
        while len(text) < n:
            text += rng.choice(FRAGMENTS)
        return text[:n]

    soup = "0123456789,.-~/kKw万千百一二两五元个只箱 $¥"
    controls = "\x00\x01\x1f\x7f\u200b\u200e\u2028\u2029\u3000\ue000\ufeff "
    families: list[Callable[[int], str]] = [
        chars(0, 0x10FFFF),  # any code point, lone surrogates included
        pieces,
        lambda n: "".join(rng.choice(soup) for _ in range(n)),
        chars(0x4E00, 0x9FFF),
        chars(0x1F300, 0x1FAFF),
        lambda n: "".join(rng.choice(controls) for _ in range(n)),
    ]
    return [families[i % len(families)](rng.randint(3000, 4096)) for i in range(count)]


def load_messages() -> list[str]:
    messages = []
    for path in CORPORA:
        with path.open(encoding="utf-8") as f:
            messages += [json.loads(line)["text"] for line in f if line.strip()]
    return messages


def _ms(fn: Callable[[str], object], text: str) -> float:
    start = time.perf_counter()
    fn(text)
    return (time.perf_counter() - start) * 1000


def best_of(fn: Callable[[str], object], text: str, runs: int) -> float:
    return min(_ms(fn, text) for _ in range(runs))


def percentiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(p50, p99, max)."""
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), p99, ordered[-1]


def _line(name: str, values: Sequence[float], budget: float | None = None) -> bool:
    p50, p99, worst = percentiles(values)
    verdict = ""
    ok = budget is None or worst < budget
    if budget is not None:
        verdict = f"  (budget {budget:g} ms: {'ok' if ok else 'MISSED'})"
    print(
        f"{name:<48} n={len(values):<5} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  "
        f"max {worst:6.2f} ms{verdict}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="passes over the corpus")
    parser.add_argument("--random", type=int, default=120, help="generated long texts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    warm_up()
    warm_up_terms()
    glossary = default_glossary()
    print(f"warm-up: {time.perf_counter() - started:.2f} s (python {sys.version.split()[0]})")

    messages = load_messages()
    corpus = [_ms(parse_post, text) for _ in range(args.rounds) for text in messages]
    _line(f"parse_post, corpus ({len(messages)} messages x {args.rounds})", corpus)

    ok = True
    slowest = sorted(((best_of(parse_post, t, 5), t) for t in PATHOLOGICAL), reverse=True)
    ok &= _line("parse_post, pathological (best of 5)", [ms for ms, _ in slowest], PARSE_BUDGET_MS)
    for ms, text in slowest[:3]:
        print(f"    {ms:6.2f} ms  {text[:24]!r}... ({len(text)} chars)")

    texts = random_texts(args.random, args.seed)
    generated = [best_of(parse_post, text, 3) for text in texts]
    ok &= _line("parse_post, random 3000-4096 chars (best of 3)", generated, PARSE_BUDGET_MS)
    for i, family in enumerate(FAMILIES):
        _line(f"    {family}", generated[i :: len(FAMILIES)])

    variants = [f"出售 304不锈钢保温杯 {i}ml 起订1000个 12元/个 义乌发货" for i in range(300)]
    terms_of_text(variants[0], glossary)
    terms = [_ms(lambda t: terms_of_text(t, glossary), text) for text in variants]
    _line("terms_of_text, 300 offer variants", terms)
    mean = statistics.fmean(terms)
    terms_ok = mean < TERMS_BUDGET_MS
    print(
        f"{'':<48} mean {mean:.3f} ms (target {TERMS_TARGET_MS} ms, budget "
        f"{TERMS_BUDGET_MS} ms: {'ok' if terms_ok else 'MISSED'})"
    )
    return 0 if ok and terms_ok else 1


if __name__ == "__main__":
    sys.exit(main())
