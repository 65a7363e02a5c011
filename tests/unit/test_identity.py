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


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("gs716t-200", "gs716t200 gs716t"),  # a hyphenated variant stands for its model too
        ("qt426-5", "qt4265 qt426"),
        ("lc-52se94u", "lc52se94u"),  # "lc" is no model: nothing more
        ("mdr-ex35lp/vb", "mdrex35lpvb"),
        ("sk-ii/sk2", "sk-ii sk2"),
    ],
)
def test_a_written_code_and_the_models_it_stands_for(written: str, words: str) -> None:
    from bot.domain.matching.codes import SPLIT_CODE, join_code

    assert SPLIT_CODE.sub(join_code, written) == words


def test_a_suffixed_variant_and_its_model_are_no_conflict() -> None:
    """A Walmart listing's "gs716t-200" and an Amazon listing's "gs716t" name one switch:
    searched, it comes before switches that share more words but name no model."""
    from bot.domain.matching.engine import MatchingEngine
    from bot.domain.matching.terms import extract_terms, query_terms
    from bot.domain.matching.types import MatchFields
    from bot.domain.models import PostKind
    from bot.domain.parsing import parse_post

    now = 1_800_000_000.0
    fields = MatchFields(created_ts=now - 60, expires_ts=now + 86400)
    engine = MatchingEngine()
    offers = (
        "netgear prosafe gs716t 16-port ethernet switch",
        "netgear prosafe plus 8-port gigabit ethernet switch with poe",
        "netgear prosafe plus 8-port ethernet switch",
    )
    for n, title in enumerate(offers, start=1):
        text = f"Selling {title}"
        engine.add(n, n, PostKind.OFFER, extract_terms(parse_post(text), text), fields)
    words = query_terms("gs716t-200 - prosafe 16-port gigabit smart switch")
    found = engine.search(words, None, now, limit=3)
    assert [r.post_id for r in found][:1] == [1]
