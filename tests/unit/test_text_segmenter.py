"""The jieba wrapper."""

from __future__ import annotations

from pathlib import Path

import jieba

from bot.domain import segmenter

REPO = Path(__file__).resolve().parents[2]


def test_warm_up_is_idempotent_and_private() -> None:
    segmenter.warm_up()
    first = segmenter._tokenizer
    segmenter.warm_up()
    assert segmenter._tokenizer is first
    assert first is not jieba.dt  # not the global tokenizer
    assert segmenter.is_warm()


def test_cache_is_outside_the_repository() -> None:
    segmenter.warm_up()
    cache_dir = Path(segmenter._tokenizer.tmp_dir).resolve()
    assert REPO not in cache_dir.parents and cache_dir != REPO
    assert not list(REPO.glob("**/jieba*.cache"))


def test_trade_words_stay_whole() -> None:
    assert "保温杯" in segmenter.cut("求购保温杯5000只")
    assert "求购" in segmenter.cut("求购保温杯5000只")
    assert "led灯泡" in segmenter.cut("供应led灯泡9w")


def test_cut_for_search_includes_parts() -> None:
    tokens = segmenter.cut_for_search("不锈钢保温杯")
    assert "保温杯" in tokens and "不锈钢" in tokens


def test_add_words() -> None:
    assert "咕噜杯" not in segmenter.cut("出售咕噜杯")
    segmenter.add_words(["咕噜杯"])
    assert "咕噜杯" in segmenter.cut("出售咕噜杯")


def test_extra_dictionary(tmp_path: Path) -> None:
    extra = tmp_path / "glossary.txt"
    extra.write_text("哒哒灯 1000 n\n", encoding="utf-8")
    segmenter.warm_up([extra])
    segmenter.warm_up([extra])  # loading the same file twice is a no-op
    assert "哒哒灯" in segmenter.cut("批发哒哒灯")


def test_empty_text() -> None:
    assert segmenter.cut("") == [] and segmenter.cut_for_search("") == []
    assert segmenter.cut("  ") == []
