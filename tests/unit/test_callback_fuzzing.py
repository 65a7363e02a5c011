"""Fuzzing the callback-data codec (`handlers/keyboards.py`) and how a press is read
(issue 13). A Telegram client can send any callback data up to 64 bytes, not only what our
buttons carry: every such string decodes or is refused with `CallbackDataError`, decoding
round-trips, a press is read into a `Pressed` or refused as expired / not yours, and ids
and pages are taken only as the codec writes them. Every button the bot draws fits in 64
bytes and reads back as drawn.
"""

from __future__ import annotations

import asyncio
from functools import partial
from types import SimpleNamespace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.domain.models import Action, Lang, PostKind
from bot.services.delivery import action_tokens
from bot.services.errors import UserFacingError
from bot.services.posting.post_edits import EDITABLE_FIELDS
from bot.services.reminders.user_settings import CITIES, CURRENCY_CHOICES, SWITCHES
from handlers.buttons import Pressed, route_buttons
from handlers.keyboards import (
    MAX_BYTES,
    MAX_ID,
    MAX_PAGE,
    CallbackDataError,
    action_data,
    decode,
    encode,
    number,
    page_data,
    page_of,
    post_action_data,
    token_data,
)
from tests.fakes import FixedClock, InMemoryStore

fuzz = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
USER = 4242
ID_NAMES = ("post", "match", "request", "deal", "about", "user", "circle", "stars")

_pieces = st.one_of(
    st.sampled_from(["v1", "v0", "a", "t", "p", "f", "my", "search", "=", ":", "-", "post="]),
    st.sampled_from([a.value for a in Action]),
    st.integers(-(2**70), 2**70).map(str),
    st.text("0123456789٣²１-+e. ", min_size=1, max_size=25),  # digits of every kind
    st.text(min_size=1, max_size=8),
)
_glued = st.lists(_pieces, max_size=12).map("".join)
_prefixed = st.tuples(
    st.sampled_from(["v1:a:", "v1:t:", "v1:p:my:", "v1:p:search:", "v1:"]), _glued
)
callback_data = st.one_of(st.text(max_size=64), _glued, _prefixed.map("".join)).filter(
    lambda data: len(data.encode()) <= MAX_BYTES
)


@fuzz
@given(callback_data)
def test_any_data_decodes_and_round_trips_or_is_refused(data: str) -> None:
    try:
        decoded = decode(data)
    except CallbackDataError:
        assert not data.startswith("v1:")
        return
    assert encode(decoded.kind, *decoded.args) == data
    page = page_of(data)
    assert page is None or 0 <= page <= MAX_PAGE


@fuzz
@given(st.text(max_size=30) | st.integers(-(2**70), 2**70).map(str))
def test_numbers_are_read_only_as_the_codec_writes_them(text: str) -> None:
    value = number(text)
    if value is not None:
        assert text.isascii() and int(text) == value and abs(value) <= MAX_ID


@fuzz
@given(st.integers(-MAX_ID, MAX_ID), st.integers(0, MAX_PAGE), st.sampled_from(["my", "search"]))
def test_ids_and_pages_read_back_as_written(an_id: int, page: int, view: str) -> None:
    assert number(str(an_id)) == an_id
    assert page_of(page_data(view, page)) == page


def _buttons_the_bot_draws(post: int) -> list[str]:
    """Every kind of action button, with the longest values its arguments take."""
    drawn = [post_action_data(action, post) for action in Action]
    drawn += [post_action_data(Action.EDIT_POST_FIELD, post, field=f) for f in EDITABLE_FIELDS]
    drawn += [action_data(Action.SET_LANGUAGE, lang=lang.value) for lang in Lang]
    drawn += [action_data(Action.CHOOSE_POST_KIND, kind=kind.value) for kind in PostKind]
    drawn += [action_data(Action.TOGGLE_SETTING, what=switch) for switch in SWITCHES]
    drawn += [action_data(Action.SET_TIMEZONE, city=city) for city in CITIES]
    drawn += [action_data(Action.SET_CURRENCY, code=code) for code in CURRENCY_CHOICES]
    drawn += [action_data(action) for action in Action]
    return drawn


@fuzz
@given(
    st.integers(1, MAX_ID),
    st.text(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
        min_size=16,
        max_size=16,
    ),
    st.integers(0, MAX_PAGE),
)
def test_every_button_fits_and_reads_back(post: int, token: str, page: int) -> None:
    for data in [*_buttons_the_bot_draws(post), token_data(token), page_data("search", page)]:
        assert len(data.encode()) <= MAX_BYTES, data
        assert encode(decode(data).kind, *decode(data).args) == data
    pressed = _press(post_action_data(Action.RENEW_POST, post))
    assert isinstance(pressed, Pressed) and pressed.id_arg("post") == post


@fuzz
@given(st.text(max_size=80), st.lists(st.text(max_size=20), max_size=4))
def test_encoding_fits_or_is_refused(kind: str, args: list[str]) -> None:
    try:
        data = encode(kind, *args)
    except CallbackDataError:
        return
    assert len(data.encode()) <= MAX_BYTES and decode(data).args == tuple(args)


STORE, CLOCK = InMemoryStore(FixedClock()), FixedClock()


def _press(data: str, chat: int = USER) -> Pressed | str:
    """The `Pressed` a button's data comes to, or the key of the refusal."""
    seen: list[Pressed] = []

    async def record(_update: Any, _context: Any, pressed: Pressed) -> None:
        seen.append(pressed)

    on_button = route_buttons(dict.fromkeys(Action, record))
    query = SimpleNamespace(
        data=data,
        from_user=SimpleNamespace(id=USER),
        message=SimpleNamespace(chat=SimpleNamespace(id=chat)),
    )
    update = SimpleNamespace(callback_query=query)
    redeem = partial(action_tokens.redeem, STORE.uow_factory, CLOCK)  # as the bootstrap binds it
    context = SimpleNamespace(use_cases=SimpleNamespace(contacts=SimpleNamespace(redeem=redeem)))
    try:
        asyncio.run(on_button(update, context))  # type: ignore[arg-type]
    except UserFacingError as refused:
        return refused.key
    return seen[0]


@fuzz
@given(
    st.tuples(st.sampled_from(["v1:a:", "v1:t:"]), _glued)
    .map("".join)
    .filter(lambda data: len(data.encode()) <= MAX_BYTES)
)
def test_a_press_is_read_or_refused_cleanly(data: str) -> None:
    """What the handlers of `v1:a:` and `v1:t:` buttons get: a `Pressed` whose ids are
    numbers, or a refusal the user reads."""
    pressed = _press(data)
    if isinstance(pressed, str):
        assert pressed in {"button.expired", "button.not_yours"}
        return
    assert data.startswith("v1:a:") and isinstance(pressed.action, Action)
    for name in ID_NAMES:
        try:
            assert abs(pressed.id_arg(name)) <= MAX_ID
        except UserFacingError as refused:
            assert refused.key == "button.expired"
    assert _press(data, chat=USER + 1) == "button.not_yours"  # sent only to their own chat
