"""Each post's sentence vector (issue 34, bot.domain.matching.dense), one row a post: saved
again when the post is edited, deleted with the post (ON DELETE CASCADE: retention's
purges, /forget). An open post is one whose status is open (expired but not yet swept
included: status is the truth, as in `SqlPostsRepository.stream_open`)."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.domain.models import PostStatus
from storage.repositories._sql import upsert
from storage.tables import PostVectorRow
from storage.types import utcnow

_CHUNK = 500  # ids per IN list, well under SQLite's bound on parameters
OPEN = PostStatus.OPEN.value


class SqlPostVectorsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def save(self, post_id: int, model: str, vector: bytes) -> None:
        """Insert or replace the post's vector (an edited post is encoded again)."""
        values = {
            "post_id": post_id,
            "model": model,
            "vector": bytes(vector),
            "created_at": utcnow(),  # when this vector was made
        }
        await self._session.execute(upsert(self._session, PostVectorRow, values, key=["post_id"]))

    async def forget(self, post_id: int) -> None:
        """Delete the post's vector, if it has one (an edited post's, until it is encoded
        again)."""
        await self._session.execute(delete(PostVectorRow).where(PostVectorRow.post_id == post_id))

    async def of_posts(self, post_ids: Collection[int], model: str) -> dict[int, bytes]:
        """The stored vectors of these posts made by `model` (others are left out)."""
        ids = sorted(set(post_ids))
        found: dict[int, bytes] = {}
        for start in range(0, len(ids), _CHUNK):
            rows = await self._session.execute(
                select(PostVectorRow.post_id, PostVectorRow.vector).where(
                    PostVectorRow.post_id.in_(ids[start : start + _CHUNK]),
                    PostVectorRow.model == model,
                )
            )
            found.update((int(post_id), bytes(vector)) for post_id, vector in rows.all())
        return found
