"""Editions: a buyer asking for "Adobe Premiere Pro CS3" hears of its sellers, not of the
sellers of "Adobe Premiere Pro CS3 Upgrade" as well.

Among the offers a need would alert, offer B is another edition when some other alerted
offer A holds every word of the need that B holds, and A's words beyond the need are a
strict part of B's, the rest naming an edition (`data/editions.txt`: upgrade, pro, mac,
专业版 ...) that the need does not. A generic need ("保温杯 5000只") keeps all its sellers:
their extra words describe the goods, they do not name an edition.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from bot.domain.vocabulary.english import english_words

from .types import PostTerms

EDITIONS_PATH = Path(__file__).parent / "data" / "editions.txt"
T = TypeVar("T")


@lru_cache(maxsize=1)
def edition_words() -> frozenset[str]:
    words: set[str] = set()
    for line in EDITIONS_PATH.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            for word in line.split():
                words.update(english_words(word) if word.isascii() else (word,))
    return frozenset(words)


def words_of(terms: PostTerms) -> frozenset[str]:
    """The words editions are told apart by: product words (glosses among them) and specs,
    as the index holds them (`rows.doc_words`)."""
    return frozenset(terms.product) | frozenset(terms.glosses) | frozenset(terms.specs)


def drop_other_editions(
    need: frozenset[str], offers: Sequence[T], words: Callable[[T], frozenset[str]]
) -> list[T]:
    """`offers` (in order) without those that are another edition of one of the others."""
    if len(offers) < 2:
        return list(offers)
    editions = edition_words()
    split = [(words(offer) & need, words(offer) - need) for offer in offers]
    kept: list[T] = []
    for offer, (held, extra) in zip(offers, split, strict=True):
        other_edition = any(
            held_a >= held and extra_a < extra and (extra - extra_a) & editions
            for held_a, extra_a in split
        )
        if not other_edition:
            kept.append(offer)
    return kept
