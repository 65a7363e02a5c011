"""The daily digest of a trade circle (issue 12): once a day, at the hour its admins chose
(in the circle's time zone), one message in the group with the day's new offers and needs,
each with a link that opens it in the private chat (with the warning there when it is an
offer too good to be true: `bot.services.matching.search.open_post`).

Order (issue 33): a group has no one reader to fit, so a post's fit is how well it fits the
market's other side: the score of its best match (0 when it has none); best fit first, at
equal fit the more trusted owner first (`bot.services.matching.fit_and_trust`)."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.domain.models import Post
from bot.domain.quiet_hours import zone
from bot.services.delivery import outbox
from bot.services.matching.fit_and_trust import by_fit_and_trust
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.texts.circles import circle_digest

DAY = timedelta(days=1)
MOST_POSTS = 200  # counted; the message shows as many as it holds


async def send_digests(uow_factory: UowFactory, clock: Clock, bot_username: str) -> int:
    """Queue each due digest once a day; a day with no new post sends nothing."""
    async with uow_factory() as uow:
        now, sent = clock.now(), 0
        for circle in await uow.circles.everyone():
            if circle.digest_hour is None:
                continue
            local = now.astimezone(zone(circle.timezone))
            today = local.date().isoformat()
            if local.hour < circle.digest_hour or circle.digest_sent_on == today:
                continue
            posts = await uow.circles.new_posts(circle.id, now - DAY, MOST_POSTS)
            circle.digest_sent_on = today
            await uow.circles.save(circle)
            if posts:
                posts = await _in_order(uow, now, posts)
                text = circle_digest(circle, posts, bot_username)
                await outbox.add_to(uow, now, circle.id, text, kind="circle.digest")
                sent += 1
        await uow.commit()
        return sent


async def _in_order(uow: UnitOfWork, now: datetime, posts: list[Post]) -> list[Post]:
    """Best fit (each post's best match score), then the owner's ranking trust."""
    fits: dict[int, float] = {}
    for post in posts:
        if post.id is not None:
            scores = [match.score for match in await uow.matches.for_post(post.id)]
            fits[post.id] = max(scores, default=0.0)
    return await by_fit_and_trust(uow, now, posts, fits)
