"""Property tests: parse_post never raises and gives a sane result on any text up to 4096
chars. How fast it does so is measured by bench/parse_speed.py, not asserted here."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.parse_speed import FRAGMENTS, PATHOLOGICAL
from bot.domain.models import Intent, ParsedPost
from bot.domain.parsing import parse_post, validate, warm_up
from bot.domain.text import looks_garbled, normalise

pytestmark = pytest.mark.slow

_alphabet = st.characters(codec=None, categories=None)
texts = st.one_of(
    st.text(alphabet=_alphabet, max_size=4096),
    st.text(alphabet=_alphabet, min_size=3000, max_size=4096),
    st.lists(st.sampled_from(FRAGMENTS), max_size=600).map("".join).map(lambda s: s[:4096]),
    st.lists(st.sampled_from(FRAGMENTS), min_size=800, max_size=1500)
    .map("".join)
    .map(lambda s: s[:4096]),
    st.text(
        alphabet=st.sampled_from("0123456789,.-~/kKw万千百一二两五元个只箱 $¥"), max_size=4096
    ),
    st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), max_size=4096),
    st.text(alphabet=st.characters(min_codepoint=0x1F300, max_codepoint=0x1FAFF), max_size=4096),
    st.text(
        alphabet=st.characters(categories=["Cc", "Cf", "Zs", "Zl", "Zp", "Co"]), max_size=4096
    ),
)


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


def _assert_sane(parsed: ParsedPost) -> None:
    assert isinstance(parsed, ParsedPost)
    assert isinstance(validate(parsed), list)
    if parsed.intent is not Intent.NONE:
        assert parsed.product or parsed.quantity or parsed.price or parsed.moq


@settings(
    max_examples=200,
    deadline=None,  # speed is bench/parse_speed.py's business
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(texts)
def test_parse_post_never_raises_and_gives_a_sane_result(text: str) -> None:
    _assert_sane(parse_post(text))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=_alphabet, max_size=512))
def test_text_helpers_never_raise(text: str) -> None:
    assert isinstance(normalise(text), str)
    assert normalise(normalise(text)) == normalise(text)
    assert isinstance(looks_garbled(text), bool)


@pytest.mark.parametrize("text", PATHOLOGICAL, ids=[f"{t[:6]!r}x{len(t)}" for t in PATHOLOGICAL])
def test_pathological_inputs_give_a_sane_result(text: str) -> None:
    """Long repetitions (bench/parse_speed.py times the same inputs): still a well-formed
    result, the product and specs short enough to show on a card."""
    parsed = parse_post(text)
    _assert_sane(parsed)
    assert len(parsed.product or "") <= 80
    assert all(len(spec) <= 80 for spec in parsed.specs)


@pytest.mark.parametrize(
    "text", ["出售 保温杯 12元/个 " + "义乌" * 200, "求购 保温杯 5000个 寄到" + "上海" * 300]
)
def test_place_and_destination_fit_their_columns(text: str) -> None:
    parsed = parse_post(text)
    assert parsed.intent is not Intent.NONE
    assert len(parsed.place or "") <= 100 and len(parsed.destination or "") <= 100
