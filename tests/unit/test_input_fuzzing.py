"""Fuzzing the parsers of what users type (issue 13): none of them raises anything but the
refusal it documents (`UserFacingError`, a clear answer), and what they read fits where it
goes (the posts table's columns, a card).

Input: tokens of Chinese, Latin words, digits (ASCII, full-width, Chinese numerals), trade
words, punctuation (ASCII and CJK), emoji (with joiners, flags, skin tones), control and
format characters, full-width letters, HTML tags, mixed at random, up to Telegram's 4096 characters.
`test_parsing_properties.py` fuzzes `parse_post` with random code points; here the input
looks more like a post, and a `parse_post` that swallowed an exception (it logs and shrugs,
so as never to take the bot down) counts as a failure.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import suppress
from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.domain import quiet_hours
from bot.domain.circles import kind_from_hashtags
from bot.domain.language import detect_language, language_from_telegram_code
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.fields import fields_from_parsed
from bot.domain.matching.terms import extract_terms, query_terms
from bot.domain.models import Intent, Lang, ParsedPost, PostKind, User
from bot.domain.parsing import MAX_PRODUCT, parse_post, validate, warm_up
from bot.domain.parsing.markup import restore, strip_tags
from bot.domain.parsing.numbers import parse_chinese, parse_number
from bot.domain.parsing.quantity import unit_and_count
from bot.domain.phones import format_phone
from bot.domain.trust.checks import credit_code_valid
from bot.domain.vocabulary.units import UNIT_CODES, canonical_unit
from bot.services.errors import UserFacingError
from bot.services.matching.search import MAX_QUERY
from bot.services.people import profiles
from bot.services.people.identity import verify_business
from bot.services.posting import guided, post_edits, posts
from tests.fakes import FixedClock, InMemoryStore

pytestmark = pytest.mark.slow

_CONTROL = st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Zs"])
_TRADE_WORDS = (  # words, signs and numbers of posts, space-separated
    "出售 求购 供应 收 MOQ 起订 元/个 元 块 个 只 箱 件 pcs ctn kg 吨 $ ¥ USD RMB 万 k w 包邮 以内 左右 到 至 ~ "
    "- FOB CIF EXW Ningbo 义乌 深圳 上海 寄到 selling WTB need offer 304 不锈钢 保温杯 500ml 9W LED "
    "有效期 7天 微信 wechat: qq tel +86 138 0013 8000 https:// @"
)
_WORDS = _TRADE_WORDS.split()
_TOKENS = st.one_of(
    st.text(st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), min_size=1, max_size=6),
    st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), min_size=1, max_size=10),
    st.integers(-(10**12), 10**15).map(str),
    st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
    st.text("０１２３４５６７８９．，％＄￥ＡＢＣｍｌ", min_size=1, max_size=6),  # full-width
    st.text("零一二两三四五六七八九十百千万亿〇", min_size=1, max_size=5),
    st.sampled_from(_WORDS),
    st.sampled_from(["<b>", "</b>", "<i>", '<a href="tg://user?id=1">', "</a>", "<br/>"]),
    st.text(",.;:!?，。；：！？、（）()【】[]<>《》\"'“”/\\~～·…%#&*+=_|", min_size=1, max_size=3),
    st.sampled_from(["😀", "👨‍👩‍👧", "🇨🇳", "👍🏽", "❤️", "🔥" * 3, "\u200d"]),
    st.text(_CONTROL, min_size=1, max_size=3),
    st.text(min_size=1, max_size=4),  # anything else
)
_mixed = st.builds(
    lambda tokens, glue: glue.join(tokens)[:4096],
    st.lists(_TOKENS, max_size=60),
    st.sampled_from(["", " ", "\n", "，"]),
)
_long = st.lists(_TOKENS, min_size=400, max_size=1200).map(lambda t: " ".join(t)[:4096])
_repeated = st.tuples(st.lists(_TOKENS, min_size=1, max_size=4), st.integers(1, 4096)).map(
    lambda pair: ("".join(pair[0]) * pair[1])[: pair[1]]
)
user_text = st.one_of(_mixed, _mixed, _mixed, _long, _repeated)
fuzz = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


class _Recorded(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def parser_errors() -> Iterator[_Recorded]:
    warm_up()
    recorded, logger = _Recorded(), logging.getLogger("bot.domain.parsing")
    logger.addHandler(recorded)
    yield recorded
    logger.removeHandler(recorded)


def _fits_its_columns(parsed: ParsedPost) -> None:
    """Lengths of storage/tables/trading.py (posts) and of what a card shows."""
    assert len(parsed.product or "") <= MAX_PRODUCT
    assert len(parsed.place or "") <= 60 and len(parsed.destination or "") <= 60
    assert len(parsed.trade_term or "") <= 8
    for amount in (parsed.quantity, parsed.moq):
        assert amount is None or (amount.amount.is_finite() and len(amount.unit or "") <= 16)
    if parsed.price is not None:
        assert len(parsed.price.currency or "xxx") == 3 and len(parsed.price.per_unit or "") <= 16


@fuzz
@given(user_text)
def test_a_post_in_plain_words_is_read_without_errors(parser_errors: _Recorded, text: str) -> None:
    parser_errors.records.clear()
    parsed = parse_post(text)
    assert not parser_errors.records, parser_errors.records[0].getMessage()
    _fits_its_columns(parsed)
    assert isinstance(validate(parsed), list)
    with suppress(UserFacingError):
        assert posts.understand(text).intent is not Intent.NONE
    assert isinstance(posts.reads_as_new_post(text), bool)
    assert not parser_errors.records, parser_errors.records[0].getMessage()


BASE = parse_post("出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货")


@fuzz
@given(st.sampled_from(post_edits.EDITABLE_FIELDS), user_text)
def test_an_answer_to_a_field_is_read_or_refused_clearly(field: str, text: str) -> None:
    try:
        if field == "keywords":
            words = post_edits.parse_post_keywords(text)
            assert 1 <= len(words) <= 3 and all(0 < len(w) <= 30 for w in words)
        else:
            _fits_its_columns(post_edits.apply_edit(BASE, field, text))
    except UserFacingError:
        pass


@fuzz
@given(st.sampled_from(list(PostKind)), st.lists(user_text, min_size=4, max_size=4))
def test_guided_answers_are_read_or_refused_clearly(kind: PostKind, answers: list[str]) -> None:
    with suppress(UserFacingError):
        _fits_its_columns(guided.compose(kind, dict(zip(guided.QUESTIONS, answers, strict=True))))
    try:
        words = profiles.parse_keywords(answers[0])
        assert len(words) <= profiles.MAX_KEYWORDS and all(0 < len(w) <= 30 for w in words)
    except UserFacingError:
        pass


@fuzz
@given(user_text)
def test_numbers_units_and_phones(text: str) -> None:
    number = parse_number(text)
    assert number is None or (isinstance(number, Decimal) and number.is_finite())
    chinese = parse_chinese(text)
    assert chinese is None or (isinstance(chinese, int) and chinese >= 0)
    assert canonical_unit(text) in (UNIT_CODES | {None})
    unit, count = unit_and_count(text)
    assert unit in (UNIT_CODES | {None}) and count >= 1
    for region in (None, "CN", "TW", "HK", "US", "ZZ", text[:2]):
        phone = format_phone(text, region)
        assert phone is None or phone.startswith("+")


CODE_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY"  # of a unified social credit code


def _valid_code(body: str) -> str:
    valid = [body + last for last in CODE_CHARS if credit_code_valid(body + last)]
    assert len(valid) == 1, f"{body!r} has {len(valid)} check characters"
    return valid[0]


async def _verify(text: str) -> str:
    store, clock = InMemoryStore(FixedClock()), FixedClock()
    async with store.uow_factory() as uow:
        await uow.users.upsert(User(1, Lang.EN))
        await uow.commit()
    try:
        return await verify_business(store.uow_factory, clock, 1, text)
    except UserFacingError as refused:
        return refused.key


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(user_text, st.text(CODE_CHARS, min_size=16, max_size=16), st.sampled_from(CODE_CHARS))
def test_verify_reads_a_registration_or_refuses_it_clearly(
    text: str, body: str, wrong: str
) -> None:
    """/verify <text>: a key for the reply, or the refusal with the usage or a bad code; a
    code with the right check character is taken, with another one refused."""
    assert isinstance(credit_code_valid(text), bool)
    refusals = {"verify.bad_code", "verify.usage"}
    assert asyncio.run(_verify(text)) in {"verify.done", "verify.done_format"} | refusals
    code = _valid_code("9" + body)
    assert asyncio.run(_verify(code.lower())) == "verify.done"
    if wrong != code[-1]:
        assert asyncio.run(_verify(code[:-1] + wrong)) == "verify.bad_code"


@fuzz
@given(user_text)
def test_time_zones_hashtags_and_languages(text: str) -> None:
    assert isinstance(quiet_hours.zone(text), ZoneInfo)
    quiet_hours.quiet_until(NOW, text)
    quiet_hours.held_until(NOW, text, "match.alert", True)
    assert quiet_hours.next_digest_at(NOW, text) > NOW
    assert kind_from_hashtags(text) in (None, PostKind.OFFER, PostKind.NEED)
    assert kind_from_hashtags(f"{text} #求购") is not None
    assert detect_language(text) in Lang
    assert language_from_telegram_code(text[:10]) in Lang


@fuzz
@given(user_text, st.data())
def test_tags_are_stripped_and_restored_consistently(text: str, data: st.DataObject) -> None:
    stripped, origin = strip_tags(text)
    assert len(origin) == len(stripped)
    assert all(text[at] == char for at, char in zip(origin, stripped, strict=True))
    if stripped:
        start = data.draw(st.integers(0, len(stripped) - 1))
        piece = stripped[start : start + data.draw(st.integers(1, 80))]
        assert piece in strip_tags(restore(text, stripped, origin, piece))[0]


ENGINE = MatchingEngine(capacity=8)


@fuzz
@given(user_text, user_text)
def test_a_post_is_indexed_and_a_search_runs(text: str, query: str) -> None:
    """What matching does with user text: the post's terms and fields indexed, /search's
    words (as the service cuts them) looked up; the index is left as it was."""
    parsed = parse_post(text)
    kind = PostKind.NEED if parsed.intent is Intent.NEED else PostKind.OFFER
    ENGINE.add(1, 1, kind, extract_terms(parsed, text), fields_from_parsed(parsed, NOW, NOW))
    try:
        ENGINE.search(query_terms(query[:MAX_QUERY]), None, NOW.timestamp(), offset=0, limit=4)
        ENGINE.search(query_terms(text[:MAX_QUERY]), kind, NOW.timestamp(), offset=3, limit=4)
    finally:
        assert ENGINE.remove(1)
