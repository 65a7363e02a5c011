"""reply_markup checks beyond the JSON shape (already checked against the spec).

Inline buttons need a text and exactly one action field; ``callback_data`` is 1-64 *bytes*
of UTF-8. Descriptions are Telegram's where known (``BUTTON_DATA_INVALID``, ...).
"""

from __future__ import annotations

from typing import Any

from bot.fake_telegram.errors import bad_request

INLINE_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)
MAX_CALLBACK_DATA_BYTES = 64
MAX_BUTTONS = 100
_URL_PREFIXES = ("http://", "https://", "tg://")


def validate_reply_markup(markup: dict[str, Any]) -> dict[str, Any]:
    """Return the markup if Telegram would accept it, else raise a 400 ``ApiError``."""
    if "inline_keyboard" in markup:
        _check_inline(markup["inline_keyboard"])
    elif "keyboard" in markup:
        _check_reply_keyboard(markup["keyboard"])
    elif "remove_keyboard" in markup:
        if markup["remove_keyboard"] is not True:
            raise bad_request("can't parse reply keyboard markup JSON object")
    elif "force_reply" in markup:
        if markup["force_reply"] is not True:
            raise bad_request("can't parse reply keyboard markup JSON object")
    else:
        raise bad_request("can't parse reply keyboard markup JSON object")
    return markup


def validate_inline_only(markup: dict[str, Any]) -> dict[str, Any]:
    """Edits accept inline keyboards only."""
    if "inline_keyboard" not in markup:
        raise bad_request("inline keyboard expected")
    _check_inline(markup["inline_keyboard"])
    return markup


def _check_inline(rows: list[list[dict[str, Any]]]) -> None:
    if sum(len(row) for row in rows) > MAX_BUTTONS:
        raise bad_request("reply markup is too long")
    for row in rows:
        for button in row:
            _check_inline_button(button)


def _check_inline_button(button: dict[str, Any]) -> None:
    if not button.get("text", "").strip():
        raise bad_request("BUTTON_TEXT_INVALID")
    actions = [name for name in INLINE_ACTIONS if name in button]
    if not actions:
        raise bad_request("text buttons are unallowed in the inline keyboard")
    if len(actions) > 1:
        raise bad_request(
            "can't parse inline keyboard button: exactly one of the optional fields must be "
            f"used, got {', '.join(actions)}"
        )
    if "callback_data" in button:
        size = len(button["callback_data"].encode("utf-8"))
        if not 1 <= size <= MAX_CALLBACK_DATA_BYTES:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in button and not button["url"].startswith(_URL_PREFIXES):
        raise bad_request(
            f"inline keyboard button URL '{button['url']}' is invalid: Wrong HTTP URL"
        )


def _check_reply_keyboard(rows: list[list[Any]]) -> None:
    if not rows or not any(rows):
        raise bad_request("keyboard must be non-empty")
    for row in rows:
        for button in row:
            text = button if isinstance(button, str) else button.get("text", "")
            if not text.strip():
                raise bad_request("BUTTON_TEXT_INVALID")
