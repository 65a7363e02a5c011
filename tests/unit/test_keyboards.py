from __future__ import annotations

import pytest

from bot.domain.models import Action
from bot.services.delivery.action_tokens import new_token
from handlers.keyboards import (
    CallbackDataError,
    action_data,
    decode,
    encode,
    page_data,
    post_action_data,
    token_data,
)


def test_round_trip() -> None:
    data = page_data("my", 3)
    assert decode(data).kind == "p"
    assert decode(data).args == ("my", "3")


def test_token_buttons_fit_in_64_bytes() -> None:
    assert len(token_data(new_token()).encode()) <= 64


@pytest.mark.parametrize("arg", ["x" * 70, "保温杯" * 20])
def test_too_long_is_refused(arg: str) -> None:
    with pytest.raises(CallbackDataError):
        encode("p", arg)


@pytest.mark.parametrize("data", ["", "v0:t:abc", "hello"])
def test_unknown_versions_are_refused(data: str) -> None:
    with pytest.raises(CallbackDataError):
        decode(data)


LARGEST_POST_ID = 2**63 - 1  # a BIGINT primary key


@pytest.mark.parametrize("action", list(Action))
def test_every_action_button_fits_in_64_bytes(action: Action) -> None:
    data = post_action_data(action, LARGEST_POST_ID, field="keywords")
    assert len(data.encode()) <= 64
    assert decode(data).args == (action.value, f"post={LARGEST_POST_ID}", "field=keywords")


def test_action_buttons_carry_named_arguments() -> None:
    assert action_data(Action.SET_LANGUAGE, lang="zh-Hant") == "v1:a:language.set:lang=zh-Hant"
