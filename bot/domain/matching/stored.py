"""What is stored beside each indexed post, and the bulk load that rebuilds the index from it.

The stored form is index-ready: field-tagged term keys (tab-joined), the eight label columns
(tab-joined strings, "" for none) and the numeric columns packed as one little-endian record
(`NUMBERS`). A rebuild then costs a few dictionary look-ups per post; columns are filled
with `np.frombuffer` over a whole batch instead of per-post Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bot.domain.models import PostKind

from .fields import fields_to_record
from .index import SideIndex
from .interner import NONE_ID, Interner
from .rows import keys_to_text, row_parts, term_keys
from .types import MatchFields, PostTerms

NUMBERS = np.dtype(
    [
        ("price_low", "<f8"),
        ("price_high", "<f8"),
        ("qty", "<f8"),
        ("moq", "<f8"),
        ("created", "<f8"),
        ("expires", "<f8"),
        ("trust", "<f8"),
        ("negotiable", "?"),
    ]
)
LABELS = (
    "price_unit",
    "qty_unit",
    "moq_unit",
    "loc",
    "region",
    "trade",
    "item_type",
    "features",
)


@dataclass(frozen=True, slots=True)
class StoredForm:
    keys: str
    labels: str
    numbers: bytes


def stored_form(kind: PostKind, terms: PostTerms, fields: MatchFields) -> StoredForm:
    numbers, labels = row_parts(kind, fields_to_record(fields))
    packed = np.array([numbers], dtype=NUMBERS).tobytes()
    return StoredForm(keys_to_text(term_keys(terms)), "\t".join(x or "" for x in labels), packed)


def bulk_add(
    side: SideIndex,
    terms: Interner,
    labels: Interner,
    post_ids: Sequence[int],
    owners: Sequence[int],
    keys: Sequence[str],
    label_texts: Sequence[str],
    numbers: Sequence[bytes],
) -> range:
    """Append a batch of stored posts of one kind to `side`; returns their doc ids."""
    known, intern_term = terms.ids, terms.intern
    flat: list[int] = []
    lens: list[int] = []
    for text in keys:
        ids = (
            [known[k] if k in known else intern_term(k) for k in text.split("\t")] if text else []
        )
        flat.extend(ids)
        lens.append(len(ids))
    intern_label = labels.intern
    seen: dict[str, list[int]] = {}  # many posts share units, place and terms
    label_rows = []
    for text in label_texts:
        row = seen.get(text)
        if row is None:
            row = [intern_label(x) if x else NONE_ID for x in text.split("\t")]
            row += [NONE_ID] * (len(LABELS) - len(row))  # stored before a label existed
            seen[text] = row
        label_rows.append(row)
    label_ids = np.array(label_rows, dtype=np.int32).reshape(len(label_texts), len(LABELS))
    packed = np.frombuffer(b"".join(numbers), dtype=NUMBERS)
    columns: dict[str, np.ndarray] = {
        "post_id": np.asarray(post_ids, dtype=np.int64),
        "owner": np.asarray(owners, dtype=np.int64),
        **{name: packed[name] for name in NUMBERS.names or ()},
        **{name: label_ids[:, i] for i, name in enumerate(LABELS)},
    }
    return side.add_columns(
        np.asarray(flat, dtype=np.int32), np.asarray(lens, dtype=np.int64), columns
    )
