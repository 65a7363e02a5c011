"""A price list pasted as one message (`parsing.price_list`): a draft for each product, all
published, shown one by one or cancelled with one tap. The taps are token buttons bound to
the writer and to the drafts the list made."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.models import Action, Intent, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post
from bot.domain.parsing.price_list import ListItem, may_be_list, read_list
from bot.services.delivery.action_tokens import add_tokens
from bot.services.errors import KindUnclear
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.posting.posts import reject_problems, writer_region

LIST_BUTTONS_TTL = timedelta(days=7)  # as long as a draft is kept
LIST_ACTIONS = (Action.PUBLISH_LIST, Action.SHOW_LIST_CARDS, Action.DISCARD_LIST)


@dataclass(frozen=True, slots=True)
class ListDrafted:
    posts: list[Post]  # the drafts, in the list's order
    more: int  # item lines past what one message makes into drafts
    tokens: dict[Action, str]  # the list's buttons: publish all, one by one, cancel all


async def draft_list(
    uow_factory: UowFactory,
    clock: Clock,
    ttl: timedelta,
    user_id: int,
    text: str,
    *,
    kind: PostKind | None = None,
    update_id: int | None = None,
    photo: str | None = None,
) -> ListDrafted | None:
    """Drafts of a price list's products, or None when `text` is not a list. A list that
    says neither selling nor buying raises `KindUnclear` (one tap decides, for all of
    it); a refused price or quantity refuses the list with its reason, nothing saved. The
    update handled again after a crash gets the same drafts, not a second set."""
    if not may_be_list(text):  # most posts: no transaction for the question
        return None
    async with uow_factory() as uow:
        home = await writer_region(uow, user_id)
        found = read_list(text, lambda line: parse_post(line, home_region=home))
        if found is None:
            return None
        items = [item.parsed for item in found.items]
        if kind is not None:
            items = [
                dataclasses.replace(p, intent=Intent(kind.value)) if p.intent is Intent.NONE else p
                for p in items
            ]
        unclear = next((p for p in items if p.intent is Intent.NONE), None)
        if unclear is not None:
            raise KindUnclear(unclear.product or text[:40])
        for parsed in items:
            reject_problems(parsed)
        if update_id is not None and (earlier := await uow.inbox.drafted(update_id)) is not None:
            return await _drafted_before(uow, earlier, user_id, found.more, clock.now())
        now = clock.now()
        made = [
            dataclasses.replace(item, parsed=p) for item, p in zip(found.items, items, strict=True)
        ]
        posts = await save_drafts(uow, now, ttl, user_id, made, update_id=update_id, photo=photo)
        tokens = await _buttons(uow, now, user_id, [p.id for p in posts if p.id is not None])
        await uow.commit()
    return ListDrafted(posts, found.more, tokens)


async def save_drafts(
    uow: UnitOfWork,
    now: datetime,
    ttl: timedelta,
    user_id: int,
    items: Sequence[ListItem],
    *,
    update_id: int | None = None,
    photo: str | None = None,
    circle_id: int | None = None,
) -> list[Post]:
    """A draft of each item, all written at one moment (what tells a list's drafts apart
    after a crash), the update that made them noted by the first."""
    posts = [
        Post(
            id=None,
            user_id=user_id,
            kind=PostKind(item.parsed.intent.value),
            raw_text=item.text,
            parsed=item.parsed,
            status=PostStatus.DRAFT,
            language=item.parsed.language,
            created_at=now,
            expires_at=now + ttl,
            circle_id=circle_id,
            photo=photo,
        )
        for item in items
    ]
    for post in posts:
        post.id = await uow.posts.add(post)
    if update_id is not None and posts and posts[0].id is not None:
        await uow.inbox.note_drafted(update_id, posts[0].id)
    return posts


async def _drafted_before(
    uow: UnitOfWork, first_id: int, user_id: int, more: int, now: datetime
) -> ListDrafted:
    """The drafts a list made before a crash: those written with its first, in one moment."""
    first = await uow.posts.get(first_id)
    mine = await uow.posts.list_by_user(user_id, (PostStatus.DRAFT,), offset=0, limit=100)
    posts = sorted(
        (p for p in mine if first is not None and p.created_at == first.created_at),
        key=lambda p: p.id or 0,
    )
    tokens = await _buttons(uow, now, user_id, [p.id for p in posts if p.id is not None])
    await uow.commit()
    return ListDrafted(posts, more, tokens)


async def _buttons(
    uow: UnitOfWork, now: datetime, user_id: int, post_ids: list[int]
) -> dict[Action, str]:
    """The list's three buttons, for its writer alone: one press spends all three."""
    payload = {"posts": post_ids}
    actions = [(action, payload) for action in LIST_ACTIONS]
    tokens = await add_tokens(
        uow, now + LIST_BUTTONS_TTL, user_id, actions, once=True, together=True
    )
    return dict(zip(LIST_ACTIONS, tokens, strict=True))
