"""Drafts and reading posts: a message becomes a draft card (or is refused with a reason), a
draft can be cancelled, and the owner lists their posts. Opening, changing and closing a
post is `publishing`'s, which keeps the matching index in step."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from bot.domain.models import (
    Action,
    Intent,
    ParsedPost,
    Post,
    PostKind,
    PostStatus,
    TrustEvent,
)
from bot.domain.parsing import parse_post, region_of, validate
from bot.domain.text import looks_garbled, normalise
from bot.services.errors import KindUnclear, UserFacingError
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.posting.visibility import may_see

LISTED_STATUSES = (PostStatus.OPEN, PostStatus.EXPIRED)  # what /my shows
DRAFT_KEEP = timedelta(days=7)  # a card nobody published within a week
CLOSED_KEEP = timedelta(days=90)  # withdrawn or expired: /my offers to renew until then
PURGE_BATCH = 500  # posts a transaction deletes, so writers wait for one batch at most
MAX_POST_KEYWORDS = 3


@dataclass(frozen=True, slots=True)
class Drafted:
    post: Post
    needs_product: bool  # ask one question before showing the card


def understand(text: str, *, kind: PostKind | None = None, home_region: str = "") -> ParsedPost:
    """Parse a message, or raise a UserFacingError that says what is wrong with it;
    `home_region`: the writer's, for a bare 元 (`parsing.region_of`)."""
    if not normalise(text).strip():
        raise UserFacingError("post.empty")
    if looks_garbled(text):
        raise UserFacingError("post.garbled")
    parsed = parse_post(text, home_region=home_region)
    if kind is not None and parsed.intent is Intent.NONE:
        parsed = dataclasses.replace(parsed, intent=Intent(kind.value))
    if parsed.intent is Intent.NONE:
        if parsed.product and (parsed.specs or parsed.quantity or parsed.price):
            raise KindUnclear(parsed.product)  # goods, but offered or needed? (one question)
        raise UserFacingError("post.not_a_post")
    reject_problems(parsed)
    return parsed


# Problems that make a post wrong for everyone who reads it: refused with a clear answer.
# Others (markup in the product, MOQ above quantity, ...) are shown on the card to fix with
# Edit, and a missing product is asked for.
REFUSED_PROBLEMS = frozenset({"price.zero", "price.absurd", "quantity.zero", "quantity.absurd"})


def reads_as_new_post(text: str) -> bool:
    """A whole post (it says offer or need, and names a product), not a single value."""
    try:
        parsed = understand(text)
    except UserFacingError:
        return False
    return parsed.product is not None


def clearly_a_new_post(text: str) -> bool:
    """A whole post with its trade facts (an offer or a need of a product, with a quantity
    or a price): not the words owed about a deal or the answer to a series of questions,
    which may well mention goods ("已于5月5日发货")."""
    try:
        parsed = understand(text)
    except UserFacingError:
        return False
    return parsed.product is not None and (parsed.quantity or parsed.price) is not None


def reject_problems(parsed: ParsedPost) -> None:
    for problem in validate(parsed):
        if problem in REFUSED_PROBLEMS:
            raise UserFacingError(f"problem.{problem}")


async def draft(
    uow_factory: UowFactory,
    clock: Clock,
    ttl: timedelta,
    user_id: int,
    text: str,
    *,
    kind: PostKind | None = None,
    read: Callable[[str], ParsedPost] | None = None,
    circle_id: int | None = None,
    update_id: int | None = None,
    photo: str | None = None,
) -> Drafted:
    """Save what was understood as a draft; nothing is public until `publish`. A post
    written in a trade circle keeps the circle's id. The update it came from (`update_id`)
    records the draft in the same transaction, so the update handled again after a crash
    gets that draft back instead of a second one. `read` turns the writer's home region
    into what was understood (the default: `understand` the text): a bare 元 is the
    writer's currency when their city (/settings) is in Taiwan or Hong Kong and the message
    names no place. A post written as a photo's caption keeps the `photo` (its file_id)."""
    async with uow_factory() as uow:
        home = await writer_region(uow, user_id)
        parsed = read(home) if read else understand(text, kind=kind, home_region=home)
        now = clock.now()
        post = Post(
            id=None,
            user_id=user_id,
            kind=PostKind(parsed.intent.value),
            raw_text=text,
            parsed=parsed,
            status=PostStatus.DRAFT,
            language=parsed.language,
            created_at=now,
            expires_at=now + ttl,
            circle_id=circle_id,
            photo=photo,
        )
        post.id = await uow.posts.add(post)
        if update_id is not None and not await uow.inbox.note_drafted(update_id, post.id):
            # handled before a crash: that draft again (this one is not committed)
            earlier = await uow.inbox.drafted(update_id)
            if earlier is not None and (drafted := await uow.posts.get(earlier)) is not None:
                return Drafted(drafted, needs_product=not drafted.parsed.product)
            await uow.inbox.note_drafted(update_id, post.id, replace=True)
        await uow.commit()
    return Drafted(post, needs_product=not parsed.product)


async def writer_region(uow: UnitOfWork, user_id: int) -> str:
    """The writer's region for a bare 元, from their city in /settings (`parsing.region_of`)."""
    writer = await uow.users.get(user_id)
    return region_of(timezone=writer.timezone) if writer is not None else ""


async def owned_post(uow: UnitOfWork, post_id: int, user_id: int) -> Post:
    post = await uow.posts.get(post_id)
    if post is None or post.user_id != user_id:
        raise UserFacingError("post.not_found")
    return post


async def post_for_action(uow: UnitOfWork, post_id: int, user_id: int, action: Action) -> Post:
    """The user's post, if the post rules let them do `action` with it now."""
    post = await owned_post(uow, post_id, user_id)
    if not post.allows(action, user_id):
        raise UserFacingError("post.not_open")
    return post


async def record_event(uow: UnitOfWork, post: Post, kind: str, **detail: object) -> None:
    assert post.id is not None
    at = post.updated_at or post.created_at
    await uow.trust_events.add(TrustEvent(post.user_id, kind, at, post_id=post.id, detail=detail))


async def discard(uow_factory: UowFactory, clock: Clock, post_id: int, user_id: int) -> None:
    """Cancel a draft: it was never public, so it simply goes."""
    async with uow_factory() as uow:
        post = await post_for_action(uow, post_id, user_id, Action.DISCARD_POST)
        post.status, post.updated_at = PostStatus.WITHDRAWN, clock.now()
        await uow.posts.update(post)
        await uow.commit()


async def post_to_edit(uow_factory: UowFactory, post_id: int, user_id: int) -> Post:
    """The user's post, if the post rules let them edit it now."""
    async with uow_factory() as uow:
        return await post_for_action(uow, post_id, user_id, Action.EDIT_POST)


async def list_mine(
    uow_factory: UowFactory, user_id: int, page: int, page_size: int
) -> tuple[list[Post], int]:
    """One page (0-based) of the user's open and expired posts, newest first, and the total."""
    async with uow_factory() as uow:
        total = await uow.posts.count_by_user(user_id, LISTED_STATUSES)
        posts = await uow.posts.list_by_user(
            user_id, LISTED_STATUSES, offset=page * page_size, limit=page_size
        )
        return posts, total


async def open_post(uow_factory: UowFactory, clock: Clock, post_id: int, viewer_id: int) -> Post:
    """A post the viewer may see (a link from a circle's digest): open and not expired. One
    kept to a circle the viewer is not in reads as not found, as a guessed id would."""
    async with uow_factory() as uow:
        post = await uow.posts.get(post_id)
        if (
            post is None
            or not post.is_live(clock.now())
            or not await may_see(uow, post, viewer_id)
        ):
            raise UserFacingError("post.not_found")
    return post


async def purge(uow_factory: UowFactory, clock: Clock, batches: int = 20) -> int:
    """Housekeeping: drafts past DRAFT_KEEP and withdrawn or expired posts past CLOSED_KEEP,
    with their matches, requests and reminders, a batch per transaction. Posts a deal names
    stay: the deal's record shows them."""
    now, removed = clock.now(), 0
    for _ in range(batches):
        async with uow_factory() as uow:
            count = await uow.posts.purge_stale(
                drafts_before=now - DRAFT_KEEP, closed_before=now - CLOSED_KEEP, limit=PURGE_BATCH
            )
            await uow.commit()
        removed += count
        if count < PURGE_BATCH:
            break
    return removed
