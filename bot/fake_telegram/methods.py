"""Bot API dispatcher: spec validation, then the fake's implementation of each method.

Methods with real state are listed in ``BotApi._handlers``. Any other method that the spec
knows is validated against the spec and then, if it returns only ``True`` in the real API
(setChatMenuButton, setMyName, ...), answered ``true`` without effect; every other one gets
400 "Bad Request: method not supported by the fake" so a test notices.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from bot.fake_telegram import messaging, photos
from bot.fake_telegram.errors import ApiError, bad_request, not_found, unauthorized
from bot.fake_telegram.limits import FloodLimiter
from bot.fake_telegram.members import (
    chat_administrators,
    chat_member,
    full_chat,
    leave_chat,
)
from bot.fake_telegram.models import FakeChat, RequestRecord
from bot.fake_telegram.spec import BotApiSpec, UploadedFile
from bot.fake_telegram.state import FakeState

Handler = Callable[[dict[str, Any]], Any | Awaitable[Any]]
CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)
_WEBHOOK_PORTS = {80, 88, 443, 8443}


class BotApi:
    """Answers Bot API calls against a ``FakeState``; knows nothing about HTTP."""

    def __init__(self, state: FakeState, spec: BotApiSpec, limiter: FloodLimiter) -> None:
        self.state, self.spec, self.limiter = state, spec, limiter
        self._handlers: dict[str, Handler] = {
            "getMe": self.get_me,
            "getUpdates": self.get_updates,
            "setWebhook": self.set_webhook,
            "deleteWebhook": self.delete_webhook,
            "getWebhookInfo": self.get_webhook_info,
            "sendMessage": lambda p: messaging.send_message(state, limiter, p),
            "sendPhoto": lambda p: photos.send_photo(state, limiter, state.photos, p),
            "editMessageText": lambda p: messaging.edit_message_text(state, p),
            "editMessageReplyMarkup": lambda p: messaging.edit_message_reply_markup(state, p),
            "deleteMessage": lambda p: messaging.delete_message(state, p),
            "answerCallbackQuery": self.answer_callback_query,
            "setMyCommands": self.set_my_commands,
            "getMyCommands": lambda p: self.state.commands.get(self.scope_key(p), []),
            "deleteMyCommands": self.delete_my_commands,
            "sendChatAction": self.send_chat_action,
            "getChat": lambda p: full_chat(state.find_chat(p["chat_id"])),
            "getChatMember": lambda p: chat_member(state, p["chat_id"], p["user_id"]),
            "getChatAdministrators": lambda p: chat_administrators(state, p["chat_id"]),
            "getChatMemberCount": lambda p: _member_count(state.find_chat(p["chat_id"])),
            "leaveChat": lambda p: leave_chat(state, p["chat_id"]),
            "setMyDescription": lambda p: self._set_text(p, "description", 512),
            "getMyDescription": lambda p: {"description": self._get_text(p, "description")},
            "setMyShortDescription": lambda p: self._set_text(p, "short_description", 120),
            "getMyShortDescription": lambda p: {
                "short_description": self._get_text(p, "short_description")
            },
            "setMyName": lambda p: self._set_text(p, "name", 64),
            "getMyName": lambda p: {
                "name": self._get_text(p, "name") or self.state.bot.first_name
            },
            "close": lambda p: True,
            "logOut": self.log_out,
        }

    async def handle(
        self, token: str, method: str, raw: dict[str, Any], from_json: bool
    ) -> RequestRecord:
        """Answer one call and record it; the record holds the HTTP status and JSON body."""
        name = self.spec.canonical_name(method) or method
        try:
            result = await self._call(token, name, raw, from_json)
            status, body = 200, {"ok": True, "result": result}
        except ApiError as exc:
            status, body = exc.code, exc.to_json()
        except asyncio.CancelledError:
            entry = self.state.record(name, loggable(raw), 499, {"ok": False})
            entry.cancelled = True
            raise
        return self.state.record(name, loggable(raw), status, body)

    async def _call(self, token: str, name: str, raw: dict[str, Any], from_json: bool) -> Any:
        if token != self.state.token or self.state.logged_out:
            raise unauthorized()
        if name not in self.spec.methods:
            raise not_found()
        params = self.spec.validate(name, raw, from_json)
        handler = self._handlers.get(name)
        if handler is None:
            if self.spec.returns(name) == ["Boolean"]:
                return True
            raise bad_request("method not supported by the fake")
        result = handler(params)
        if isinstance(result, Awaitable):
            result = await result
        return result

    def get_me(self, _params: dict[str, Any]) -> dict[str, Any]:
        return {
            **self.state.bot.to_api(),
            "can_join_groups": True,
            "can_read_all_group_messages": not self.state.privacy_mode,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    async def get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        return await self.state.get_updates(
            params.get("offset"),
            params.get("limit", 100),
            params.get("timeout", 0),
            params.get("allowed_updates"),
        )

    def set_webhook(self, params: dict[str, Any]) -> bool:
        url = params["url"]
        if not url:
            self.state.webhook = None
            return True
        if not url.startswith("https://"):
            raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
        host = url[len("https://") :].split("/", 1)[0]
        port = int(host.rsplit(":", 1)[1]) if ":" in host else 443
        if port not in _WEBHOOK_PORTS:
            raise bad_request(
                "bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
            )
        if params.get("drop_pending_updates"):
            self.state.updates.clear()
        if "allowed_updates" in params:
            self.state.set_allowed_updates(params["allowed_updates"])
        self.state.webhook = {
            "url": url,
            "max_connections": params.get("max_connections", 40),
            "has_secret_token": bool(params.get("secret_token")),
        }
        self.state.notify()
        return True

    def delete_webhook(self, params: dict[str, Any]) -> bool:
        self.state.webhook = None
        if params.get("drop_pending_updates"):
            self.state.updates.clear()
        return True

    def get_webhook_info(self, _params: dict[str, Any]) -> dict[str, Any]:
        hook = self.state.webhook or {}
        info: dict[str, Any] = {
            "url": hook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self.state.updates),
        }
        if hook:
            info["max_connections"] = hook["max_connections"]
            if self.state.allowed_updates is not None:
                info["allowed_updates"] = self.state.allowed_updates
        return info

    def answer_callback_query(self, params: dict[str, Any]) -> bool:
        query = self.state.callback_queries.get(params["callback_query_id"])
        if query is None or query.answer is not None:
            raise bad_request(
                "query is too old and response timeout expired or query ID is invalid"
            )
        messaging.check_text_length(params.get("text"), 200, "MESSAGE_TOO_LONG")
        query.answer = {
            k: params[k] for k in ("text", "show_alert", "url", "cache_time") if k in params
        }
        self.state.notify()
        return True

    def scope_key(self, params: dict[str, Any]) -> tuple[str, str]:
        scope = params.get("scope") or {"type": "default"}
        if "chat_id" in scope:
            scope = {**scope, "chat_id": self.state.find_chat(scope["chat_id"]).id}
        language = params.get("language_code", "")
        if language and not (len(language) == 2 and language.isalpha()):
            raise bad_request("invalid language code specified")  # ISO 639-1 only
        return json.dumps(scope, sort_keys=True), language

    def set_my_commands(self, params: dict[str, Any]) -> bool:
        commands = params["commands"]
        if len(commands) > 100:
            raise bad_request("too many commands")
        for command in commands:
            name = command["command"]
            if not (
                1 <= len(name) <= 32
                and name == name.lower()
                and all(c.isascii() and (c.isalnum() or c == "_") for c in name)
            ):
                raise bad_request("BOT_COMMAND_INVALID")
            if not 1 <= len(command["description"]) <= 256:
                raise bad_request("command description is empty or too long")
        key = self.scope_key(params)
        if commands:
            self.state.commands[key] = commands
        else:
            self.state.commands.pop(key, None)
        self.state.notify()
        return True

    def delete_my_commands(self, params: dict[str, Any]) -> bool:
        self.state.commands.pop(self.scope_key(params), None)
        self.state.notify()
        return True

    def send_chat_action(self, params: dict[str, Any]) -> bool:
        chat = messaging.resolve_send_target(self.state, params["chat_id"])
        if params["action"] not in CHAT_ACTIONS:
            raise bad_request("wrong parameter action in request")
        self.state.chat_actions.append((chat.id, params["action"]))
        return True

    def _set_text(self, params: dict[str, Any], kind: str, limit: int) -> bool:
        text = params.get(kind, "")
        messaging.check_text_length(text, limit, f"bot {kind} is too long")
        key = (kind, self.scope_key({"language_code": params.get("language_code", "")})[1])
        if text:
            self.state.bot_texts[key] = text
        else:
            self.state.bot_texts.pop(key, None)
        self.state.notify()
        return True

    def _get_text(self, params: dict[str, Any], kind: str) -> str:
        return self.state.bot_texts.get((kind, params.get("language_code", "")), "")

    def log_out(self, _params: dict[str, Any]) -> bool:
        self.state.logged_out = True  # later calls answer 401, as after a real logOut
        return True


def loggable(raw: dict[str, Any]) -> dict[str, Any]:
    """Request parameters as JSON-safe values (files shown by name and size)."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, UploadedFile):
            out[key] = f"<file {value.filename} {len(value.data)} bytes>"
        else:
            out[key] = value
    return out


def _member_count(chat: FakeChat) -> int:
    """The group's members, the bot among them while it is in (as Telegram counts)."""
    return len(chat.members) + (chat.bot_status in ("member", "administrator"))
