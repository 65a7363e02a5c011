"""The vocabulary loaded into the segmenter: jieba, the trade dictionary, every Chinese
glossary form and brand, and the CC-CEDICT glosses, once per glossary."""

from __future__ import annotations

from bot.domain import segmenter

from .brands import default_brands
from .dictionary import english_vocabulary
from .glossary import JIEBA_FREQ, Glossary, default_glossary


def warm_up(glossary: Glossary | None = None) -> None:
    """Load everything now (call at start-up)."""
    segmenter_knows(glossary or default_glossary())
    english_vocabulary()  # builds the glosses too


_READY: set[int] = set()


def segmenter_knows(glossary: Glossary) -> Glossary:
    """The segmenter splits at this glossary's words (loaded once)."""
    if id(glossary) not in _READY:
        segmenter.warm_up()
        words = glossary.jieba_words()
        segmenter.add_words([w for w in words if len(w) > 1], freq=JIEBA_FREQ)
        segmenter.add_words([w for w in words if len(w) == 1])
        segmenter.add_words(default_brands().chinese_forms(), freq=JIEBA_FREQ)
        _READY.add(id(glossary))
    return glossary
