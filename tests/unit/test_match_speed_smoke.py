"""CI-sized run of the speed bench's corpus through the engine: correctness, not timings.

100k synthetic posts (bench/match_corpus.py) are indexed; 200 new posts are matched and
every result is checked against the corpus itself: other side, sorted, in range, not the
asker's own, not excluded, alive and unexpired, sharing a product word or concept, within
the price tolerance; and when a query's terms are rare enough that no postings list is
truncated, the number of results equals a brute-force count of eligible posts.
"""

from __future__ import annotations

import math

import pytest

from bench.match_corpus import Corpus, SynthPost
from bot.domain.matching.engine import MatchingEngine, fields_from_parsed
from bot.domain.matching.types import MatchFields
from bot.domain.models import PostKind

N_POSTS = 100_000
N_QUERIES = 200

pytestmark = pytest.mark.slow


def fields_of(post: SynthPost) -> MatchFields:
    return fields_from_parsed(post.parsed, post.created_ts, post.expires_ts, trust=post.trust)


@pytest.fixture(scope="module")
def world() -> tuple[MatchingEngine, dict[int, tuple[SynthPost, MatchFields]], float]:
    corpus = Corpus()
    posts = {p.post_id: (p, fields_of(p)) for p in corpus.posts(N_POSTS)}
    engine = MatchingEngine()
    engine.add_many((p.post_id, p.user_id, p.kind, p.terms, f) for p, f in posts.values())
    for post_id in range(1, N_POSTS, 7):  # some posts were closed since
        engine.remove(post_id)
    return engine, posts, corpus.now_ts


def keys(post: SynthPost) -> set[str]:
    return {"c" + c for c in post.terms.concepts} | {"p" + w for w in post.terms.product}


def eligible(
    query: SynthPost,
    qf: MatchFields,
    cand: SynthPost,
    cf: MatchFields,
    engine: MatchingEngine,
    now: float,
    exclude: set[int],
) -> bool:
    if cand.kind is query.kind or cand.user_id == query.user_id:
        return False
    if cand.post_id in exclude or not engine.contains(cand.post_id):
        return False
    if cf.expires_ts <= now or not keys(query) & keys(cand):
        return False
    need, offer = (qf, cf) if query.kind is PostKind.NEED else (cf, qf)
    budget = need.price_high if need.price_high is not None else need.price_low
    price = offer.price_low if offer.price_low is not None else offer.price_high
    if budget is None or price is None:
        return True
    same_unit = None in (need.price_unit, offer.price_unit) or need.price_unit == offer.price_unit
    return not (same_unit and price > budget * 1.5)


def test_results_respect_filters_and_order(world):
    engine, posts, now = world
    queries = list(Corpus(seed=3, n_users=N_POSTS // 5).posts(N_QUERIES))
    complete_checks = 0
    for i, query in enumerate(queries):
        qf = fields_of(query)
        exclude = {1 + 13 * i + j for j in range(0, 5000, 50)}
        results = engine.match(
            query.kind,
            query.terms,
            qf,
            user_id=query.user_id,
            now_ts=now,
            limit=10,
            exclude=exclude,
            min_score=0.0,
        )
        scores = [r.score for r in results]
        assert scores == sorted(scores, reverse=True)
        assert all(0.0 < s <= 1.0 and not math.isnan(s) for s in scores)
        assert len({r.post_id for r in results}) == len(results)
        for r in results:
            cand, cf = posts[r.post_id]
            assert r.user_id == cand.user_id
            assert eligible(query, qf, cand, cf, engine, now, exclude), r
            assert r.reasons and r.reasons[0].kind in ("concept", "term")

        side = engine._sides[PostKind.OFFER if query.kind is PostKind.NEED else PostKind.NEED]
        walked = sum(
            side.postings_len(engine.terms.ids[k])
            for k in _walk_keys(query)
            if k in engine.terms.ids
        )
        if walked <= engine.max_candidates and complete_checks < 25:
            complete_checks += 1
            expected = sum(
                eligible(query, qf, c, f, engine, now, exclude) for c, f in posts.values()
            )
            assert len(results) == min(10, expected)
    assert complete_checks == 25  # the untruncated branch was checked often enough


def _walk_keys(post: SynthPost) -> list[str]:
    return [f"c|{c}" for c in post.terms.concepts] + [f"p|{w}" for w in post.terms.product]


def test_search_and_penalise_on_the_corpus(world):
    engine, posts, now = world
    query = next(p for p, _f in posts.values() if p.terms.concepts and p.kind is PostKind.NEED)
    found = engine.search(query.terms, PostKind.OFFER, now, 0, 20)
    assert found and all(posts[r.post_id][0].kind is PostKind.OFFER for r in found)
    page2 = engine.search(query.terms, PostKind.OFFER, now, 10, 10)
    assert [r.post_id for r in page2] == [r.post_id for r in found[10:20]]
    before = engine.match(query.kind, query.terms, MatchFields(), user_id=-1, now_ts=now)
    engine.dismissals.add(-1, query.terms)
    after = engine.match(
        query.kind, query.terms, MatchFields(), user_id=-1, now_ts=now, min_score=0.0
    )
    assert before and after[0].score < before[0].score
    engine.dismissals.clear(-1)
