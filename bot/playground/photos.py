"""Photos in the playground: a person sends one (a file the page picked, with the composer's
words as its caption), and the page shows the photos of a chat, read from the fake's store
by file_id, as a Telegram client downloads them."""

from __future__ import annotations

from typing import Protocol

from aiohttp import web

from bot.fake_telegram.models import FakeChat, FakeUser
from bot.fake_telegram.simulate import user_photo
from bot.fake_telegram.state import FakeState
from bot.playground.replies import PlaygroundError, json_reply

PHOTO_TYPES = ("image/jpeg", "image/png", "image/webp", "image/gif")
MAX_PHOTO = 10 * 1024 * 1024  # what Telegram takes as a photo
MAX_CAPTION = 1024


class Playground(Protocol):
    """What of the playground's server the photos use: the fake, and its lookups."""

    state: FakeState

    def _person(self, raw: object) -> FakeUser: ...

    def _chat(self, viewer: FakeUser, raw: object) -> FakeChat: ...


def routes(playground: Playground) -> list[web.RouteDef]:
    async def send(request: web.Request) -> web.Response:
        return await send_photo(playground, request)

    async def download(request: web.Request) -> web.Response:
        return photo_file(playground, request.match_info["file_id"])

    return [web.post("/api/photo", send), web.get("/api/photos/{file_id}", download)]


async def send_photo(playground: Playground, request: web.Request) -> web.Response:
    """A multipart form: `viewer`, `chat` ("bot" or a group's id), `caption`, `photo`."""
    try:
        form = await request.post()
    except ValueError as exc:  # not a form, or over the server's size limit
        raise PlaygroundError("Send the photo as a form with the file.") from exc
    viewer = playground._person(form.get("viewer"))
    chat = playground._chat(viewer, form.get("chat", "bot"))
    upload = form.get("photo")
    if not isinstance(upload, web.FileField):
        raise PlaygroundError("Choose a photo first.")
    content_type = upload.content_type or ""
    if content_type not in PHOTO_TYPES:
        raise PlaygroundError("Telegram sends JPEG, PNG, WebP or GIF pictures as photos.")
    data = upload.file.read(MAX_PHOTO + 1)
    if not data or len(data) > MAX_PHOTO:
        raise PlaygroundError("A photo must be under 10 MB.")
    caption = str(form.get("caption") or "").strip()
    if len(caption) > MAX_CAPTION:
        raise PlaygroundError("A caption is at most 1,024 characters.")
    group = None if chat.type == "private" else chat
    message = user_photo(playground.state, viewer, data, caption or None, group, content_type)
    return json_reply({"message_id": message.message_id})


def photo_file(playground: Playground, file_id: str) -> web.Response:
    stored = playground.state.photos.get(file_id)
    if stored is None:
        raise web.HTTPNotFound()
    return web.Response(
        body=stored.data,
        content_type=stored.content_type,
        headers={"Cache-Control": "private, max-age=86400"},
    )
