"""The playground's web server: the page, and a small JSON API through which the page acts
as the people on the Telegram side of the fake (write, press, share a phone, block the bot,
add it to groups) and moves the bot's clock. Changes stream to the page as server-sent events.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable
from datetime import timedelta
from importlib import resources

from aiohttp import web

from bot.fake_telegram import FakeTelegram, GroupHandle, simulate
from bot.fake_telegram.models import FakeChat, FakeUser
from bot.fake_telegram.simulate import block, press_button, unblock, user_message
from bot.playground import photos, views
from bot.playground.clock import MovableClock
from bot.playground.replies import PlaygroundError, errors_as_json, json_reply, read_body
from bot.playground.world import World

ANSWER_WAIT = 3.0  # seconds to wait for the bot's answer to a pressed button
EVENT_PING = 15.0  # seconds between keep-alive comments on the event stream
LANGUAGES = ("zh-hans", "zh-hant", "en")
STATIC = resources.files("bot.playground") / "static"
CONTENT_TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript"}


class Playground:
    def __init__(
        self,
        fake: FakeTelegram,
        world: World,
        clock: MovableClock,
        note: Callable[[int], str | None] = lambda _chat_id: None,
    ) -> None:
        self.fake, self.state, self.world, self.clock = fake, fake.state, world, clock
        self.note = note  # a line about the chat only the page shows (quiet.QuietNotes)
        self.closing = False
        self.app = web.Application(
            middlewares=[errors_as_json], client_max_size=photos.MAX_PHOTO + 65536
        )
        routes = [
            web.get("/", self.index),
            web.get("/static/{name}", self.static),
            web.get("/api/world", self.get_world),
            web.get("/api/chat", self.get_chat),
            web.get("/api/events", self.events),
            web.post("/api/send", self.send),
            web.post("/api/press", self.press),
            web.post("/api/share-phone", self.share_phone),
            web.post("/api/people", self.add_person),
            web.patch("/api/people/{id}", self.rename_person),
            web.post("/api/people/{id}/block", self.block_bot),
            web.post("/api/groups", self.add_group),
            web.post("/api/groups/{id}/bot", self.group_bot),
            web.post("/api/privacy", self.privacy),
            web.post("/api/clock", self.move_clock),
            *photos.routes(self),
        ]
        self.app.add_routes(routes)

    def close(self) -> None:
        """End every open event stream now: a server stopping waits for its handlers."""
        self.closing = True
        self.state.notify()

    # -- the page -------------------------------------------------------------------------
    async def index(self, _request: web.Request) -> web.Response:
        return await self._file("index.html")

    async def static(self, request: web.Request) -> web.Response:
        return await self._file(request.match_info["name"])

    async def _file(self, name: str) -> web.Response:
        suffix = name[name.rfind(".") :]
        source = STATIC / name
        if "/" in name or suffix not in CONTENT_TYPES or not source.is_file():
            raise web.HTTPNotFound()
        return web.Response(
            body=source.read_bytes(),
            content_type=CONTENT_TYPES[suffix],
            charset="utf-8",
            headers={"Cache-Control": "no-cache"},
        )

    # -- reading --------------------------------------------------------------------------
    async def get_world(self, _request: web.Request) -> web.Response:
        return json_reply(views.world_view(self.state, self.world, self.clock))

    async def get_chat(self, request: web.Request) -> web.Response:
        viewer = self._person(request.query.get("viewer"))
        chat = self._chat(viewer, request.query.get("chat", "bot"))
        data = views.chat_view(self.state, viewer, chat)
        note = self.note(chat.id) if chat.type == "private" else None
        return json_reply({**data, "note": note} if note else data)

    async def events(self, request: web.Request) -> web.StreamResponse:
        """`event: change` whenever the fake's world changes (at most every 50 ms)."""
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        await response.prepare(request)
        seen = -1
        with contextlib.suppress(ConnectionResetError, asyncio.CancelledError):
            while not (self.closing or self.state.closing):
                current = self.state.version
                if current != seen:
                    seen = current
                    await response.write(
                        f'event: change\ndata: {{"version": {seen}}}\n\n'.encode()
                    )
                    await asyncio.sleep(0.05)
                elif not await self.state.wait_for(
                    functools.partial(self._changed, seen), EVENT_PING
                ):
                    await response.write(b": ping\n\n")
        return response

    def _changed(self, since: int) -> bool:
        return self.state.version != since

    # -- acting as a person ---------------------------------------------------------------
    async def send(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        viewer = self._person(body.get("viewer"))
        chat = self._chat(viewer, body.get("chat", "bot"))
        text = str(body.get("text") or "").strip()
        if not text:
            raise PlaygroundError("Type a message first.")
        if len(text) > 4096:
            raise PlaygroundError("Telegram messages are at most 4096 characters.")
        message = user_message(self.state, viewer, None if chat.type == "private" else chat, text)
        return json_reply({"message_id": message.message_id})

    async def press(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        viewer = self._person(body.get("viewer"))
        chat = self._chat(viewer, body.get("chat", "bot"))
        message = self.state.find_message(chat.id, int(body.get("message_id") or 0))
        data = body.get("data")
        button = next(
            (
                b
                for row in (message.buttons if message else [])
                for b in row
                if b.callback_data == data
            ),
            None,
        )
        if message is None or button is None:
            raise PlaygroundError("That button is no longer there.")
        query = press_button(self.state, viewer, message, button)
        await self.state.wait_for(lambda: query.answer is not None, ANSWER_WAIT)
        return json_reply({"answer": query.answer})

    async def share_phone(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        viewer = self._person(body.get("viewer"))
        phone = str(body.get("phone") or self.world.phones.get(viewer.id, "")).strip()
        if not phone:
            raise PlaygroundError("Which number?")
        contact = {"phone_number": phone, "first_name": viewer.first_name, "user_id": viewer.id}
        message = user_message(self.state, viewer, extra={"contact": contact})
        self.world.phones[viewer.id] = phone
        return json_reply({"message_id": message.message_id})

    # -- the world ------------------------------------------------------------------------
    async def add_person(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        name = str(body.get("name") or "").strip()[:64]
        language = body.get("language_code")
        if not name or language not in LANGUAGES:
            raise PlaygroundError("A person needs a name and a language.")
        user = self.state.add_user(name, language_code=language)
        self.world.about[user.id] = str(body.get("about") or "")[:80]
        self.state.notify()
        return json_reply({"id": user.id, "name": user.first_name, "language_code": language})

    async def rename_person(self, request: web.Request) -> web.Response:
        user = self._person(request.match_info["id"])
        name = str((await read_body(request)).get("name") or "").strip()[:64]
        if not name:
            raise PlaygroundError("A person needs a name.")
        user.first_name, user.last_name = name, None
        self.state.notify()
        return json_reply({"id": user.id, "name": name})

    async def block_bot(self, request: web.Request) -> web.Response:
        user = self._person(request.match_info["id"])
        blocked = bool((await read_body(request)).get("blocked"))
        (block if blocked else unblock)(self.state, user)
        return json_reply({"id": user.id, "blocked": blocked})

    async def add_group(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        title = str(body.get("title") or "").strip()[:128]
        members = [self._person(m) for m in body.get("members") or []]
        if not title or not members:
            raise PlaygroundError("A group needs a title and members.")
        handle = GroupHandle(self.state, self.state.add_group(title, members))
        self.world.groups[handle.chat.id] = handle
        self.state.notify()
        return json_reply({"id": handle.chat.id, "title": title})

    async def group_bot(self, request: web.Request) -> web.Response:
        group = self.world.groups.get(int(request.match_info["id"]))
        body = await read_body(request)
        by = self._person(body.get("by"))
        action = body.get("action")
        if group is None:
            raise PlaygroundError("No such group.")
        if action == "add":
            simulate.add_bot(self.state, group.chat, by, admin=False)
        elif action == "remove":
            simulate.remove_bot(self.state, group.chat, by)
        elif action in ("admin", "member"):
            simulate.set_bot_admin(self.state, group.chat, by, action == "admin")
        else:
            raise PlaygroundError("Unknown action.")
        return json_reply({"id": group.chat.id, "bot_status": group.chat.bot_status})

    async def privacy(self, request: web.Request) -> web.Response:
        self.state.privacy_mode = bool((await read_body(request)).get("enabled"))
        self.state.notify()
        return json_reply({"privacy_mode": self.state.privacy_mode})

    async def move_clock(self, request: web.Request) -> web.Response:
        seconds = int((await read_body(request)).get("seconds") or 0)
        if not 0 < seconds <= 366 * 86400:
            raise PlaygroundError("Move the clock forward by up to a year.")
        self.clock.advance(timedelta(seconds=seconds))
        self.state.notify()
        return json_reply({"offset_seconds": int(self.clock.offset.total_seconds())})

    # -- lookups --------------------------------------------------------------------------
    def _person(self, raw: object) -> FakeUser:
        try:
            user = self.state.users.get(int(str(raw)))
        except ValueError:
            user = None
        if user is None:
            raise PlaygroundError("No such person.")
        return user

    def _chat(self, viewer: FakeUser, raw: object) -> FakeChat:
        if raw in (None, "", "bot"):
            # Reading an empty chat must not start it (as pressing Start would): a stand-in.
            existing = self.state.chats.get(viewer.id)
            return existing or FakeChat(viewer.id, "private", user=viewer, bot_status="member")
        try:
            chat = self.state.chats.get(int(str(raw)))
        except ValueError:
            chat = None
        if chat is None or not chat.is_group or viewer.id not in chat.members:
            raise PlaygroundError("That person is not in this chat.")
        return chat
