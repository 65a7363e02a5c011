"""sendPhoto on the fake, and captions. A photo message is stored as Telegram sends it:
`photo` (its sizes, smallest first, from `files.PhotoStore`) and an optional `caption` with
`caption_entities`, and no `text`."""

from __future__ import annotations

import io
from typing import Any

from bot.fake_telegram.errors import bad_request
from bot.fake_telegram.files import PhotoStore
from bot.fake_telegram.html_entities import parse_message_text
from bot.fake_telegram.limits import FloodLimiter
from bot.fake_telegram.messaging import deliver, resolve_send_target
from bot.fake_telegram.spec import UploadedFile
from bot.fake_telegram.state import FakeState

CAPTION_LIMIT = 1024
MAX_SIDES = 10_000  # a photo's width and height together (sendPhoto)
MAX_RATIO = 20  # its longer side to its shorter


def caption_fields(params: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """A message's `caption` and `caption_entities` as Telegram stores them, and the HTML
    source when the caption was sent with parse_mode HTML."""
    caption = params.get("caption")
    if not caption:
        return {}, None
    try:
        parsed = parse_message_text(
            caption, params.get("parse_mode"), params.get("caption_entities")
        )
    except ValueError as exc:
        reason = str(exc)
        if reason == "message is too long":
            reason = "message caption is too long"
        raise bad_request(reason) from exc
    if len(parsed.text) > CAPTION_LIMIT:
        raise bad_request("message caption is too long")
    fields: dict[str, Any] = {"caption": parsed.text}
    if parsed.entities:
        fields["caption_entities"] = parsed.entities
    html = caption if (params.get("parse_mode") or "").lower() == "html" else None
    return fields, html


def photo_dimensions(data: bytes) -> tuple[int, int]:
    """An uploaded photo's width and height, refused as Telegram refuses them: bytes that
    are no image, sides over 10,000 pixels together, or one side over 20 times the other."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
    except (UnidentifiedImageError, OSError):
        raise bad_request("IMAGE_PROCESS_FAILED") from None
    if width + height > MAX_SIDES or max(width, height) > MAX_RATIO * min(width, height):
        raise bad_request("PHOTO_INVALID_DIMENSIONS")
    return width, height


def send_photo(
    state: FakeState, limiter: FloodLimiter, store: PhotoStore, params: dict[str, Any]
) -> dict[str, Any]:
    chat = resolve_send_target(state, params["chat_id"])
    photo = params["photo"]
    if isinstance(photo, UploadedFile):
        width, height = photo_dimensions(photo.data)
        sizes = store.add(photo.data, photo.content_type or "image/jpeg", width, height)
    else:
        found = store.sizes(str(photo))
        if found is None:  # a URL too: the fake, like a server without internet, fetches none
            raise bad_request("wrong file identifier/HTTP URL specified")
        sizes = found
    caption, html = caption_fields(params)
    return deliver(
        state, limiter, "sendPhoto", chat, params, html=html, extra={"photo": sizes, **caption}
    )
