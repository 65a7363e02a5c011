"""What every circle use case starts from: the group's circle, and a message without the
hashtags that only say its kind."""

from __future__ import annotations

from datetime import datetime

from bot.domain.circles import HASHTAG, HASHTAGS
from bot.domain.models import Circle
from bot.services.ports import UnitOfWork


def without_kind_tags(text: str) -> str:
    """The message without the hashtags that only say its kind (#供应, #need)."""
    return HASHTAG.sub(lambda m: "" if m.group(1).lower() in HASHTAGS else m.group(0), text)


async def circle_of(uow: UnitOfWork, chat_id: int, title: str, now: datetime) -> Circle:
    """The circle of a group, created on first sight (a group the bot was in before)."""
    circle = await uow.circles.get(chat_id)
    if circle is None:
        circle = Circle(chat_id, title, created_at=now)
        await uow.circles.save(circle)
    return circle
