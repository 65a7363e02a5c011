"""What Telegram adds to a user's message, and whether a group bot gets to see it.

Entities a client detects in plain text (``bot_command``, ``mention``, ``url``) are computed
here so handlers filtering on ``filters.COMMAND`` behave as with real Telegram. The privacy
rule follows https://core.telegram.org/bots/features#privacy-mode, simplified: with privacy
on, a non-admin bot sees in groups only commands (``/cmd``, ``/cmd@this_bot``), replies to
its own messages, messages mentioning it, and service messages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.fake_telegram.html_entities import utf16_len

_PATTERNS = (
    ("bot_command", re.compile(r"(?<![\w/@])/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?")),
    ("mention", re.compile(r"(?<![\w@/])@[A-Za-z0-9_]{4,32}")),
    ("url", re.compile(r"\bhttps?://[^\s<>\"]+")),
)


def detect_entities(text: str) -> list[dict[str, Any]]:
    """Entities Telegram would attach to a user's plain text, offsets in UTF-16 units."""
    found: list[dict[str, Any]] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            found.append(
                {
                    "type": kind,
                    "offset": utf16_len(text[: match.start()]),
                    "length": utf16_len(match.group()),
                }
            )
    found.sort(key=lambda e: e["offset"])
    return found


def entity_text(text: str, entity: dict[str, Any]) -> str:
    encoded = text.encode("utf-16-le")
    start, end = entity["offset"] * 2, (entity["offset"] + entity["length"]) * 2
    return encoded[start:end].decode("utf-16-le")


@dataclass(frozen=True)
class GroupView:
    """What decides whether the bot sees group messages."""

    bot_username: str
    privacy_mode: bool
    bot_is_admin: bool


def bot_sees_group_message(
    text: str | None,
    entities: list[dict[str, Any]],
    replies_to_bot: bool,
    is_service: bool,
    view: GroupView,
) -> bool:
    if not view.privacy_mode or view.bot_is_admin or is_service or replies_to_bot:
        return True
    if not text:
        return False
    me = "@" + view.bot_username.lower()
    for entity in entities:
        value = entity_text(text, entity).lower()
        if entity["type"] == "bot_command" and entity["offset"] == 0:
            _, at, target = value.partition("@")
            if not at or "@" + target == me:
                return True
        if entity["type"] == "mention" and value == me:
            return True
    return False
