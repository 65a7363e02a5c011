"""Chinese word segmentation: one private jieba tokenizer with the trade dictionary.

`warm_up` loads jieba's dictionary and our user dictionaries once (the app calls it in
`post_init` so the first user does not wait ~1 s); `cut` and `cut_for_search` warm up
lazily if nobody did. jieba's prefix-dictionary cache lives in the user's cache
directory (or the system temp directory), never in the repository.

data/trade_dict.txt is in jieba's user-dictionary format (`word freq tag` per line), lower
case and simplified like `text.normalise` output, with no comment lines (jieba would read
them as words).
"""

from __future__ import annotations

import logging
import os
import tempfile
import threading
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import jieba

TRADE_DICT = Path(__file__).parent / "data" / "trade_dict.txt"

_lock = threading.RLock()
_tokenizer: jieba.Tokenizer | None = None
_loaded: set[Path] = set()


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or tempfile.gettempdir()
    path = Path(base) / "tradecircle-jieba"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _load_dict(tokenizer: jieba.Tokenizer, path: Path) -> None:
    resolved = path.resolve()
    if resolved in _loaded:
        return
    tokenizer.load_userdict(str(resolved))
    _loaded.add(resolved)
    _forget_cuts()


def warm_up(extra_dicts: Iterable[Path] = ()) -> None:
    """Load jieba and the trade dictionary (once), then any `extra_dicts` not loaded yet.

    Each extra dictionary uses jieba's user-dictionary format: `word [freq] [tag]` per line.
    """
    global _tokenizer
    with _lock:
        if _tokenizer is None:
            logging.getLogger("jieba").setLevel(logging.WARNING)
            jieba.setLogLevel(logging.WARNING)
            tokenizer = jieba.Tokenizer()
            tokenizer.tmp_dir = str(_cache_dir())
            tokenizer.initialize()
            _load_dict(tokenizer, TRADE_DICT)
            _tokenizer = tokenizer
        for path in extra_dicts:
            _load_dict(_tokenizer, Path(path))


def _get() -> jieba.Tokenizer:
    if _tokenizer is None:
        warm_up()
    assert _tokenizer is not None
    return _tokenizer


def is_warm() -> bool:
    """Whether the tokenizer has been loaded."""
    return _tokenizer is not None


def add_words(words: Iterable[str], *, freq: int | None = None) -> None:
    """Teach the tokenizer extra words (glossary terms, product names)."""
    tokenizer = _get()
    with _lock:
        for word in words:
            word = word.strip()
            if word and not any(ch.isspace() for ch in word):
                tokenizer.add_word(word, freq=freq)
        _forget_cuts()


def cut(text: str) -> list[str]:
    """Precise-mode tokens, whitespace tokens dropped."""
    if not text:
        return []
    return [t for block in _BLOCK.split(text) if block for t in _cut_block(block) if t.strip()]


def cut_for_search(text: str) -> list[str]:
    """Search-mode tokens: long words plus their shorter parts (保温杯 -> 保温, 保温杯)."""
    if not text:
        return []
    return [t for block in _BLOCK.split(text) if block for t in _search_block(block) if t.strip()]


# jieba cuts each run of these characters on its own, so a text's tokens are its runs'
# tokens in a row: each run is cut once and remembered (a post's product and its whole
# text share runs, and so do posts: 出售, 义乌发货). Emptied when the dictionary changes.
_BLOCK = jieba.re_han_default


@lru_cache(maxsize=32768)
def _cut_block(block: str) -> tuple[str, ...]:
    return tuple(_get().lcut(block, HMM=True))


@lru_cache(maxsize=32768)
def _search_block(block: str) -> tuple[str, ...]:
    return tuple(_get().lcut_for_search(block, HMM=True))


def _forget_cuts() -> None:
    _cut_block.cache_clear()
    _search_block.cache_clear()
