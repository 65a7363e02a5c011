"""Named runs (planner._named_runs): product words in a row that name a query concept."""

from types import SimpleNamespace

from bot.domain.matching.planner import _named_runs
from bot.domain.matching.types import PostTerms

PHRASES = {"flask lid": {"lid"}, "vacuum flask lid": {"lid"}, "vacuum flask": {"flask"}}
GLOSSARY = SimpleNamespace(
    lookup_key=lambda key: frozenset(PHRASES.get(key, ())), max_phrase_words=3
)
IDS = {"p|vacuum": 1, "p|flask": 2, "p|lid": 3, "c|c:lid": 10, "c|c:flask": 11}


def runs(concepts: tuple[str, ...], weighted: set[int], moved: set[int] = frozenset()):
    found = _named_runs(
        PostTerms(product=("vacuum", "flask", "lid"), concepts=concepts),
        ["p|vacuum", "p|flask", "p|lid"],
        GLOSSARY,  # type: ignore[arg-type]
        IDS.get,
        dict.fromkeys(weighted, 1.0),
        set(moved),
    )
    return [(c.tolist(), w.tolist()) for c, w in found]


def test_the_longest_run_wins_and_no_word_counts_twice():
    everything = {1, 2, 3, 10, 11}
    assert runs(("c:lid", "c:flask"), everything) == [([10], [1, 2, 3])]


def test_only_the_query_s_own_concepts_and_held_words_count():
    assert runs(("c:flask",), {1, 2, 3, 11}) == [([11], [1, 2])]
    assert runs(("c:lid",), {2, 3, 10}) == [([10], [2, 3])]  # "vacuum": no post holds it
    assert runs(("c:lid",), {1, 2, 3, 10}, moved={3}) == []  # "lid" already covered


def test_no_concept_no_runs():
    assert runs((), {1, 2, 3}) == []
