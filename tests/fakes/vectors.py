"""The fake post vectors repository (storage/repositories/post_vectors.py): one row a post,
replaced when saved again, gone with its post (`drop_vectors`, the ON DELETE CASCADE of
the fakes that delete posts)."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from tests.fakes.base import Tables, _Repository, _require


def drop_vectors(tables: Tables, post_ids: Iterable[int]) -> None:
    """What the foreign key's ON DELETE CASCADE does when these posts are deleted."""
    for post_id in post_ids:
        tables.post_vectors.pop(post_id, None)


class FakePostVectorsRepository(_Repository):
    async def save(self, post_id: int, model: str, vector: bytes) -> None:
        """Insert or replace the post's vector (an edited post is encoded again)."""
        tables = self._write
        _require(post_id in tables.posts, "post_vectors.post_id")
        tables.post_vectors[post_id] = (model, bytes(vector), self._now())

    async def forget(self, post_id: int) -> None:
        """Delete the post's vector, if it has one (an edited post's, until it is encoded
        again)."""
        if post_id in self._read.post_vectors:
            del self._write.post_vectors[post_id]

    async def of_posts(self, post_ids: Collection[int], model: str) -> dict[int, bytes]:
        """The stored vectors of these posts made by `model` (others are left out)."""
        stored = self._read.post_vectors
        return {
            i: stored[i][1] for i in sorted(set(post_ids)) if i in stored and stored[i][0] == model
        }
