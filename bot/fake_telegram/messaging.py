"""Bot API methods that create or change messages: sendMessage, edits, deleteMessage."""

from __future__ import annotations

from typing import Any

from bot.fake_telegram.errors import ApiError, bad_request, forbidden, too_many_requests
from bot.fake_telegram.html_entities import parse_message_text
from bot.fake_telegram.limits import FloodLimiter
from bot.fake_telegram.markup import validate_inline_only, validate_reply_markup
from bot.fake_telegram.models import FakeChat, StoredMessage
from bot.fake_telegram.state import FakeState

_NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)


def writable_chat(state: FakeState, chat_id: int | str) -> FakeChat:
    """The chat if the bot may write there, else Telegram's 400/403."""
    chat = state.find_chat(chat_id)
    if chat.type == "private":
        if chat.bot_status == "kicked":
            raise forbidden("bot was blocked by the user")
        return chat
    kind = "supergroup chat" if chat.type == "supergroup" else "group chat"
    if chat.bot_status == "kicked":
        raise forbidden(f"bot was kicked from the {kind}")
    if chat.bot_status not in ("member", "administrator"):
        raise forbidden(f"bot is not a member of the {kind}")
    return chat


def resolve_send_target(state: FakeState, chat_id: int | str) -> FakeChat:
    """Like ``writable_chat`` but a known user who never started the bot gets 403."""
    if isinstance(chat_id, int) and chat_id in state.users and chat_id not in state.chats:
        raise forbidden("bot can't initiate conversation with a user")
    return writable_chat(state, chat_id)


def _parsed(params: dict[str, Any]) -> tuple[str, list[dict[str, Any]], str | None]:
    try:
        parsed = parse_message_text(
            params["text"], params.get("parse_mode"), params.get("entities")
        )
    except ValueError as exc:
        raise bad_request(str(exc)) from exc
    html = params["text"] if (params.get("parse_mode") or "").lower() == "html" else None
    return parsed.text, parsed.entities, html


def reply_target(state: FakeState, chat: FakeChat, params: dict[str, Any]) -> StoredMessage | None:
    reply = params.get("reply_parameters")
    if not reply:
        return None
    target_chat = reply.get("chat_id", chat.id)
    if isinstance(target_chat, str):
        target_chat = state.find_chat(target_chat).id
    target = state.find_message(target_chat, reply["message_id"])
    if target is None and not reply.get("allow_sending_without_reply"):
        raise bad_request("message to be replied not found")
    return target


def send_message(
    state: FakeState, limiter: FloodLimiter, params: dict[str, Any]
) -> dict[str, Any]:
    chat = resolve_send_target(state, params["chat_id"])
    text, entities, html = _parsed(params)
    return deliver(
        state, limiter, "sendMessage", chat, params, text=text, entities=entities, html=html
    )


def deliver(
    state: FakeState,
    limiter: FloodLimiter,
    method: str,
    chat: FakeChat,
    params: dict[str, Any],
    **fields: Any,
) -> dict[str, Any]:
    """A new message of the bot's in `chat`, its content read (`fields`): its keyboard and
    the message it replies to checked, the flood limits applied, and stored."""
    markup = params.get("reply_markup")
    if markup is not None:
        validate_reply_markup(markup)
    reply_to = reply_target(state, chat, params)
    retry_after = limiter.check(method, chat.id, chat.type)
    if retry_after is not None:
        raise too_many_requests(retry_after)
    message = state.store_message(
        chat, state.bot, reply_markup=markup, reply_to=reply_to, **fields
    )
    return message.to_api()


def _editable(state: FakeState, params: dict[str, Any]) -> StoredMessage:
    if params.get("inline_message_id"):
        raise bad_request("inline messages are not supported by the fake")
    if params.get("chat_id") is None or params.get("message_id") is None:
        raise bad_request("message identifier is not specified")
    chat = state.find_chat(params["chat_id"])
    message = state.find_message(chat.id, params["message_id"])
    if message is None:
        raise bad_request("message to edit not found")
    if not message.from_bot:
        raise bad_request("message can't be edited")
    return message


def _new_markup(params: dict[str, Any]) -> dict[str, Any] | None:
    markup = params.get("reply_markup")
    return validate_inline_only(markup) if markup is not None else None


def edit_message_text(state: FakeState, params: dict[str, Any]) -> dict[str, Any]:
    message = _editable(state, params)
    if message.text is None:
        raise bad_request("there is no text in the message to edit")
    text, entities, html = _parsed(params)
    markup = _new_markup(params)
    # without reply_markup Telegram removes the inline keyboard
    if (text, entities, markup) == (message.text, message.entities, _inline(message)):
        raise bad_request(_NOT_MODIFIED)
    message.text, message.entities, message.html = text, entities, html
    _set_inline(message, markup)
    return _touch(state, message)


def edit_message_reply_markup(state: FakeState, params: dict[str, Any]) -> dict[str, Any]:
    message = _editable(state, params)
    markup = _new_markup(params)
    if markup == _inline(message):
        raise bad_request(_NOT_MODIFIED)
    _set_inline(message, markup)
    return _touch(state, message)


def _inline(message: StoredMessage) -> dict[str, Any] | None:
    markup = message.reply_markup
    return markup if markup is not None and "inline_keyboard" in markup else None


def _set_inline(message: StoredMessage, markup: dict[str, Any] | None) -> None:
    # a reply keyboard is not part of the message once shown: edits leave it alone
    if markup is not None or _inline(message) is not None:
        message.reply_markup = markup


def _touch(state: FakeState, message: StoredMessage) -> dict[str, Any]:
    message.edit_date = state.now()
    state.notify()
    return message.to_api()


def delete_message(state: FakeState, params: dict[str, Any]) -> bool:
    chat = state.find_chat(params["chat_id"])
    message = state.find_message(chat.id, params["message_id"])
    if message is None:
        raise bad_request("message to delete not found")
    if chat.is_group and not message.from_bot and chat.bot_status != "administrator":
        raise bad_request("message can't be deleted")
    message.deleted = True
    state.notify()
    return True


def check_text_length(value: str | None, limit: int, error: str) -> None:
    if value is not None and len(value) > limit:
        raise ApiError(400, f"Bad Request: {error}")
