"""The fake post vectors (tests/fakes/vectors.py) and the SQL ones agree, on the fakes,
SQLite and PostgreSQL (the stores of `agreeing_stores`): one vector a post, replaced when
saved again, deleted when forgotten; another model's left out; the open posts still to
encode, oldest first; the stored ones in pages by post id; and a post's vector goes with it
(retention's purge, /forget)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bot.domain.models import PostKind, PostStatus
from bot.services.ports import UowFactory
from tests.integration.agreeing_stores import add_users
from tests.integration.factories import NOW, make_post

MODEL = "use-multilingual-v3"
OTHER = "another-encoder"
DAY = timedelta(days=1)


def vector(n: int) -> bytes:
    """512 int8 components, told apart by `n` (negative ones too)."""
    return bytes((n + i) % 256 for i in range(512))


async def _posts(
    uow_factory: UowFactory, *statuses: PostStatus, user_id: int = 1, at: datetime = NOW
) -> list[int]:
    """Posts of `user_id` with these statuses, from `at`, each a minute after the one before."""
    ids = []
    async with uow_factory() as uow:
        for n, status in enumerate(statuses):
            post = make_post(user_id, status=status, product=f"保温杯{n}")
            post.created_at = post.updated_at = at + timedelta(minutes=n)
            ids.append(await uow.posts.add(post))
        await uow.commit()
    return ids


async def test_a_post_keeps_one_vector_replaced_when_saved_again(
    uow_factory: UowFactory,
) -> None:
    await add_users(uow_factory, 1)
    a, b = await _posts(uow_factory, PostStatus.OPEN, PostStatus.OPEN)
    async with uow_factory() as uow:
        await uow.post_vectors.save(a, MODEL, vector(1))
        await uow.post_vectors.save(b, OTHER, vector(2))
        await uow.commit()
    async with uow_factory() as uow:  # the post is edited, and encoded again
        post = await uow.posts.get(a)
        assert post is not None
        post.raw_text = "出售 不锈钢真空保温杯 500ml"
        await uow.posts.update(post)
        await uow.post_vectors.save(a, MODEL, vector(3))
        await uow.post_vectors.save(b, MODEL, vector(4))  # another encoder's is replaced
        await uow.commit()
        await uow.post_vectors.save(a, MODEL, vector(5))  # never committed
    async with uow_factory() as uow:
        assert await uow.post_vectors.of_posts([a, b], MODEL) == {a: vector(3), b: vector(4)}
        assert await uow.post_vectors.of_posts([b], OTHER) == {}
        with pytest.raises(Exception, match="(?i)foreign key"):
            await uow.post_vectors.save(b + 1000, MODEL, vector(6))


async def test_a_forgotten_vector_is_encoded_again(uow_factory: UowFactory) -> None:
    await add_users(uow_factory, 1)
    a, b = await _posts(uow_factory, PostStatus.OPEN, PostStatus.OPEN)
    async with uow_factory() as uow:
        for post_id in (a, b):
            await uow.post_vectors.save(post_id, MODEL, vector(post_id))
        await uow.commit()
    async with uow_factory() as uow:  # the post was edited
        await uow.post_vectors.forget(a)
        await uow.post_vectors.forget(a)  # nothing left to forget
        await uow.post_vectors.forget(b + 1000)  # nor of a post that is not there
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.post_vectors.of_posts([a, b], MODEL) == {b: vector(b)}


async def test_of_posts_gives_this_model_s_vectors_of_these_posts(
    uow_factory: UowFactory,
) -> None:
    await add_users(uow_factory, 1)
    ids = await _posts(uow_factory, *[PostStatus.OPEN] * 3, PostStatus.WITHDRAWN)
    mine, theirs, bare, closed = ids
    async with uow_factory() as uow:
        await uow.post_vectors.save(mine, MODEL, vector(1))
        await uow.post_vectors.save(theirs, OTHER, vector(2))
        await uow.post_vectors.save(closed, MODEL, vector(3))
        await uow.commit()
    async with uow_factory() as uow:
        of_posts = uow.post_vectors.of_posts
        assert await of_posts(ids, MODEL) == {mine: vector(1), closed: vector(3)}
        assert await of_posts(ids, OTHER) == {theirs: vector(2)}
        assert await of_posts({bare, theirs}, MODEL) == {}
        assert await of_posts([], MODEL) == {}
        many = [*range(closed + 1, closed + 1200), mine, mine]  # more ids than one IN list
        assert await of_posts(many, MODEL) == {mine: vector(1)}


async def test_a_post_s_vector_goes_with_the_post(uow_factory: UowFactory) -> None:
    await add_users(uow_factory, 1, 2)
    kept, old = await _posts(uow_factory, PostStatus.OPEN, PostStatus.WITHDRAWN)
    (forgotten,) = await _posts(uow_factory, PostStatus.OPEN, user_id=2, at=NOW + DAY)
    async with uow_factory() as uow:
        withdrawn = await uow.posts.get(old)
        assert withdrawn is not None
        withdrawn.updated_at = NOW - 91 * DAY
        await uow.posts.update(withdrawn)
        for post_id in (kept, old, forgotten):
            await uow.post_vectors.save(post_id, MODEL, vector(post_id))
        await uow.commit()
    async with uow_factory() as uow:  # retention's purge
        purged = await uow.posts.purge_stale(
            drafts_before=NOW - 7 * DAY, closed_before=NOW - 90 * DAY, limit=10
        )
        await uow.commit()
    assert purged == 1
    async with uow_factory() as uow:  # /forget
        assert await uow.erasure.forget(2, -1_000_001, [], {}, NOW) == [forgotten]
        await uow.commit()
    async with uow_factory() as uow:
        assert await uow.post_vectors.of_posts([kept, old, forgotten], MODEL) == {
            kept: vector(kept)
        }
        # A new post has none, though SQLite may give it the id of the last one deleted.
        need_id = await uow.posts.add(make_post(1, kind=PostKind.NEED))
        assert await uow.post_vectors.of_posts([need_id], MODEL) == {}
