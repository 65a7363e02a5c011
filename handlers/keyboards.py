"""The one callback-data codec: `v1:<kind>:<args...>`, always <= 64 bytes.

Kinds:
- `a:<action>:<name>=<value>...`  an action whose right to press follows from the data
  itself, checked when pressed: a post's buttons (`post=<id>`; the post rules,
  `Post.allowed_actions`, say who may do what) and the presser's own settings. Nothing is
  stored for them, so drawing a list of posts writes nothing.
- `t:<token>`  any other button that changes data; the token is a server-side ActionToken
  bound to the user allowed to press it (checked for ownership and expiry when pressed).
- `p:<view>:<page>`  paging through a read-only list (no data changes, no token).
- `f:<step>`  a step of a conversation (Skip).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.domain.models import Action

VERSION = "v1"
MAX_BYTES = 64
MAX_ID = 2**63 - 1  # a BIGINT column; a larger number names nothing
MAX_PAGE = 100_000


class CallbackDataError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class CallbackData:
    kind: str
    args: tuple[str, ...]


def encode(kind: str, *args: str | int) -> str:
    parts = [VERSION, kind, *(str(a) for a in args)]
    if any(":" in p for p in parts[1:]):
        raise CallbackDataError("callback data parts must not contain ':'")
    data = ":".join(parts)
    if len(data.encode()) > MAX_BYTES:
        raise CallbackDataError(f"callback data longer than {MAX_BYTES} bytes: {data!r}")
    return data


def decode(data: str) -> CallbackData:
    parts = data.split(":")
    if len(parts) < 2 or parts[0] != VERSION:
        raise CallbackDataError(f"unknown callback data: {data!r}")
    return CallbackData(kind=parts[1], args=tuple(parts[2:]))


def number(text: str, maximum: int = MAX_ID) -> int | None:
    """An id or a page as this codec writes it ("42", "-100123": ASCII digits, an optional
    minus), within +-`maximum`; None for anything else ("٣", "²", "1e3", " 7", "")."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(maximum)):
        return None
    value = int(text)
    return value if abs(value) <= maximum else None


def page_of(data: str) -> int | None:
    """The page a paging button (`v1:p:<view>:<page>`) turns to; None if it names none."""
    try:
        parsed = decode(data)
    except CallbackDataError:
        return None
    if parsed.kind != "p" or len(parsed.args) != 2:
        return None
    page = number(parsed.args[1], MAX_PAGE)
    return page if page is not None and page >= 0 else None


def action_data(action: Action, **args: str | int) -> str:
    return encode("a", action.value, *(f"{name}={value}" for name, value in args.items()))


def post_action_data(action: Action, post_id: int | None, **args: str) -> str:
    assert post_id is not None, "only a saved post has buttons"
    return action_data(action, post=post_id, **args)


def token_data(token: str) -> str:
    return encode("t", token)


def tokens_as_data(rows: list[list[tuple[str, str]]]) -> list[list[tuple[str, str]]]:
    """(label, token) rows from a use case -> (label, callback data) rows for `markup`."""
    return [[(label, token_data(token)) for label, token in row] for row in rows]


def page_data(view: str, page: int) -> str:
    return encode("p", view, page)


TOKEN_PATTERN = rf"^{VERSION}:t:"
ACTION_PATTERN = rf"^{VERSION}:a:"


def page_pattern(view: str) -> str:
    return rf"^{VERSION}:p:{view}:"


def inline_keyboard(rows: list[list[tuple[str, str]]]) -> dict[str, Any] | None:
    """Rows of (label, callback data) -> the reply_markup field as Telegram reads it, for
    `DurableBot.send_text` (None when there are no rows)."""
    if not rows:
        return None
    return {
        "inline_keyboard": [
            [{"text": label, "callback_data": data} for label, data in row] for row in rows
        ]
    }


def markup(rows: list[list[tuple[str, str]]]) -> InlineKeyboardMarkup | None:
    """Rows of (label, callback data) -> an inline keyboard (None when there are no rows)."""
    if not rows:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data) for label, data in row] for row in rows]
    )
