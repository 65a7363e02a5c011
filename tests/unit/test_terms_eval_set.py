"""The labelled offer-need set (tests/data/match_eval.jsonl) and the quality it measures."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bot.domain.language import detect_language
from bot.domain.models import Lang

EVAL = Path(__file__).resolve().parent.parent / "data" / "match_eval.jsonl"
PAIRS = {"zh-Hans", "zh-Hant", "en", "zh-Hans<>zh-Hant", "zh<>en"}


@pytest.fixture(scope="module")
def lines() -> list[dict]:
    with EVAL.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_shape(lines: list[dict]) -> None:
    assert len(lines) >= 300
    assert {line["pair"] for line in lines} == PAIRS
    assert {line["rel"] for line in lines} == {0, 1, 2}
    assert len({(line["need_id"], line["offer_id"]) for line in lines}) == len(lines)
    counts = Counter(line["pair"] for line in lines)
    assert min(counts.values()) >= 30


def test_pair_tag_matches_languages(lines: list[dict]) -> None:
    for line in lines:
        o, n = line["offer_lang"], line["need_lang"]
        expected = o if o == n else ("zh<>en" if "en" in (o, n) else "zh-Hans<>zh-Hant")
        assert line["pair"] == expected, line


def test_language_tags_are_true(lines: list[dict]) -> None:
    texts = {line["offer"]: line["offer_lang"] for line in lines}
    texts.update({line["need"]: line["need_lang"] for line in lines})
    wrong = {t: lang for t, lang in texts.items() if detect_language(t) != Lang(lang)}
    # mixed-script posts ("求购 thermos 1升") are tagged by their Chinese part
    assert not wrong, wrong


def test_ids_name_one_text_each(lines: list[dict]) -> None:
    seen: dict[str, str] = {}
    for line in lines:
        for key in ("offer", "need"):
            assert seen.setdefault(line[f"{key}_id"], line[key]) == line[key]


def test_hard_negatives_present(lines: list[dict]) -> None:
    notes = " ".join(line["note"] for line in lines if line["rel"] == 0)
    for kind in (
        "same material",
        "budget far under price",
        "same category",
        "quantity far below MOQ",
    ):
        assert kind in notes, kind


def test_quality_targets() -> None:
    """Runs bench/match_quality on the whole set (~2 s): parser + terms + engine together."""
    from bench.match_quality import load, run

    metrics = run(load(EVAL))["metrics"]
    for pair in ("zh-Hans", "zh-Hant", "zh<>en"):
        assert metrics[pair]["recall@5"] >= 0.90, (pair, metrics[pair])
        assert metrics[pair]["alert_precision"] >= 0.90, (pair, metrics[pair])
