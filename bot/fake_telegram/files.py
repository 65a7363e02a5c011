"""The files people and the bot send the fake, kept by file_id as Telegram keeps them
(photos: `PhotoStore`)."""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass
from typing import Any

from bot.fake_telegram.errors import bad_request

PHOTO_LIMIT = 10 * 1024 * 1024  # an uploaded photo's bytes, as Telegram allows
THUMBNAIL_SIDE = 90


@dataclass(frozen=True)
class StoredPhoto:
    data: bytes
    content_type: str
    width: int
    height: int


class PhotoStore:
    """Every photo sent, by file_id: each upload keeps its bytes under two sizes' ids (a
    thumbnail and the original, as Telegram offers several)."""

    def __init__(self) -> None:
        self._files: dict[str, StoredPhoto] = {}
        self._sizes: dict[str, list[dict[str, Any]]] = {}  # any of its file_ids -> all sizes
        self._ids = itertools.count(1)

    def add(
        self, data: bytes, content_type: str = "image/jpeg", width: int = 800, height: int = 800
    ) -> list[dict[str, Any]]:
        """Keep an uploaded photo; its PhotoSize list, smallest first."""
        if not data or len(data) > PHOTO_LIMIT:
            raise bad_request("wrong file size" if data else "file must be non-empty")
        number = next(self._ids)
        digest = hashlib.sha256(data).hexdigest()[:16]
        scale = THUMBNAIL_SIDE / max(width, height, 1)
        sides = [(max(1, round(width * scale)), max(1, round(height * scale))), (width, height)]
        ids = [f"AgACAgIAAxk{number:08d}{n}{digest}" for n in range(len(sides))]
        sizes: list[dict[str, Any]] = [
            {
                "file_id": file_id,
                "file_unique_id": f"AQAD{number:06d}{n}",
                "width": w,
                "height": h,
                "file_size": len(data),
            }
            for n, (file_id, (w, h)) in enumerate(zip(ids, sides, strict=True))
        ]
        for file_id, (w, h) in zip(ids, sides, strict=True):
            self._files[file_id] = StoredPhoto(data, content_type, w, h)
            self._sizes[file_id] = sizes
        return sizes

    def get(self, file_id: str) -> StoredPhoto | None:
        return self._files.get(file_id)

    def sizes(self, file_id: str) -> list[dict[str, Any]] | None:
        return self._sizes.get(file_id)
