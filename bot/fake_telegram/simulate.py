"""What people do on the Telegram side: write, press buttons, block, add the bot to groups.

Each action changes ``FakeState`` and queues the updates Telegram would send the bot. These are
synchronous and HTTP-free so a playground can call them as well as the test driver.
"""

from __future__ import annotations

from typing import Any

from bot.fake_telegram.incoming import GroupView, bot_sees_group_message, detect_entities
from bot.fake_telegram.members import set_bot_status
from bot.fake_telegram.models import Button, CallbackQueryRecord, FakeChat, FakeUser, StoredMessage
from bot.fake_telegram.state import FakeState


class SimulationError(RuntimeError):
    """The test asked for something a real user could not do."""


def user_message(
    state: FakeState,
    user: FakeUser,
    chat: FakeChat | None = None,
    text: str | None = None,
    reply_to: StoredMessage | None = None,
    extra: dict[str, Any] | None = None,
) -> StoredMessage:
    """A message by ``user`` in ``chat`` (their private chat with the bot by default)."""
    if chat is None:
        chat = state.private_chat(user)
        if chat.bot_status == "kicked" and (text or "").startswith("/start"):
            unblock(state, user)  # restarting a blocked bot unblocks it
    elif chat.is_group and user.id not in chat.members:
        raise SimulationError(f"{user.first_name} is not a member of {chat.title!r}")
    if chat.migrated_to is not None:
        raise SimulationError(f"{chat.title!r} was migrated to {chat.migrated_to}")
    if reply_to is not None and reply_to.chat.id != chat.id:
        raise SimulationError("can only reply to a message of the same chat")
    entities = detect_entities(text) if text else []
    message = state.store_message(
        chat, user, text=text, entities=entities, reply_to=reply_to, extra=dict(extra or {})
    )
    if _bot_gets(state, message):
        state.push_update("message", message.to_api())
    return message


def user_photo(
    state: FakeState,
    user: FakeUser,
    data: bytes,
    caption: str | None = None,
    chat: FakeChat | None = None,
    content_type: str = "image/jpeg",
) -> StoredMessage:
    """A photo by ``user``, with a caption or none, as Telegram delivers it: ``photo`` (its
    sizes) and ``caption`` with its entities, no ``text``."""
    extra: dict[str, Any] = {"photo": state.photos.add(data, content_type)}
    if caption:
        extra["caption"] = caption
        entities = detect_entities(caption)
        if entities:
            extra["caption_entities"] = entities
    return user_message(state, user, chat, extra=extra)


def _bot_gets(state: FakeState, message: StoredMessage) -> bool:
    chat = message.chat
    if chat.type == "private":
        return chat.bot_status != "kicked"  # a user who blocked the bot cannot write to it
    if chat.bot_status not in ("member", "administrator"):
        return False
    view = GroupView(
        state.bot.username or "", state.privacy_mode, chat.bot_status == "administrator"
    )
    replies_to_bot = message.reply_to is not None and message.reply_to.from_bot
    is_service = message.text is None and not {"contact", "photo"} & message.extra.keys()
    text = message.text if message.text is not None else message.extra.get("caption")
    entities = message.entities or message.extra.get("caption_entities", [])
    return bot_sees_group_message(text, entities, replies_to_bot, is_service, view)


def edit_user_message(state: FakeState, message: StoredMessage, text: str) -> StoredMessage:
    """The user edits their message: the bot gets an ``edited_message`` if it saw it."""
    message.text, message.entities = text, detect_entities(text)
    message.edit_date = message.date + 1
    state.notify()
    if _bot_gets(state, message):
        state.push_update("edited_message", message.to_api())
    return message


def press_button(
    state: FakeState, user: FakeUser, message: StoredMessage, button: Button
) -> CallbackQueryRecord:
    """Pressing an inline button with callback_data sends a callback_query.

    Anyone may press any message's button, even one sent to someone else: that is how a test
    forges a callback to prove the bot checks who owns the action (a crafted client can).
    """
    if message.deleted:
        raise SimulationError("the message was deleted")
    if button.callback_data is None:
        raise SimulationError(f"button {button.text!r} has no callback_data")
    query = CallbackQueryRecord(state.new_query_id(), user, message, button.callback_data)
    state.callback_queries[query.id] = query
    state.push_update(
        "callback_query",
        {
            "id": query.id,
            "from": user.to_api(),
            "message": message.to_api(),
            "chat_instance": str(abs(message.chat.id) * 7919 % 10**12),
            "data": button.callback_data,
        },
    )
    return query


def block(state: FakeState, user: FakeUser) -> None:
    set_bot_status(state, state.private_chat(user), user, "kicked")


def unblock(state: FakeState, user: FakeUser) -> None:
    set_bot_status(state, state.private_chat(user), user, "member")


def add_bot(state: FakeState, chat: FakeChat, by: FakeUser, admin: bool = False) -> None:
    """``by`` adds the bot: my_chat_member plus the new_chat_members service message."""
    if by.id not in chat.members:
        raise SimulationError(f"{by.first_name} is not a member of {chat.title!r}")
    set_bot_status(state, chat, by, "administrator" if admin else "member")
    user_message(state, by, chat, extra={"new_chat_members": [state.bot.to_api()]})


def remove_bot(state: FakeState, chat: FakeChat, by: FakeUser) -> None:
    set_bot_status(state, chat, by, "left")
    state.store_message(chat, by, extra={"left_chat_member": state.bot.to_api()})


def set_bot_admin(state: FakeState, chat: FakeChat, by: FakeUser, admin: bool) -> None:
    set_bot_status(state, chat, by, "administrator" if admin else "member")


def join_group(state: FakeState, chat: FakeChat, user: FakeUser) -> None:
    if user.id not in chat.members:
        chat.members.append(user.id)
        user_message(state, user, chat, extra={"new_chat_members": [user.to_api()]})


def migrate_to_supergroup(state: FakeState, chat: FakeChat, by: FakeUser) -> FakeChat:
    """Group -> supergroup: a new chat id, with the two migrate service messages."""
    if chat.type != "group":
        raise SimulationError("only basic groups can be migrated")
    new = state.add_group(chat.title or "", [], supergroup=True)
    new.members = list(chat.members)
    new.admins = set(chat.admins)
    new.bot_status = chat.bot_status
    user_message(state, by, chat, extra={"migrate_to_chat_id": new.id})
    chat.migrated_to = new.id
    user_message(state, by, new, extra={"migrate_from_chat_id": chat.id})
    return new
