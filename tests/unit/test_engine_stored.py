"""The start-up rebuild path (stored form -> add_stored) indexes exactly what add does."""

from __future__ import annotations

import numpy as np

from bench.match_corpus import Corpus
from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.models import PostKind

NOW = 1_790_000_000.0


def _posts(n: int):
    for post in Corpus(seed=3).posts(n):
        fields = fields_from_parsed(
            post.parsed, post.created_ts, post.expires_ts, trust=post.trust
        )
        yield post, fields


def _stored(matcher_rows):
    return [
        (post_id, user_id, kind, form.keys, form.labels, form.numbers)
        for post_id, user_id, kind, form in matcher_rows
    ]


def test_add_stored_gives_the_same_index_as_add() -> None:
    one_by_one, stored = MatchingEngine(), MatchingEngine()
    rows = []
    for post, fields in _posts(3000):
        one_by_one.add(post.post_id, post.user_id, post.kind, post.terms, fields)
        form = MatchingEngine.stored_form(post.kind, post.terms, fields)
        rows.append((post.post_id, post.user_id, post.kind, form))
    entries = _stored(rows)
    assert stored.add_stored(entries[:1000]) + stored.add_stored(entries[1000:]) == 3000
    assert len(stored) == len(one_by_one) == 3000
    for post, fields in list(_posts(3000))[::97]:
        assert stored.terms_of(post.post_id) == one_by_one.terms_of(post.post_id)
        for kind in PostKind:
            a = one_by_one.match(kind, post.terms, fields, user_id=-1, now_ts=NOW, limit=10)
            b = stored.match(kind, post.terms, fields, user_id=-1, now_ts=NOW, limit=10)
            assert [r.post_id for r in a] == [r.post_id for r in b]
            assert np.allclose([r.score for r in a], [r.score for r in b])
            assert [r.reasons for r in a] == [r.reasons for r in b]


def test_postings_keep_arrival_order_and_counts() -> None:
    engine = MatchingEngine()
    fields = MatchFields(
        price_high=10.0, price_unit="pcs", place="义乌", created_ts=NOW, expires_ts=NOW + 1000
    )
    cup = PostTerms(product=("cup",))
    flask = PostTerms(product=("cup",), concepts=("c:vacuum_flask",))
    rows = [
        (
            i,
            1,
            PostKind.OFFER,
            MatchingEngine.stored_form(PostKind.OFFER, flask if i % 2 else cup, fields),
        )
        for i in range(1, 8)
    ]
    assert engine.add_stored(_stored(rows)) == 7
    side = engine._sides[PostKind.OFFER]
    cup_id, flask_id = engine.terms.ids["p|cup"], engine.terms.ids["c|c:vacuum_flask"]
    assert list(side.postings[cup_id]) == list(range(7))
    assert list(side.postings[flask_id]) == [0, 2, 4, 6]
    assert side.df[cup_id] == 7 and side.df[flask_id] == 4
    assert side.n_alive == 7 and side.total_len == 11
    assert side.cols["price_high"][:7].tolist() == [10.0] * 7
    assert engine.labels.name(int(side.cols["loc"][0])) == "义乌"


def test_re_adding_a_stored_post_replaces_it() -> None:
    engine = MatchingEngine()
    fields = MatchFields(created_ts=NOW, expires_ts=NOW + 1000)
    form = MatchingEngine.stored_form(PostKind.NEED, PostTerms(product=("cup",)), fields)
    entry = (5, 1, PostKind.NEED, form.keys, form.labels, form.numbers)
    engine.add_stored([entry])
    engine.add_stored([entry])
    assert len(engine) == 1 and engine._sides[PostKind.NEED].n_alive == 1
