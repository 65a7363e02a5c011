"""Identity classes and the conflict factor (bot/domain/matching/identity.py)."""

import numpy as np
import pytest

from bot.domain.matching.codes import code_stem
from bot.domain.matching.identity import BRAND, CODE, TermClasses, identity_evidence, term_class
from bot.domain.matching.interner import Interner
from bot.domain.matching.scoring import Weights


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("p|ln46a550", CODE),
        ("p|b:samsung", BRAND),
        ("p|保温杯", None),
        ("s|500ml", "#ml"),
        ("s|9w", "#w"),
        ("s|2007", "#"),
        ("s|6.2.9", "#"),
        ("s|cs3", "cs#"),
        ("s|s:stainless_steel", None),
        ("s|s:usb_c", "connector"),  # a cable has one connector (glossary.EXCLUSIVE_CATEGORIES)
        ("s|s:no_such_spec", None),
        ("s|不锈钢", None),
        ("s|m6x20", None),  # two numbers: not one size
        ("c|c:vacuum_flask", None),
    ],
)
def test_term_class(key, expected):
    assert term_class(key) == expected


@pytest.mark.parametrize(
    ("code", "stem"),
    [("ecst65zzbpu", "ecst65"), ("wn511b", "wn511"), ("ln46a550", None), ("ab12c", None)],
)
def test_code_stem(code, stem):
    assert code_stem(code) == stem


def _factor(query: list[str], docs: list[list[str]]) -> list[float]:
    terms = Interner()
    ids = [[terms.intern(k) for k in doc] for doc in docs]
    query_ids = [terms.intern(k) for k in query]
    classes = TermClasses(terms)
    in_query = np.zeros(len(terms), dtype=bool)
    in_query[query_ids] = True
    flat = np.array([t for doc in ids for t in doc], dtype=np.int32)
    seg = np.repeat(np.arange(len(ids)), [len(doc) for doc in ids])
    shared = in_query[flat]
    got, _same_code = identity_evidence(
        classes, classes.ids_of(query), shared, flat, seg, len(ids), Weights()
    )
    return [round(float(x), 3) for x in got]


def test_identity_evidence_per_class():
    query = ["p|led", "s|9w", "s|500ml", "p|ab1234"]
    docs = [
        ["p|led", "s|9w"],  # same size
        ["p|led", "s|12w"],  # another wattage
        ["p|led", "s|12w", "s|1000ml"],  # two classes differ
        ["p|led", "s|12w", "s|9w"],  # one of its sizes is the one asked for
        ["p|led", "p|cd5678"],  # another model code
        ["p|led", "s|2007"],  # a class the query does not state
        ["p|led", "p|b:sony"],  # a brand where the query names another
        ["p|led", "p|b:samsung", "p|b:sony"],  # one of its brands is the query's
    ]
    query.append("p|b:samsung")
    assert _factor(query, docs) == [1.0, 0.8, 0.64, 1.0, 0.6, 1.0, 0.7, 1.0]


def test_a_connector_against_another_is_a_conflict():
    query = ["c|c:data_cable", "s|s:usb_c"]
    docs = [
        ["c|c:data_cable", "s|s:usb_c"],
        ["c|c:data_cable", "s|s:lightning"],
        ["c|c:data_cable"],
    ]
    assert _factor(query, docs) == [1.0, 0.6, 1.0]


def test_no_identity_terms_no_conflict():
    assert _factor(["p|led"], [["p|led", "s|12w"]]) == [1.0]


def test_a_shared_model_code_or_its_stem_is_reported():
    terms = Interner()
    docs = [["p|tv", "p|ecst65zzbpu", "p|ecst65"], ["p|tv", "p|ecst70"], ["p|tv"]]
    ids = [[terms.intern(k) for k in doc] for doc in docs]
    query = ["p|tv", "p|ecst65"]
    query_ids = [terms.intern(k) for k in query]
    classes = TermClasses(terms)
    in_query = np.zeros(len(terms), dtype=bool)
    in_query[query_ids] = True
    flat = np.array([t for doc in ids for t in doc], dtype=np.int32)
    seg = np.repeat(np.arange(len(ids)), [len(doc) for doc in ids])
    factor, same = identity_evidence(
        classes, classes.ids_of(query), in_query[flat], flat, seg, 3, Weights()
    )
    assert same.tolist() == [True, False, False]
    assert factor.tolist() == [1.0, 0.6, 1.0]


def test_conflicts_worked_out_for_the_top_only_give_the_exact_top():
    import random

    from bot.domain.matching.engine import MatchingEngine
    from bot.domain.matching.types import MatchFields, PostTerms
    from bot.domain.models import PostKind

    rng = random.Random(7)
    engine = MatchingEngine()
    for post_id in range(1, 400):
        watts = rng.sample(["9w", "12w", "15w", "18w"], rng.randint(0, 2))
        engine.add(
            post_id,
            post_id,
            PostKind.OFFER,
            PostTerms(
                product=("led灯泡", rng.choice(["球泡", "灯泡", "节能"])), specs=tuple(watts)
            ),
            MatchFields(created_ts=1000.0 - rng.random() * 100),
        )
    need = PostTerms(product=("led灯泡", "球泡"), specs=("9w",))
    for limit in (1, 3, 10):
        lazy = engine.match(
            PostKind.NEED, need, MatchFields(), user_id=0, now_ts=1000.0, limit=limit
        )
        full = engine.match(
            PostKind.NEED, need, MatchFields(), user_id=0, now_ts=1000.0, limit=999
        )
        assert [r.score for r in lazy] == [r.score for r in full[:limit]]
