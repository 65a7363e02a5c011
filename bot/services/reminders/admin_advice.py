"""Circle admins as the staff who reach out (issue 36; 诚信通's staff called a seller
whose listing drew no response): an admin lists the circle's open posts that nobody has
responded to, and with one tap has the market's advice for one of them sent to its member
now, instead of after 14 days. It is the post's own advice reminder, brought forward: sent
once per post, as the member's /settings and quiet hours allow, never twice."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.domain.models import Action, Circle, Post, Reminder
from bot.services.delivery.action_tokens import add_tokens
from bot.services.errors import ButtonExpired, UserFacingError
from bot.services.follow_ups import NO_INTEREST, topic_of
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.reminders._post_reminders import has_interest

LOOK_BACK = timedelta(days=90)  # longer than any post stays open
READ_AT_MOST = 2000  # of the circle's open posts, the oldest first
LISTED = 10
BUTTON_TTL = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class QuietPost:
    post: Post
    member: str  # their display name
    token: str  # the admin's button that has its advice sent now


async def quiet_posts(
    uow_factory: UowFactory, clock: Clock, quiet_after: timedelta, chat_id: int, admin_id: int
) -> tuple[Circle, list[QuietPost]]:
    """The circle's open posts of `quiet_after` or more (`QUIET_POST_AFTER`: younger ones may
    still hear from someone) that nobody responded to (no contact
    request either way) and whose advice is still to come, oldest first, at most `LISTED`;
    each with a button for the admin who asked."""
    now = clock.now()
    async with uow_factory() as uow:
        circle = await uow.circles.get(chat_id)
        if circle is None:
            raise ButtonExpired()
        posts = await uow.circles.new_posts(chat_id, now - LOOK_BACK, READ_AT_MOST)
        old = [p for p in posts if p.created_at <= now - quiet_after and p.is_live(now)]
        with_advice_pending = await uow.reminders.posts_with_pending(
            [p.id for p in old if p.id], [NO_INTEREST]
        )
        quiet: list[Post] = []
        for post in old:  # most have their advice behind them: a query for all of them first
            if len(quiet) == LISTED:
                break
            if post.id in with_advice_pending and await _advice_to_come(uow, post):
                quiet.append(post)
        payloads = [(Action.ADVISE_MEMBER, {"circle": chat_id, "post": p.id}) for p in quiet]
        tokens = await add_tokens(uow, now + BUTTON_TTL, admin_id, payloads)
        found = [
            QuietPost(post, await _name(uow, post.user_id), token)
            for post, token in zip(quiet, tokens, strict=True)
        ]
        await uow.commit()
    return circle, found


async def advise_now(uow_factory: UowFactory, clock: Clock, chat_id: int, post_id: int) -> str:
    """Bring the post's advice forward to now; the member's display name. Refused for a
    post of another circle, one closed, one someone responded to since, or one whose advice
    went already."""
    now = clock.now()
    async with uow_factory() as uow:
        post = await uow.posts.get(post_id)
        if post is None or post.circle_id != chat_id or not post.is_live(now):
            raise UserFacingError("post.not_open")
        pending = await _advice_to_come(uow, post)
        if not pending:
            raise UserFacingError("circle.quiet.advised")
        for reminder in pending:
            reminder.due_at = min(reminder.due_at, now)
            await uow.reminders.update(reminder)
        name = await _name(uow, post.user_id)
        await uow.commit()
    return name


async def _advice_to_come(uow: UnitOfWork, post: Post) -> list[Reminder]:
    """The post's advice reminders still pending, when nobody responded to it and its
    member has not turned advice off in /settings (an admin cannot turn it on for them)."""
    if post.id is None:
        return []
    pending = await uow.reminders.pending(post_id=post.id, kinds=[NO_INTEREST])
    if not pending or await has_interest(uow, post):  # most posts end at the first query
        return []
    member = await uow.users.get(post.user_id)
    if member is None or topic_of(NO_INTEREST) in member.reminders_off:
        return []
    return pending


async def _name(uow: UnitOfWork, user_id: int) -> str:
    user = await uow.users.get(user_id)
    return user.display_name if user is not None and user.display_name else str(user_id)
