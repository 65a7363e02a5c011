"""Identity conflicts: two posts that both say which exact item they mean, and say different
things, are probably about different items however many words they share.

Every term that pins an item down belongs to a class: a model code (ln46a550) to "code",
a brand ("b:samsung") to "brand", a size or number to its shape with the digits folded
("500ml" -> "#ml", "9w" -> "#w", "2007" / "7" / "2.5" -> "#", "cs3" -> "cs#"), a spec of
an exclusive category (a cable's connector, glossary.EXCLUSIVE_CATEGORIES) to that
category. When the query and a candidate both carry terms of one class and share none of
them (need 9W, offer 12W; need photoshop cs3, offer cs2; ln46a550 against ln40a550;
Samsung against Sony; USB-C against Lightning), the candidate's score is multiplied by
`Weights.conflict` for each such class, by `Weights.code_conflict` for "code",
`Weights.brand_conflict` for "brand" (brands.py) and `Weights.exclusive_conflict` for an
exclusive category. Its words' fit (`MatchResult.fit`) is multiplied alike.
Sharing one term of the class is enough to clear it ("9w 12w 15w" against "12w").
"""

from __future__ import annotations

import re

import numpy as np

from bot.domain.vocabulary.brands import PREFIX as BRAND_PREFIX
from bot.domain.vocabulary.glossary import EXCLUSIVE_CATEGORIES, default_glossary

from .codes import is_model_code
from .interner import Interner
from .rows import PRODUCT, SPEC
from .scoring import Weights

CODE = "code"
BRAND = "brand"
_DIGITS = re.compile(r"\d+(?:\.\d+)*")
_SHAPE = re.compile(r"^[a-z]{0,3}#[a-z]{0,4}$")  # one number with a short unit or prefix


def term_class(key: str) -> str | None:
    """The identity class of a field-tagged term key, or None for an ordinary word."""
    field, word = key[:2], key[2:]
    if field == PRODUCT:
        if word.startswith(BRAND_PREFIX):
            return BRAND
        return CODE if is_model_code(word) else None
    if field != SPEC:
        return None
    if word.startswith("s:"):  # a cable's connector: usb-c against lightning
        glossary = default_glossary()
        category = glossary.concept(word).category if word in glossary else None
        return category if category in EXCLUSIVE_CATEGORIES else None
    shape = _DIGITS.sub("#", word)
    if shape.count("#") != 1 or _SHAPE.match(shape) is None:
        return None
    return shape


class TermClasses:
    """Class id per term id, kept level with a growing term `Interner` (-1: no class)."""

    def __init__(self, terms: Interner) -> None:
        self._terms = terms
        self._names = Interner()
        self._code = self._names.intern(CODE)
        self._brand = self._names.intern(BRAND)
        self._exclusive = np.array(
            [self._names.intern(c) for c in sorted(EXCLUSIVE_CATEGORIES)], dtype=np.int32
        )
        self.of = np.full(1024, -1, dtype=np.int32)
        self._known = 0

    def catch_up(self) -> np.ndarray:
        """Classify the terms interned since the last call; returns the class array."""
        names = self._terms.names
        if len(names) > len(self.of):
            grown = np.full(max(len(names), 2 * len(self.of)), -1, dtype=np.int32)
            grown[: len(self.of)] = self.of
            self.of = grown
        for tid in range(self._known, len(names)):
            cls = term_class(names[tid])
            if cls is not None:
                self.of[tid] = self._names.intern(cls)
        self._known = len(names)
        return self.of

    def ids_of(self, keys: list[str]) -> np.ndarray:
        """Class ids of the classed terms among `keys` (interning new classes)."""
        found = {self._names.intern(c) for k in keys if (c := term_class(k)) is not None}
        return np.fromiter(found, dtype=np.int32, count=len(found))

    @property
    def size(self) -> int:
        return len(self._names)

    @property
    def code(self) -> int:
        return self._code

    def penalties(self, class_ids: np.ndarray, w: Weights) -> np.ndarray:
        """The factor for a conflict in each of these classes."""
        return np.select(
            [
                class_ids == self._code,
                class_ids == self._brand,
                np.isin(class_ids, self._exclusive),
            ],
            [w.code_conflict, w.brand_conflict, w.exclusive_conflict],
            default=w.conflict,
        )


def identity_evidence(
    classes: TermClasses,
    query_classes: np.ndarray,
    shared_terms: np.ndarray,
    flat: np.ndarray,
    seg: np.ndarray,
    n_docs: int,
    w: Weights,
) -> tuple[np.ndarray, np.ndarray]:
    """Per candidate: the conflict factor (the product of the penalties of the classes
    where the query and the candidate both state terms and share none) and whether it holds
    one of the query's model codes (or a code's stem). `query_classes`: class ids of the
    query's terms; `flat`/`seg`: the candidates' term ids and owners as `SideIndex.gather`
    gives them; `shared_terms`: per entry of `flat`, whether the query holds that term."""
    factor = np.ones(n_docs, dtype=np.float64)
    same_code = np.zeros(n_docs, dtype=bool)
    if len(query_classes) == 0 or len(flat) == 0:
        return factor, same_code
    of = classes.catch_up()
    position = np.full(classes.size, -1, dtype=np.int64)  # class id -> column of the query's
    position[query_classes] = np.arange(len(query_classes))
    flat_classes = of[flat]
    entries = np.flatnonzero(flat_classes >= 0)
    column = position[flat_classes[entries]]
    entries, column = entries[column >= 0], column[column >= 0]
    if len(entries) == 0:
        return factor, same_code
    width = len(query_classes)
    cells = seg[entries] * width + column  # (candidate, query class) pairs
    size = n_docs * width
    stated = np.bincount(cells, minlength=size).reshape(n_docs, width)
    cleared = np.bincount(cells, weights=shared_terms[entries], minlength=size)
    cleared = cleared.reshape(n_docs, width)
    penalty = classes.penalties(query_classes, w)
    factor = np.where((stated > 0) & (cleared == 0), penalty, 1.0).prod(axis=1)
    code_column = np.flatnonzero(query_classes == classes.code)
    if len(code_column):
        same_code = cleared[:, code_column[0]] > 0
    return factor, same_code
