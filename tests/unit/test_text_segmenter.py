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


def test_cut_run_by_run_is_jieba_s_cut_of_the_whole_text() -> None:
    tokenizer = segmenter._get()
    texts = [
        "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
        "供應 Type-C充電線 1米，每條2.2元！台中",
        "Looking for vacuum flasks, 5k pcs, under $1.5 (FOB Ningbo)",
        "【现货】不锈钢自攻螺丝 M4*20\n每盒1000颗 价格：0.03元/颗",
        "兰蔻小黑瓶精华 30ml+眼霜15ml 套装 #正品# 100%",
    ]
    for text in texts:
        whole = [t for t in tokenizer.lcut(text, HMM=True) if t.strip()]
        search = [t for t in tokenizer.lcut_for_search(text, HMM=True) if t.strip()]
        assert segmenter.cut(text) == whole
        assert segmenter.cut_for_search(text) == search
