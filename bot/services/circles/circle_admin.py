"""What a trade circle's admins do (issue 12): its settings, stopping a member from
posting, removing a post, vouching for a member (two established circles' vouches give L3),
and the week's figures. Whether someone is an admin is Telegram's to say, at the time of
the action (`handlers/circle_admin.py` asks getChatMember); these use cases trust that
check."""

from __future__ import annotations

from datetime import timedelta

from bot.domain.models import (
    Action,
    Circle,
    CircleStats,
    Lang,
    Post,
    PostStatus,
    TrustEvent,
)
from bot.domain.trust.levels import ESTABLISHED, VOUCHED, vouches
from bot.services.circles._known import circle_of, without_kind_tags
from bot.services.circles._standing import circle_for, same_circle
from bot.services.delivery.action_tokens import add_tokens
from bot.services.errors import ButtonExpired, UserFacingError
from bot.services.events import AfterEffects
from bot.services.ports import Clock, UowFactory
from bot.services.posting import publishing

LIMITS = (3, 5, 10, 20)  # posts per member per day an admin may choose
DIGEST_HOURS = (9, 12, 18, 21)
WEEK = timedelta(days=7)


async def settings_of(uow_factory: UowFactory, clock: Clock, chat_id: int, title: str) -> Circle:
    async with uow_factory() as uow:
        circle = await circle_of(uow, chat_id, title, clock.now())
        await uow.commit()
        return circle


async def setting_buttons(
    uow_factory: UowFactory,
    clock: Clock,
    chat_id: int,
    admin_id: int,
    choices: list[list[tuple[str, str, str]]],
) -> list[list[tuple[str, str]]]:
    """(label, token) rows for the /circle card: each (setting, value, label) choice a
    token bound to the admin who opened it (rights are asked again when pressed)."""
    payloads = [
        (Action.CIRCLE_SETTING, {"circle": chat_id, "what": what, "value": value})
        for row in choices
        for what, value, _label in row
    ]
    async with uow_factory() as uow:
        tokens = iter(await add_tokens(uow, clock.now() + WEEK, admin_id, payloads))
        await uow.commit()
    return [[(label, next(tokens)) for _what, _value, label in row] for row in choices]


async def change(
    uow_factory: UowFactory,
    clock: Clock,
    chat_id: int,
    what: str,
    value: str,
    admin_id: int | None = None,
) -> Circle:
    """One setting: language (zh-Hans, zh-Hant, en), open (on/off), digest (off or an
    hour, in the time zone of the admin who chose it), weekly (the weekly report in the
    group too: on/off), limit (posts per member per day)."""
    async with uow_factory() as uow:
        circle = await circle_of(uow, chat_id, "", clock.now())
        admin = await uow.users.get(admin_id) if admin_id is not None else None
        try:
            if what == "language":
                circle.language = Lang(value)
            elif what == "open":
                circle.open_to_market = value == "on"
            elif what == "weekly":
                circle.weekly_report = value == "on"
            elif what == "digest":
                hour = None if value == "off" else int(value)
                if hour is not None and hour not in DIGEST_HOURS:
                    raise ValueError(value)
                circle.digest_hour = hour
                if admin is not None:
                    circle.timezone = admin.timezone
            elif what == "limit" and int(value) in LIMITS:
                circle.posts_per_day = int(value)
            else:
                raise ValueError(what)
        except ValueError:
            raise ButtonExpired() from None
        await uow.circles.save(circle)
        await uow.commit()
        return circle


async def stop_member(
    uow_factory: UowFactory, clock: Clock, chat_id: int, member_id: int, stop: bool = True
) -> Circle:
    """The member's posts in the circle are no longer read (or are again)."""
    async with uow_factory() as uow:
        circle = await circle_of(uow, chat_id, "", clock.now())
        others = tuple(u for u in circle.stopped if u != member_id)
        circle.stopped = (*others, member_id) if stop else others
        await uow.circles.save(circle)
        await uow.commit()
        return circle


async def vouch(
    uow_factory: UowFactory,
    clock: Clock,
    chat_id: int,
    admin_id: int,
    member_id: int,
    *,
    creator_id: int | None = None,
    title: str = "",
) -> int:
    """An admin vouches for a member on behalf of their circle; returns how many circles'
    vouches now count for the member (two give L3). Only an established circle may vouch
    (`levels.circle_refusal`: its age, who posted, who created it, the member's partners),
    each circle once and each admin once; a vouch that would not count is refused with the
    reason and nothing is recorded. `creator_id`: the group's creator, as Telegram says."""
    if admin_id == member_id:
        raise UserFacingError("circle.vouch_self")
    async with uow_factory() as uow:
        if await uow.users.get(member_id) is None:
            raise UserFacingError("trust.unknown_person")
        now = clock.now()
        circle = await circle_for(uow, now, chat_id, title, member_id, creator_id)
        events = await uow.trust_events.list_for_user(member_id)
        counted = vouches(events)
        for fact in counted:
            if await same_circle(uow, chat_id, fact.circle_id):
                raise UserFacingError("circle.vouch_circle_already")
        if any(
            e.kind == VOUCHED
            and e.counterpart_id == admin_id
            and e.detail.get("checked") == ESTABLISHED
            for e in events
        ):
            raise UserFacingError("circle.vouch_admin_already")
        detail: dict[str, object] = {
            "circle": chat_id,
            "title": title or circle.title,
            "creator": creator_id,
            "checked": ESTABLISHED,
        }
        event = TrustEvent(member_id, VOUCHED, now, counterpart_id=admin_id, detail=detail)
        await uow.trust_events.add(event)
        await uow.commit()
        return len(counted) + 1


async def remove_post(
    uow_factory: UowFactory,
    clock: Clock,
    after: AfterEffects,
    chat_id: int,
    member_id: int,
    text: str,
) -> Post | None:
    """Withdraw the member's open post in the circle that this message published."""
    wanted = without_kind_tags(text).strip()
    async with uow_factory() as uow:
        found = await uow.posts.list_by_user(member_id, [PostStatus.OPEN], offset=0, limit=50)
    post = next((p for p in found if p.circle_id == chat_id and p.raw_text == wanted), None)
    if post is None or post.id is None:
        return None
    return await publishing.close(uow_factory, clock, after, post.id, member_id, deal=False)


async def week_stats(uow_factory: UowFactory, clock: Clock, chat_id: int) -> CircleStats:
    async with uow_factory() as uow:
        return await uow.circles.stats(chat_id, clock.now() - WEEK)
