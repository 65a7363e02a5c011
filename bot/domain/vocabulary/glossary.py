"""The cross-language product vocabulary: concepts tying zh-Hans, zh-Hant and English words.

The data lives in `data/glossary.tsv` (one concept a row, see its header). Every form of a
concept (names, synonyms, misspellings, in any script) is folded to a *key*:

* Chinese (any Han character): `text.normalise` (NFKC, traditional -> simplified, lower case),
  spaces removed, e.g. 保溫杯 -> 保温杯, "LED燈泡" -> led灯泡.
* English: lower-case words, each singularised (`english.singular`), joined by one space, so
  "Vacuum Flasks" and "vacuum flask" share the key "vacuum flask".

`lookup` folds its argument the same way. `match_phrases` finds multi-word English phrases
in a word sequence, longest first. Concept ids are bare slugs ("vacuum_flask"); PostTerms
carries them as "c:<id>" (products) and "s:<id>" (materials and attributes, in `specs`).
"""

from __future__ import annotations

import hashlib
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType

from bot.domain.models import Lang
from bot.domain.text import is_han, normalise

from .english import english_words
from .tsv import list_cell, read_rows

DATA_DIR = Path(__file__).parent / "data"
GLOSSARY_PATH = DATA_DIR / "glossary.tsv"
STOPWORDS_PATH = DATA_DIR / "stopwords.txt"
# Spec categories an item has exactly one of (a cable's connector): two posts naming
# different ones are about different items (identity.py), and their forms are found anywhere
# in a text, inside a product phrase too.
EXCLUSIVE_CATEGORIES = frozenset({"connector"})

# jieba frequency for glossary words of two or more characters: high enough that
# 二手笔电 cuts as 二手 / 笔电 rather than 二 / 手笔 / 电 (jieba's suggested frequency only
# guarantees the word on its own); single characters keep jieba's own frequency.
JIEBA_FREQ = 3000

PRODUCT = "product"
SPEC = "spec"


def has_han(text: str) -> bool:
    return any(is_han(ch) for ch in text)


def _forms_pattern(forms: Iterable[str]) -> re.Pattern[str]:
    """Any of `forms` as it may be written: any case, "type-c" as "type c" or "typec" too,
    Latin letters not glued to other Latin letters or digits."""
    spelt = set()
    for form in forms:
        parts = [re.escape(p) for p in re.split(r"[\s-]+", normalise(form)) if p]
        spelt.add(r"[\s-]?".join(parts))
    alternatives = "|".join(sorted(spelt, key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9])(?:{alternatives})(?![a-z0-9])")


@lru_cache(maxsize=65536)
def fold_key(form: str) -> str:
    """The lookup key of a word or phrase (see the module docstring)."""
    norm = normalise(form)
    if has_han(norm):
        return "".join(norm.split())
    return " ".join(english_words(norm))


@dataclass(frozen=True, slots=True)
class Concept:
    id: str
    category: str
    kind: str  # PRODUCT or SPEC
    names: MappingProxyType[Lang, str]
    forms: tuple[str, ...]  # every form as written in the data file

    def name(self, lang: Lang) -> str:
        return self.names[lang]


class Glossary:
    """Lookup tables built once from the data file; read-only afterwards."""

    def __init__(self, concepts: Iterable[Concept], stopwords: Iterable[str] = ()) -> None:
        self._concepts: dict[str, Concept] = {}
        index: dict[str, set[str]] = {}
        for concept in concepts:
            if concept.id in self._concepts:
                raise ValueError(f"duplicate concept id {concept.id!r}")
            self._concepts[concept.id] = concept
            for form in concept.forms:
                key = fold_key(form)
                if key:
                    index.setdefault(key, set()).add(concept.id)
        self._index: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in index.items()}
        self.max_phrase_words = max(
            (k.count(" ") + 1 for k in self._index if not has_han(k)), default=1
        )
        self.stopwords: frozenset[str] = frozenset(fold_key(w) for w in stopwords if w)

    @classmethod
    def load(cls, path: Path | str | None = None, stopwords: Path | str | None = None) -> Glossary:
        """Read a glossary TSV (default: the bundled one) and the stop-word list."""
        path = Path(path) if path is not None else GLOSSARY_PATH
        stop_path = Path(stopwords) if stopwords is not None else STOPWORDS_PATH
        concepts = list(_read_tsv(path))
        words = stop_path.read_text(encoding="utf-8").split() if stop_path.exists() else []
        return cls(concepts, words)

    def __len__(self) -> int:
        return len(self._concepts)

    def __contains__(self, concept_id: object) -> bool:
        return isinstance(concept_id, str) and strip_prefix(concept_id) in self._concepts

    def concepts(self) -> Iterable[Concept]:
        return self._concepts.values()

    def concept(self, concept_id: str) -> Concept:
        """The concept for "vacuum_flask" or "c:vacuum_flask"; KeyError if unknown."""
        return self._concepts[strip_prefix(concept_id)]

    def lookup(self, token_or_phrase: str) -> set[str]:
        """Concept ids whose forms fold to the same key as the argument (empty if none)."""
        return set(self._index.get(fold_key(token_or_phrase), ()))

    def lookup_key(self, key: str) -> frozenset[str]:
        """Like `lookup` for an already folded key (the hot path of term extraction)."""
        return self._index.get(key, frozenset())

    def is_stopword(self, key: str) -> bool:
        return key in self.stopwords

    def is_spec_key(self, key: str) -> bool:
        """True when a folded key names only specs (materials, attributes: 不锈钢, 蓝牙)."""
        ids = self._index.get(key, frozenset())
        return bool(ids) and all(self.concept(c).kind != PRODUCT for c in ids)

    @cached_property
    def exclusive_specs(self) -> list[tuple[re.Pattern[str], str]]:
        """(pattern, "s:<id>") for the specs of `EXCLUSIVE_CATEGORIES`, found wherever they are
        written in normalised text, inside a product phrase too ("usb-c cable", Type-C数据线)."""
        return [
            (_forms_pattern(concept.forms), "s:" + concept.id)
            for concept in self._concepts.values()
            if concept.category in EXCLUSIVE_CATEGORIES
        ]

    def display_name(self, concept_id: str, lang: Lang) -> str:
        return self.concept(concept_id).names[lang]

    def match_phrases(self, words: Sequence[str]) -> list[tuple[int, int, frozenset[str]]]:
        """Greedy longest-first phrase matches over singularised English words:
        (start, end, concept ids) for non-overlapping spans, left to right."""
        found: list[tuple[int, int, frozenset[str]]] = []
        i, n = 0, len(words)
        while i < n:
            for size in range(min(self.max_phrase_words, n - i), 0, -1):
                ids = self._index.get(" ".join(words[i : i + size]))
                if ids:
                    found.append((i, i + size, ids))
                    i += size
                    break
            else:
                i += 1
        return found

    def jieba_words(self) -> list[str]:
        """Every Chinese (Han-containing) key, for the segmenter's user dictionary."""
        return sorted(k for k in self._index if has_han(k))

    def jieba_dictionary_path(self) -> Path:
        """A jieba user-dictionary file with `jieba_words()` ("word freq" lines, see
        JIEBA_FREQ), written once per content in the system temp directory."""
        text = "".join(
            f"{w} {JIEBA_FREQ}\n" if len(w) > 1 else f"{w}\n" for w in self.jieba_words()
        )
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
        path = Path(tempfile.gettempdir()) / f"tradecircle-glossary-{digest}.txt"
        if not path.exists():
            tmp = path.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        return path


def strip_prefix(concept_id: str) -> str:
    """ "c:vacuum_flask" / "s:ss304" -> the bare id."""
    return concept_id[2:] if concept_id[:2] in ("c:", "s:") else concept_id


def _read_tsv(path: Path) -> Iterable[Concept]:
    for row in read_rows(path):
        names = {
            Lang.ZH_HANS: row["zh_hans"],
            Lang.ZH_HANT: row["zh_hant"],
            Lang.EN: row["en"],
        }
        forms = [*names.values()]
        for column in ("syn_zh_hans", "syn_zh_hant", "syn_en", "misspellings"):
            forms.extend(list_cell(row[column]))
        yield Concept(
            id=row["id"],
            category=row["category"],
            kind=row["kind"],
            names=MappingProxyType(names),
            forms=tuple(dict.fromkeys(forms)),
        )


@lru_cache(maxsize=1)
def default_glossary() -> Glossary:
    """The bundled glossary, loaded once per process."""
    return Glossary.load()
