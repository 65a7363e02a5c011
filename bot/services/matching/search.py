"""/search: open posts of both kinds, ranked by the matching engine; and a post opened from
a link (a circle's digest). An offer too good to be true is named, so its card is shown
with the warning (`bot.services.matching.too_good`)."""

from __future__ import annotations

from bot.domain.matching.accessories import item_type
from bot.domain.matching.terms import query_terms
from bot.domain.models import Circle, Post
from bot.services.matching.indexing import MatchingIndex
from bot.services.matching.too_good import too_good, warned_of
from bot.services.ports import Clock, UowFactory
from bot.services.posting import posts as posting
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
) -> tuple[list[Post], bool, frozenset[int]]:
    """One page (0-based) of open posts for `words` that the viewer may see, whether another
    page follows, and the ids of the offers on it the viewer is warned of."""
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
    return posts, len(found) > page_size, warned_of(index, posts, now, viewer_id)


async def open_post(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, post_id: int, viewer_id: int
) -> tuple[Post, bool]:
    """A post the viewer may see, opened from a link (`posting.posts.open_post`), and
    whether they are warned of it: an offer of someone else's, too good to be true now."""
    post = await posting.open_post(uow_factory, clock, post_id, viewer_id)
    return post, post.user_id != viewer_id and too_good(index, post, clock.now())
