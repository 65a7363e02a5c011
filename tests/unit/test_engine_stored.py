"""The start-up rebuild path (stored form -> add_stored) indexes exactly what add does."""

from __future__ import annotations

import numpy as np

from bench.match_corpus import Corpus
from bot.domain.matching.engine import Matcher, fields_from_parsed
from bot.domain.models import PostKind

NOW = 1_790_000_000.0


def _posts(n: int):
    for post in Corpus(seed=3).posts(n):
        fields = fields_from_parsed(post.parsed, post.created_ts, post.expires_ts,
                                    trust=post.trust)
        yield post, fields


def test_add_stored_gives_the_same_index_as_add() -> None:
    one_by_one, stored = Matcher(), Matcher()
    rows = []
    for post, fields in _posts(3000):
        one_by_one.add(post.post_id, post.user_id, post.kind, post.terms, fields)
        keys, record = Matcher.stored_form(post.terms, fields)
        rows.append((post.post_id, post.user_id, post.kind, keys, list(record)))
    assert stored.add_stored(rows, batch_size=700) == 3000
    assert len(stored) == len(one_by_one) == 3000
    for post, fields in list(_posts(3000))[::97]:
        assert stored.terms_of(post.post_id) == one_by_one.terms_of(post.post_id)
        for kind in PostKind:
            a = one_by_one.match(kind, post.terms, fields, user_id=-1, now_ts=NOW, limit=10)
            b = stored.match(kind, post.terms, fields, user_id=-1, now_ts=NOW, limit=10)
            assert [r.post_id for r in a] == [r.post_id for r in b]
            assert np.allclose([r.score for r in a], [r.score for r in b])


def test_postings_keep_arrival_order_and_counts() -> None:
    matcher = Matcher()
    rows = [(i, 1, PostKind.OFFER, "p|cup\tc|c:vacuum_flask" if i % 2 else "p|cup", [None] * 3
             + [False] + [None] * 7 + [NOW, NOW + 1000, 0.5]) for i in range(1, 8)]
    matcher.add_stored(rows, batch_size=3)
    side = matcher._sides[PostKind.OFFER]
    cup = matcher.terms.ids["p|cup"]
    flask = matcher.terms.ids["c|c:vacuum_flask"]
    assert list(side.postings[cup]) == list(range(7))
    assert list(side.postings[flask]) == [0, 2, 4, 6]
    assert side.df[cup] == 7 and side.df[flask] == 4
    assert side.n_alive == 7 and side.total_len == 11
