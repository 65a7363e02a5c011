"""What a member's message in a circle became (`CirclePost`), and a price list pasted
there (`parsing.price_list`): a draft for each product, within the member's posts left for
the day, which `groups.post_in_circle` publishes at once."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.domain.models import Intent, Post, PostKind
from bot.domain.parsing import parse_post
from bot.domain.parsing.price_list import PriceList, read_list
from bot.services.ports import Clock, UowFactory
from bot.services.posting import price_lists
from bot.services.schedule import Schedule


@dataclass(frozen=True, slots=True)
class CirclePost:
    """What became of a member's message in a circle: `published` (with `post`, and all
    its `posts` when it was a price list), or left alone as `chatter`, a `duplicate` of
    their open post, over their daily `limit`, or from a member an admin `stopped`.
    `over_limit`: a list's products left out because the day's posts ran out."""

    outcome: str
    post: Post | None = None
    alerted: int = 0
    posts: tuple[Post, ...] = ()
    over_limit: int = 0


def read_circle_list(words: str, kind: PostKind | None) -> PriceList | None:
    """A price list in a group message whose every product is offered or wanted (a hashtag
    or a command may say which); else None: a group is never asked "selling or buying?"."""
    found = read_list(words, parse_post)
    if found is None:
        return None
    items = tuple(
        dataclasses.replace(
            item, parsed=dataclasses.replace(item.parsed, intent=Intent(kind.value))
        )
        if kind is not None
        else item
        for item in found.items
    )
    if any(item.parsed.intent is Intent.NONE or not item.parsed.product for item in items):
        return None
    return dataclasses.replace(found, items=items)


async def save_list(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    circle_and_member: tuple[int, int],
    listed: PriceList,
    room: int,
    update_id: int | None,
    photo: str | None,
) -> list[Post]:
    """The list's first `room` products, each a draft of a post in the circle."""
    circle_id, user_id = circle_and_member
    async with uow_factory() as uow:
        drafts = await price_lists.save_drafts(
            uow,
            clock.now(),
            schedule.post_ttl,
            user_id,
            listed.items[:room],
            update_id=update_id,
            photo=photo,
            circle_id=circle_id,
        )
        await uow.commit()
    return drafts
