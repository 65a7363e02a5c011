"""/search: open posts of both kinds, ranked by the matching engine."""

from __future__ import annotations

from bot.domain.matching.accessories import item_type
from bot.domain.matching.terms import query_terms
from bot.domain.models import Circle, Post
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UowFactory
from bot.services.posting.visibility import may_see

MAX_QUERY = 100


async def search(
    uow_factory: UowFactory,
    clock: Clock,
    index: MatchingIndex,
    words: str,
    page: int,
    page_size: int,
    viewer_id: int,
) -> tuple[list[Post], bool]:
    """One page (0-based) of open posts for `words` that the viewer may see, and whether
    another page follows."""
    query = words[:MAX_QUERY]
    now = clock.now()
    found = index.engine.search(
        query_terms(query),
        None,
        now.timestamp(),
        offset=page * page_size,
        limit=page_size + 1,
        item_type=item_type(query),
    )
    posts: list[Post] = []
    circles: dict[int, Circle | None] = {}
    async with uow_factory() as uow:
        for result in found[:page_size]:
            post = await uow.posts.get(result.post_id)
            if (
                post is not None
                and post.is_live(now)
                and await may_see(uow, post, viewer_id, circles)
            ):
                posts.append(post)
    return posts, len(found) > page_size
