"""What the page shows, read from the fake's state: people, groups, a chat as one person
sees it, the commands menu and the bot's description for that person's language."""

from __future__ import annotations

import json
from typing import Any

from bot.fake_telegram.models import FakeChat, FakeUser, StoredMessage
from bot.fake_telegram.state import FakeState
from bot.playground.clock import MovableClock
from bot.playground.world import World


def _blocked(state: FakeState, user: FakeUser) -> bool:
    chat = state.chats.get(user.id)  # looking must not start a chat with the bot
    return chat is not None and chat.bot_status == "kicked"


def world_view(state: FakeState, world: World, clock: MovableClock) -> dict[str, Any]:
    people = [
        {
            "id": user.id,
            "name": " ".join(p for p in (user.first_name, user.last_name) if p),
            "language_code": user.language_code,
            "blocked": _blocked(state, user),
            "about": world.about.get(user.id, ""),
            "phone": world.phones.get(user.id, ""),
        }
        for user in state.users.values()
    ]
    groups = [
        {
            "id": chat.id,
            "title": chat.title,
            "members": list(chat.members),
            "bot_status": chat.bot_status,
        }
        for chat in state.chats.values()
        if chat.is_group and chat.migrated_to is None
    ]
    return {
        "version": state.version,
        "bot": state.bot.to_api(),
        "privacy_mode": state.privacy_mode,
        "clock": {
            "offset_seconds": int(clock.offset.total_seconds()),
            "now": clock.now().isoformat(timespec="seconds"),
        },
        "people": people,
        "groups": groups,
    }


def chat_view(state: FakeState, viewer: FakeUser, chat: FakeChat) -> dict[str, Any]:
    language = (viewer.language_code or "")[:2].lower()
    return {
        "chat": {"id": chat.id, "type": chat.type, "title": chat.title},
        "messages": [
            message_view(state, m) for m in state.messages.get(chat.id, []) if not m.deleted
        ],
        "commands": menu_commands(state, chat, language),
        "description": _bot_text(state, "description", language),
        "short_description": _bot_text(state, "short_description", language),
    }


def message_view(state: FakeState, message: StoredMessage) -> dict[str, Any]:
    data = message.to_api(with_reply=False)
    data.pop("chat", None)
    service = _service_line(state, message)
    if service:
        data["service"] = service
    return data


def menu_commands(state: FakeState, chat: FakeChat, language: str) -> list[dict[str, Any]]:
    """The list Telegram shows behind the menu button: the most specific scope that has
    commands, in the viewer's language before the default one."""
    scopes: list[dict[str, Any]] = [{"type": "chat", "chat_id": chat.id}]
    scopes.append({"type": "all_group_chats" if chat.is_group else "all_private_chats"})
    scopes.append({"type": "default"})
    for scope in scopes:
        key = json.dumps(scope, sort_keys=True)
        for lang in (language, ""):
            commands = state.commands.get((key, lang))
            if commands:
                return commands
    return []


def _bot_text(state: FakeState, kind: str, language: str) -> str:
    return state.bot_texts.get((kind, language)) or state.bot_texts.get((kind, ""), "")


def _service_line(state: FakeState, message: StoredMessage) -> str:
    who = message.sender.first_name
    joined = message.extra.get("new_chat_members")
    if joined:
        names = ", ".join(member.get("first_name", "") for member in joined)
        return f"{who} joined" if names == who else f"{who} added {names}"
    left = message.extra.get("left_chat_member")
    if left:
        return f"{who} removed {left.get('first_name', '')}"
    if "migrate_to_chat_id" in message.extra or "migrate_from_chat_id" in message.extra:
        return "The group was upgraded to a supergroup"
    return ""
