"""Conversions between domain values (PostTerms, MatchFields) and index rows.

Term keys carry their field ("p|保温杯", "s|304", "c|c:vacuum_flask") so that a spec word
never answers for a product word. Labels (places, regions, units, trade terms) become
small ints through an `Interner`; NaN and NONE_ID stand for "not stated".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from bot.domain.models import PostKind

from . import scoring
from .columns import ROW
from .fields import RECORD_FIELDS, fields_to_record
from .index import SideIndex
from .interner import NONE_ID, Interner
from .types import MatchFields, PostTerms

assert RECORD_FIELDS == (
    "price_low",
    "price_high",
    "price_unit",
    "negotiable",
    "quantity",
    "quantity_unit",
    "moq",
    "moq_unit",
    "place",
    "destination",
    "trade_term",
    "created_ts",
    "expires_ts",
    "trust",
    "item_type",
    "features",
), "row_from_record unpacks records in this order"

PRODUCT, SPEC, CONCEPT = "p|", "s|", "c|"


def product_term(terms: PostTerms) -> str | None:
    """What a post's product is, as comparable posts share it (the too-good warning, the
    price position, the Market picture, the circle's busiest products): its first
    glossary concept, else its first product word; None when it names neither."""
    if terms.concepts:
        return CONCEPT + terms.concepts[0]
    return PRODUCT + terms.product[0] if terms.product else None


def term_keys(terms: PostTerms) -> list[str]:
    """Field-tagged term keys, deduplicated, in a stable order."""
    return list(
        dict.fromkeys(
            [
                *map(CONCEPT.__add__, terms.concepts),
                *map(PRODUCT.__add__, terms.product),
                *map(PRODUCT.__add__, terms.glosses),
                *map(SPEC.__add__, terms.specs),
            ]
        )
    )


def words_as_terms(words: Iterable[str]) -> PostTerms:
    """Feedback words back to PostTerms: glossary ids ("c:...") are concepts, the rest
    product words."""
    items = tuple(words)
    return PostTerms(
        product=tuple(w for w in items if not w.startswith("c:")),
        concepts=tuple(w for w in items if w.startswith("c:")),
    )


def to_row(
    terms_ids: Interner,
    labels: Interner,
    post_id: int,
    user_id: int,
    kind: PostKind,
    terms: PostTerms,
    fields: MatchFields,
) -> tuple[list[int], tuple]:
    """Term ids and the column values in `columns.ROW` order."""
    ids = keys_to_ids(terms_ids, term_keys(terms))
    return ids, row_from_record(labels, post_id, user_id, kind, fields_to_record(fields))


def keys_to_ids(terms_ids: Interner, keys: Iterable[str]) -> list[int]:
    known, intern = terms_ids.ids, terms_ids.intern
    return [known[k] if k in known else intern(k) for k in keys]


def keys_to_text(keys: Sequence[str]) -> str:
    """Term keys as stored beside a post for the rebuild (keys contain no tabs)."""
    return "\t".join(keys)


def row_parts(kind: PostKind, record: Sequence) -> tuple[tuple, tuple]:
    """From a `fields.fields_to_record` tuple: the numeric columns (price_low, price_high, qty,
    moq, created, expires, trust, negotiable) and the label columns (price_unit, qty_unit,
    moq_unit, loc, region, trade, item_type, features) as strings or None."""
    (
        price_low,
        price_high,
        price_unit,
        negotiable,
        quantity,
        quantity_unit,
        moq,
        moq_unit,
        place,
        destination,
        trade_term,
        created_ts,
        expires_ts,
        trust,
        item_type,
        features,
    ) = record
    loc = place if kind is PostKind.OFFER else (destination or place)
    lo = price_low if price_low is not None else price_high
    hi = price_high if price_high is not None else price_low
    nan = np.nan
    numbers = (
        nan if lo is None else lo,
        nan if hi is None else hi,
        nan if quantity is None else quantity,
        nan if moq is None else moq,
        created_ts,
        expires_ts if expires_ts > 0 else np.inf,
        trust,
        bool(negotiable),
    )
    labels = (
        price_unit,
        quantity_unit,
        moq_unit,
        loc,
        scoring.region_of(loc),
        trade_term,
        item_type,
        features,
    )
    return numbers, labels


def row_from_record(
    labels: Interner, post_id: int, user_id: int, kind: PostKind, record: Sequence
) -> tuple:
    """Column values in `columns.ROW` order from a `fields.fields_to_record` tuple."""
    (lo, hi, qty, moq, created, expires, trust, negotiable), names = row_parts(kind, record)
    price_unit, qty_unit, moq_unit, loc, region, trade, item_type, features = (
        labels.intern(name) if name else NONE_ID for name in names
    )
    return (
        post_id,
        user_id,
        lo,
        hi,
        price_unit,
        qty,
        qty_unit,
        moq,
        moq_unit,
        loc,
        region,
        trade,
        item_type,
        features,
        created,
        expires,
        trust,
        negotiable,
    )


def doc_words(side: SideIndex, doc: int, term_ids: Interner) -> frozenset[str]:
    """A document's product words (glosses among them) and specs, without their field tags."""
    names = term_ids.names
    keys = (names[tid] for tid in side.doc_term_ids(doc).tolist())
    return frozenset(key[2:] for key in keys if key[:2] in (PRODUCT, SPEC))


def doc_concepts(side: SideIndex, doc: int, term_ids: Interner) -> frozenset[str]:
    """A document's glossary concepts ("c:vacuum_flask")."""
    names = term_ids.names
    keys = (names[tid] for tid in side.doc_term_ids(doc).tolist())
    return frozenset(key[2:] for key in keys if key[:2] == CONCEPT)


def from_rows(
    side: SideIndex, kind: PostKind, docs: Sequence[int], term_ids: Interner, labels: Interner
) -> list[tuple[PostTerms, MatchFields]]:
    """What the index knows of some documents, back as domain values (for explanations).
    Categories are not indexed and come back empty; a need's place returns as destination.
    Columns are read once per call, not once per document."""
    if not docs:
        return []
    idx = np.asarray(docs, dtype=np.int64)
    col = {name: side.cols[name][idx].tolist() for name in ROW}
    names, label = term_ids.names, labels.name

    def num(name: str, i: int) -> float | None:
        value = col[name][i]
        return None if math.isnan(value) else value

    out = []
    for i, doc in enumerate(docs):
        buckets: dict[str, list[str]] = {PRODUCT: [], SPEC: [], CONCEPT: []}
        for tid in side.doc_term_ids(doc).tolist():
            key = names[tid]
            buckets[key[:2]].append(key[2:])
        terms = PostTerms(
            product=tuple(buckets[PRODUCT]),
            specs=tuple(buckets[SPEC]),
            concepts=tuple(buckets[CONCEPT]),
        )
        loc = label(col["loc"][i])
        expires = col["expires"][i]
        fields = MatchFields(
            price_low=num("price_low", i),
            price_high=num("price_high", i),
            price_unit=label(col["price_unit"][i]),
            negotiable=col["negotiable"][i],
            quantity=num("qty", i),
            quantity_unit=label(col["qty_unit"][i]),
            moq=num("moq", i),
            moq_unit=label(col["moq_unit"][i]),
            place=loc if kind is PostKind.OFFER else None,
            destination=loc if kind is PostKind.NEED else None,
            trade_term=label(col["trade"][i]),
            created_ts=col["created"][i],
            expires_ts=0.0 if expires == math.inf else expires,
            trust=col["trust"][i],
            item_type=label(col["item_type"][i]),
            features=label(col["features"][i]),
        )
        out.append((terms, fields))
    return out
