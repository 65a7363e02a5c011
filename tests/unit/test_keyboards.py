from __future__ import annotations

import pytest

from bot.services.actions import new_token
from handlers.keyboards import CallbackDataError, decode, encode, page_data, token_data


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
