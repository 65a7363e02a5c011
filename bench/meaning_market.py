"""A market as the product sees it, for the benches of alerts by meaning: posts indexed
by the engine, their vectors in the dense index's parts, and a new post alerted as the
product alerts it (`bot.services.matching.pairs` at once, then
`bot.services.matching.by_meaning` when its vector is made), without a database."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from bot.domain.matching import meaning_alerts
from bot.domain.matching.crowd import CROWD_FORMS, crowd_texts
from bot.domain.matching.dense import (
    REFERENCE,
    DenseIndex,
    across,
    meaning_text,
    part,
    quantize,
    script,
    similarities,
    support,
    unit_rows,
)
from bot.domain.matching.encoder import Encoder
from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.terms import extract_terms
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.models import Lang, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post

NOW = 1_800_000_000.0
DAY = 86400.0
ALERTS = 5  # a need alerts at most this many sellers (MatchPolicy.max_alerts_per_need)
DAILY = 20  # a seller hears of at most this many needs a day (MatchPolicy.max_alerts_per_day)
CANDIDATES = 30  # bot.services.matching.pairs.CANDIDATES
OTHERS = 10**9  # the first id of the other kind's posts in the dense index


def as_post(text: str, kind: PostKind) -> Post:
    now = datetime.now(UTC)
    return Post(None, 0, kind, text, parse_post(text), PostStatus.OPEN, Lang.ZH_HANS, now, now)


def terms_and_fields(text: str) -> tuple[PostTerms, MatchFields]:
    parsed = parse_post(text)
    return extract_terms(parsed, text), fields_from_parsed(parsed, NOW - DAY, NOW + 30 * DAY)


class Market:
    """`posts` of `kind` open, each under its own user (id = position + 1)."""

    def __init__(self, encoder: Encoder, posts: list[str], kind: PostKind) -> None:
        self.encoder, self.kind = encoder, kind
        self.engine = MatchingEngine()
        self.dense = DenseIndex(encoder.dim)
        parts = []
        for n, text in enumerate(posts, start=1):
            terms, fields = terms_and_fields(text)
            self.engine.add(n, n, kind, terms, fields)
            parts.append(part(kind, script(terms)))
        texts = [meaning_text(as_post(text, kind)) for text in posts]
        vectors = quantize(encoder.encode(texts))
        self.dense.add(list(range(1, len(posts) + 1)), vectors, parts)
        self.crowd = {
            name: unit_rows(quantize(encoder.encode(list(crowd_texts(name)))))
            for name in CROWD_FORMS
        }

    def vectors(self, texts: list[str], kind: PostKind) -> np.ndarray:
        return quantize(self.encoder.encode([meaning_text(as_post(t, kind)) for t in texts]))

    def open_too(self, texts: list[str], vectors: np.ndarray) -> list[int]:
        """Posts of the other kind open too, in the dense index only (as the product has
        every open post's vector), so that a post looks at a new one among its peers;
        returns their ids."""
        kind = PostKind.NEED if self.kind is PostKind.OFFER else PostKind.OFFER
        ids = [OTHERS + n for n in range(len(texts))]
        parts = [part(kind, script(terms_and_fields(text)[0])) for text in texts]
        self.dense.add(ids, vectors, parts)
        return ids

    def alerts(
        self, text: str, vector: np.ndarray, post_id: int
    ) -> tuple[list[int], list[int], list[int]]:
        """Whom a new post (`post_id` from `open_too`) of the other kind alerts: (by its
        words at once, by meaning after, the dense retriever's own picks without the
        re-ranker), as 0-based positions in `posts`."""
        kind = PostKind.NEED if self.kind is PostKind.OFFER else PostKind.OFFER
        terms, fields = terms_and_fields(text)
        words = self.engine.alerts(kind, terms, fields, user_id=0, now_ts=NOW, limit=CANDIDATES)
        cap = ALERTS if kind is PostKind.NEED else DAILY
        by_words = [r.post_id for r in words][:cap]
        own, where = part(kind, script(terms)), across(kind, terms)
        same_script = part(self.kind, script(terms))
        backing = meaning_alerts.backing(self.dense, self.crowd, post_id, own, where, vector)

        def far_second(need: int) -> bool:  # the buyer's view, on a new offer
            return meaning_alerts.far_second(self.dense, need, vector, where, own)

        found = meaning_alerts.alerts(
            self.engine,
            kind,
            terms,
            fields,
            backing,
            user_id=0,
            now_ts=NOW,
            limit=CANDIDATES,
            closeness=lambda other: self.dense.closeness(other, vector, same_script),
            far_second=far_second,
        )
        picks = backing
        if kind is PostKind.OFFER:
            picks = {need: v for need, v in backing.items() if not far_second(need)}
        by_meaning = [r.post_id for r in found if r.post_id not in by_words][: cap - len(by_words)]
        return (
            [i - 1 for i in by_words],
            [i - 1 for i in by_meaning],
            [i - 1 for i in self.dense_alone(vector, picks, where, same_script)],
        )

    def dense_alone(
        self, vector: np.ndarray, backing: dict[int, float], where: str, same_script: str
    ) -> list[int]:
        """The dense retriever's own picks, without the re-ranker: those backing the post
        from the other script (`meaning_alerts.backing`), or where that script holds no
        post (English on both sides), the posts standing out in the same script."""
        if self.dense.nearest(vector, 1, part=where):
            return list(backing)[:ALERTS]
        nearest = self.dense.nearest(vector, REFERENCE, part=same_script)
        return list(support(nearest, similarities(self.crowd[same_script], vector)))[:ALERTS]
