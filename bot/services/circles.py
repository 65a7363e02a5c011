"""Trade circles (issue 12): the bot in Telegram groups. It joins, greets once, and reads the
members' posts as they always write them; matches and alerts stay private.

A circle post is published at once (the member already posted it for everyone to see) with
the circle's id; it matches within the circle, and beyond it only when the circle is open
to the market (`bot.domain.circles.in_scope`)."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from bot.domain.circles import HASHTAG, HASHTAGS, kind_from_hashtags
from bot.domain.models import Circle, Intent, Lang, ParsedPost, Post, PostKind
from bot.domain.parsing import parse_post
from bot.domain.text import looks_garbled
from bot.services import posts, publishing
from bot.services.matching import MatchingIndex
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.schedule import Schedule


async def circle_of(uow: UnitOfWork, chat_id: int, title: str, now: datetime) -> Circle:
    """The circle of a group, created on first sight (a group the bot was in before)."""
    circle = await uow.circles.get(chat_id)
    if circle is None:
        circle = Circle(chat_id, title, created_at=now)
        await uow.circles.save(circle)
    return circle


async def bot_joined(
    uow_factory: UowFactory, clock: Clock, chat_id: int, title: str, added_by: int | None
) -> tuple[Circle, bool]:
    """The bot was added to a group: its circle (in the language of who added it) and
    whether it is new (greet only then)."""
    async with uow_factory() as uow:
        now = clock.now()
        circle = await uow.circles.get(chat_id)
        new = circle is None
        if circle is None:
            adder = await uow.users.get(added_by) if added_by else None
            language = adder.language if adder else Lang.ZH_HANS
            circle = Circle(chat_id, title, language, created_at=now)
        circle.title = title or circle.title
        await uow.circles.save(circle)
        if added_by is not None and await uow.users.get(added_by) is not None:
            await uow.circles.add_member(chat_id, added_by, now)
        await uow.commit()
        return circle, new


def read_post(text: str, kind: PostKind | None) -> ParsedPost | None:
    """A group message that offers or asks for goods, as a post (a hashtag or command's
    kind wins over the words); None for chatter, which is left alone."""
    if not text.strip() or looks_garbled(text):
        return None
    parsed = parse_post(text)
    if kind is not None:
        parsed = dataclasses.replace(parsed, intent=Intent(kind.value))
    return parsed if parsed.product and parsed.intent is not Intent.NONE else None


async def post_in_circle(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    index: MatchingIndex,
    chat: tuple[int, str],
    user_id: int,
    text: str,
    kind: PostKind | None = None,
) -> tuple[Post, int] | None:
    """A member's message in the circle, published as their post if it reads as one
    (a hashtag or a command may say which kind); None for chatter."""
    kind = kind or kind_from_hashtags(text)
    words = HASHTAG.sub(lambda m: "" if m.group(1).lower() in HASHTAGS else m.group(0), text)
    parsed = read_post(words, kind)
    if parsed is None:
        return None
    chat_id, title = chat
    async with uow_factory() as uow:
        await circle_of(uow, chat_id, title, clock.now())
        await uow.circles.add_member(chat_id, user_id, clock.now())
        await uow.commit()
    ttl, text = schedule.post_ttl, words.strip()
    drafted = await posts.draft(
        uow_factory, clock, ttl, user_id, text, parsed=parsed, circle_id=chat_id
    )
    assert drafted.post.id is not None
    return await publishing.publish(uow_factory, clock, schedule, index, drafted.post.id, user_id)
