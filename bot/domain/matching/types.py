"""Value types passed between term extraction, the index and scoring."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class PostTerms:
    """Normalised, language-neutral terms of one post.

    `product` and `specs` hold simplified, lower-case word tokens (jieba search-mode
    pieces, English words singularised); `concepts` holds glossary concept ids ("c:vacuum_flask")
    that tie zh-Hans, zh-Hant and English words for the same product together;
    `glosses` holds the English words CC-CEDICT gives for Chinese words the glossary lacks
    (dictionary.py): they are indexed as product words, but in a query they weigh less
    (`Weights.gloss`), standing in for a word rather than being one.
    """

    product: tuple[str, ...] = ()
    specs: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()  # glossary categories of the concepts ("housewares")
    glosses: tuple[str, ...] = ()

    def all_terms(self) -> tuple[str, ...]:
        return self.product + self.glosses + self.specs + self.concepts


@dataclass(frozen=True, slots=True)
class MatchFields:
    """Structured fields of a post in comparable form (see bot.domain.money / units).

    Prices are in the base currency (CNY) per base unit; None means not stated.
    For a need, `price_high` is the budget ceiling; for an offer, `price_low`/`price_high`
    its quoted price or range.
    """

    price_low: float | None = None
    price_high: float | None = None
    price_unit: str | None = None  # base unit the price refers to ("pcs", "kg", ...)
    negotiable: bool = False
    quantity: float | None = None  # in quantity_unit (base unit)
    quantity_unit: str | None = None
    moq: float | None = None
    moq_unit: str | None = None
    place: str | None = None  # normalised (simplified, lower case)
    destination: str | None = None
    trade_term: str | None = None
    created_ts: float = 0.0  # POSIX seconds
    expires_ts: float = 0.0
    trust: float = 0.5  # 0..1 trust of the post's owner; 0.5 = neutral / new member
    # "item" (the goods themselves) or the accessory, part, mould or machine the product is
    # ("lid", "case": accessories.py); None when not known (no product, keyword queries)
    item_type: str | None = None
    # customisation, certifications and samples (vocabulary.features), space-joined in
    # order ("cert:CE oem": `fields.features_label`): what an offer has, what a need asks for;
    # they weigh apart from the words (features.py)
    features: str | None = None


@dataclass(frozen=True, slots=True)
class Reason:
    """One part of a match explanation, rendered by the texts layer in the reader's language.

    kind: "concept" (same product concept), "term" (shared word), "moq" (offer MOQ <= need qty),
    "price" (offer price <= budget), "place" (from -> to), "trade_term", "fresh",
    "feature" (the offer has what the need asks for: OEM, CE, samples).
    `values` carries what the sentence needs (e.g. {"offer": "12 CNY/pcs", "budget": ...}).
    """

    kind: str
    values: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Peer:
    """An open offer another is compared with: its post, owner and unit price (CNY per
    base unit)."""

    post_id: int
    owner: int
    price: float


@dataclass(frozen=True, slots=True)
class Comparable:
    """An offer's unit price (CNY per base unit) and the offers it is compared with."""

    price: float
    peers: tuple[Peer, ...]


@dataclass(frozen=True, slots=True)
class MatchResult:
    post_id: int
    user_id: int
    score: float  # 0..1, see scoring.py
    reasons: tuple[Reason, ...] = ()
    fit: float = 0.0  # 0..1, the share of the asking post's words (by weight) it holds


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """One open post as stored for a fast rebuild (see matching.stored): `terms`, `labels`
    and `numbers` are None when the post was stored before it was ever indexed."""

    post_id: int
    user_id: int
    kind: str
    terms: str | None
    labels: str | None
    numbers: bytes | None
    circle_id: int | None = None  # the trade circle it was written in
    vocabulary: str | None = None  # what derived it (vocabulary.version)


@dataclass(frozen=True, slots=True)
class IndexChange:
    """One change to the matching index, numbered in commit order (`revision`), so that every
    other process's index can catch up: `post` (read the post again: `entry` is its stored form
    if it is open and unexpired, None if it is closed, expired or gone), or `dismiss` (`user_id`
    marked `post_id` not relevant)."""

    revision: int
    kind: str
    origin: str  # the process that made it (it changed its own index then)
    post_id: int | None = None
    user_id: int | None = None
    entry: IndexEntry | None = None
