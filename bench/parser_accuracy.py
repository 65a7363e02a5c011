"""Parser accuracy on the hand-labelled corpus (tests/data/posts_corpus.jsonl).

Usage:  python bench/parser_accuracy.py [--verbose] [--corpus PATH]

Per-field rules (the same functions are used by tests/unit/test_parsing_corpus.py):

- intent:   equal.
- product:  scored on posts (labelled intent offer/need with a labelled product). Correct
            when the labelled core noun, normalised (NFKC, simplified, lower case,
            single spaces), is a substring of the parsed product normalised the same way,
            and the parsed product is not padded with the rest of the message:
            len(parsed) <= 2 * len(label) + 12.
- quantity: amount and unit both equal (no quantity labelled = none parsed). Same for moq.
- price:    low, high and currency equal, and the negotiable flag equal; per_unit and
            per_count are compared when the label gives them. No price labelled = no
            amount parsed.
- place:    place and destination each equal after normalising, or one containing the
            other ("河北高阳" vs "高阳"); none labelled = none parsed.
- trade_term: equal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.domain.models import ParsedPost, Quantity  # noqa: E402
from bot.domain.parsing import parse_post, warm_up  # noqa: E402
from bot.domain.text import normalise  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "posts_corpus.jsonl"
TARGETS = {"intent": 0.98, "product": 0.95, "quantity": 0.95, "price": 0.95}
Row = dict[str, Any]


def load_corpus(path: Path = CORPUS) -> list[Row]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _dec(value: str | None) -> Decimal | None:
    return None if value is None else Decimal(value)


def check_intent(row: Row, got: ParsedPost) -> bool:
    return got.intent.value == row["intent"]


def product_scored(row: Row) -> bool:
    return row["intent"] != "none" and bool(row.get("product"))


def check_product(row: Row, got: ParsedPost) -> bool:
    label = normalise(row["product"])
    parsed = normalise(got.product or "")
    return bool(parsed) and label in parsed and len(parsed) <= 2 * len(label) + 12


def _check_qty(label: dict[str, str] | None, got: Quantity | None) -> bool:
    if label is None:
        return got is None
    return got is not None and got.amount == _dec(label["amount"]) and got.unit == label["unit"]


def check_quantity(row: Row, got: ParsedPost) -> bool:
    return _check_qty(row["quantity"], got.quantity)


def check_moq(row: Row, got: ParsedPost) -> bool:
    return _check_qty(row["moq"], got.moq)


def check_price(row: Row, got: ParsedPost) -> bool:
    label, price = row["price"], got.price
    negotiable = bool(price and price.negotiable)
    if negotiable != bool(row.get("negotiable")):
        return False
    if label is None:
        return price is None or (price.low is None and price.high is None)
    if price is None:
        return False
    if (price.low, price.high, price.currency) != (
        _dec(label["low"]),
        _dec(label["high"]),
        label["currency"],
    ):
        return False
    if label.get("per_unit") and price.per_unit != label["per_unit"]:
        return False
    return not ("per_count" in label and price.per_count != label["per_count"])


def _same_place(label: str | None, got: str | None) -> bool:
    if label is None or got is None:
        return label is None and got is None
    a, b = normalise(label), normalise(got)
    return a == b or a in b or b in a


def check_place(row: Row, got: ParsedPost) -> bool:
    return _same_place(row["place"], got.place) and _same_place(
        row["destination"], got.destination
    )


def check_trade_term(row: Row, got: ParsedPost) -> bool:
    return row.get("trade_term") == got.trade_term


CHECKS: dict[str, tuple[Callable[[Row], bool], Callable[[Row, ParsedPost], bool]]] = {
    "intent": (lambda row: True, check_intent),
    "product": (product_scored, check_product),
    "quantity": (lambda row: True, check_quantity),
    "price": (lambda row: True, check_price),
    "moq": (lambda row: True, check_moq),
    "place": (lambda row: True, check_place),
    "trade_term": (lambda row: True, check_trade_term),
}


def _describe(got: ParsedPost) -> str:
    p = got.price
    price = (
        None
        if p is None
        else f"{p.low}-{p.high} {p.currency}/{p.per_count}{p.per_unit} n={p.negotiable}"
    )
    q = got.quantity and f"{got.quantity.amount} {got.quantity.unit}"
    m = got.moq and f"{got.moq.amount} {got.moq.unit}"
    return (
        f"intent={got.intent.value} product={got.product!r} qty={q} moq={m} price={price} "
        f"place={got.place} dest={got.destination} term={got.trade_term}"
    )


def run(rows: list[Row], verbose: bool = False) -> dict[str, float]:
    warm_up()
    scores: dict[str, list[bool]] = {name: [] for name in CHECKS}
    timings: list[float] = []
    for i, row in enumerate(rows, 1):
        start = time.perf_counter()
        got = parse_post(row["text"])
        timings.append((time.perf_counter() - start) * 1000)
        failed = []
        for name, (applies, check) in CHECKS.items():
            if applies(row):
                ok = check(row, got)
                scores[name].append(ok)
                if not ok:
                    failed.append(name)
        if verbose and failed:
            print(f"#{i} FAIL {','.join(failed)}: {row['text']!r}")
            print(f"    got   {_describe(got)}")
            label = {k: v for k, v in row.items() if k != "text" and v not in (None, False)}
            print(f"    label {json.dumps(label, ensure_ascii=False)}")
    result = {name: sum(oks) / len(oks) for name, oks in scores.items() if oks}
    print(f"corpus: {len(rows)} messages")
    for name, value in result.items():
        target = TARGETS.get(name)
        mark = "" if target is None else (" ok" if value >= target else f" BELOW {target:.0%}")
        print(f"{name:<11} {value:7.1%}  ({sum(scores[name])}/{len(scores[name])}){mark}")
    timings.sort()
    print(
        f"time per message: mean {sum(timings) / len(timings):.2f} ms, "
        f"p99 {timings[int(len(timings) * 0.99) - 1]:.2f} ms, max {timings[-1]:.2f} ms"
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="print failing examples")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    result = run(load_corpus(args.corpus), verbose=args.verbose)
    below = [name for name, target in TARGETS.items() if result.get(name, 0) < target]
    return 1 if below else 0


if __name__ == "__main__":
    raise SystemExit(main())
