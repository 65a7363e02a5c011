"""Chat and membership answers: getChat, getChatMember, leaveChat, my_chat_member updates."""

from __future__ import annotations

from typing import Any

from bot.fake_telegram.errors import bad_request, forbidden
from bot.fake_telegram.models import FakeChat, FakeUser
from bot.fake_telegram.state import FakeState

_ADMIN_RIGHTS = (
    "can_manage_chat",
    "can_delete_messages",
    "can_manage_video_chats",
    "can_restrict_members",
    "can_change_info",
    "can_invite_users",
    "can_post_stories",
    "can_edit_stories",
    "can_delete_stories",
    "can_pin_messages",
)


def full_chat(chat: FakeChat) -> dict[str, Any]:
    """ChatFullInfo with the fields the spec (and PTB) require."""
    return {
        **chat.to_api(),
        "accent_color_id": 0,
        "max_reaction_count": 11,
        "accepted_gift_types": {
            "unlimited_gifts": False,
            "limited_gifts": False,
            "unique_gifts": False,
            "premium_subscription": False,
            "gifts_from_channels": False,
        },
    }


def member_json(user: FakeUser, status: str) -> dict[str, Any]:
    data: dict[str, Any] = {"status": status, "user": user.to_api()}
    if status == "administrator":
        data.update({"can_be_edited": False, "is_anonymous": False, "can_promote_members": False})
        data.update(dict.fromkeys(_ADMIN_RIGHTS, True))
    elif status == "creator":
        data["is_anonymous"] = False
    elif status == "kicked":
        data["until_date"] = 0
    return data


def status_of(state: FakeState, chat: FakeChat, user: FakeUser) -> str:
    if user.id == state.bot.id:
        return chat.bot_status
    if chat.type == "private":
        return "member" if chat.id == user.id else "left"
    if user.id not in chat.members:
        return "left"
    if chat.members[0] == user.id:
        return "creator"
    return "administrator" if user.id in chat.admins else "member"


def chat_administrators(state: FakeState, chat_id: int | str) -> list[dict[str, Any]]:
    """The creator and the admins of a group (the bot too when it is one)."""
    chat = state.find_chat(chat_id)
    if not chat.is_group:
        raise bad_request("there are no administrators in the private chat")
    found = []
    for user_id in chat.members:
        user = state.users[user_id]
        status = status_of(state, chat, user)
        if status in ("creator", "administrator"):
            found.append(member_json(user, status))
    if chat.bot_status == "administrator":
        found.append(member_json(state.bot, "administrator"))
    return found


def chat_member(state: FakeState, chat_id: int | str, user_id: int) -> dict[str, Any]:
    chat = state.find_chat(chat_id)
    user = state.find_user(user_id)
    if user is None:
        raise bad_request("user not found")
    return member_json(user, status_of(state, chat, user))


def my_chat_member_update(
    state: FakeState, chat: FakeChat, actor: FakeUser, old: str, new: str
) -> None:
    state.push_update(
        "my_chat_member",
        {
            "chat": chat.to_api(),
            "from": actor.to_api(),
            "date": state.now(),
            "old_chat_member": member_json(state.bot, old),
            "new_chat_member": member_json(state.bot, new),
        },
    )


def set_bot_status(state: FakeState, chat: FakeChat, actor: FakeUser, new: str) -> None:
    """Change the bot's status in a chat and tell the bot, as Telegram does."""
    old, chat.bot_status = chat.bot_status, new
    if old != new:
        my_chat_member_update(state, chat, actor, old, new)


def leave_chat(state: FakeState, chat_id: int | str) -> bool:
    chat = state.find_chat(chat_id)
    if chat.type == "private":
        raise bad_request("chat member status can't be changed in private chats")
    if chat.bot_status not in ("member", "administrator"):
        kind = "supergroup chat" if chat.type == "supergroup" else "group chat"
        raise forbidden(f"bot is not a member of the {kind}")
    set_bot_status(state, chat, state.bot, "left")
    return True
