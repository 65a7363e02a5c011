"""Trade circles (issue 12): the bot in Telegram groups. It joins, greets once, and reads the
members' posts as they always write them; matches and alerts stay private.

A circle post is published at once (the member already posted it for everyone to see) with
the circle's id; it matches within the circle, and beyond it only when the circle is open
to the market (`bot.domain.circles.in_scope`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import timedelta

from bot.domain.circles import kind_from_hashtags
from bot.domain.models import Circle, Intent, Lang, ParsedPost, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post
from bot.domain.text import looks_garbled
from bot.services.circles import circle_lists
from bot.services.circles._known import circle_of, without_kind_tags
from bot.services.circles.circle_lists import CirclePost
from bot.services.delivery import outbox
from bot.services.events import AfterEffects, CircleMoved
from bot.services.follow_ups import CONTACT_FOLLOW_UP, MATCH_FOLLOW_UP
from bot.services.people.users import TelegramPerson, register
from bot.services.ports import Clock, UnitOfWork, UowFactory
from bot.services.posting import posts, publishing
from bot.services.schedule import Schedule
from bot.texts import Html, escape, t


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


async def notice_languages(
    uow_factory: UowFactory, circle_id: int, people: int | None
) -> list[Lang]:
    """The languages a notice to the whole group is written in, in a fixed order: those of
    its known members; every language when none is known, or when the group has more
    people (`people`, Telegram's count without the bot) than the bot knows of."""
    async with uow_factory() as uow:
        members = await uow.circles.members(circle_id)
        users = await uow.users.get_many(members)
    spoken = {user.language for user in users.values()}
    if not spoken or (people is not None and people > len(members)):
        return list(Lang)
    return [lang for lang in Lang if lang in spoken]


def read_post(text: str, kind: PostKind | None, home_region: str = "") -> ParsedPost | None:
    """A group message that offers or asks for goods, as a post (a hashtag or command's
    kind wins over the words); None for chatter, which is left alone. `home_region`: the
    member's, for a bare 元 (`parsing.region_of`)."""
    if not text.strip() or looks_garbled(text):
        return None
    parsed = parse_post(text, home_region=home_region)
    if kind is not None:
        parsed = dataclasses.replace(parsed, intent=Intent(kind.value))
    return parsed if parsed.product and parsed.intent is not Intent.NONE else None


DAY = timedelta(days=1)
EVERY_STATUS = tuple(PostStatus)


async def post_in_circle(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    after: AfterEffects,
    chat: tuple[int, str],
    user_id: int,
    text: str,
    kind: PostKind | None = None,
    update_id: int | None = None,
    photo: str | None = None,
) -> CirclePost:
    """A member's message in the circle, published as their post if it reads as one
    (a hashtag or a command may say which kind) and the circle's rules allow it; a
    photo's caption keeps the `photo`. The message handled again after a crash
    (`update_id`) finishes what it started, once."""
    kind = kind or kind_from_hashtags(text)
    words = without_kind_tags(text).strip()
    listed = circle_lists.read_circle_list(words, kind)
    parsed = read_post(words, kind) if listed is None else listed.items[0].parsed
    if parsed is None:
        return CirclePost("chatter")
    chat_id, title = chat
    now = clock.now()
    async with uow_factory() as uow:
        circle = await circle_of(uow, chat_id, title, now)
        # first seen by a post: there since the bot came, as far as we know
        await uow.circles.add_member(chat_id, user_id, circle.created_at or now)
        await uow.commit()
        earlier = await _posted_by(uow, update_id) if update_id is not None else None
        if earlier is None and user_id in circle.stopped:
            return CirclePost("stopped")
        mine = await uow.posts.list_by_user(user_id, EVERY_STATUS, offset=0, limit=100)
    if earlier is not None:  # with the others its list made at the same moment
        made = [p for p in mine if p.created_at == earlier.created_at and p.circle_id == chat_id]
        return await publish_drafts(uow_factory, clock, schedule, after, made or [earlier])
    here = [p for p in mine if p.circle_id == chat_id]
    if any(p.status is PostStatus.OPEN and p.raw_text == words for p in here):
        return CirclePost("duplicate")
    room = circle.posts_per_day - sum(1 for p in here if p.created_at > now - DAY)
    if room <= 0:
        return CirclePost("limit")
    if listed is not None:
        made = await circle_lists.save_list(
            uow_factory, clock, schedule, (chat_id, user_id), listed, room, update_id, photo
        )
        done = await publish_drafts(uow_factory, clock, schedule, after, made)
        return dataclasses.replace(done, over_limit=len(listed.items) - len(made))

    def in_home(home: str) -> ParsedPost:  # 元 in the member's city, if it is not China's
        return (read_post(words, kind, home) if home else None) or parsed

    drafted = await posts.draft(
        uow_factory,
        clock,
        schedule.post_ttl,
        user_id,
        words,
        read=in_home,
        circle_id=chat_id,
        update_id=update_id,
        photo=photo,
    )
    return await publish_drafts(uow_factory, clock, schedule, after, [drafted.post])


async def _posted_by(uow: UnitOfWork, update_id: int) -> Post | None:
    """The post this update made before a crash, if it made one."""
    post_id = await uow.inbox.drafted(update_id)
    return await uow.posts.get(post_id) if post_id is not None else None


async def publish_drafts(
    uow_factory: UowFactory,
    clock: Clock,
    schedule: Schedule,
    after: AfterEffects,
    made: Sequence[Post],
) -> CirclePost:
    """The drafts a member's message made, published (those published before, as they are)."""
    published: list[Post] = []
    alerted = 0
    for draft in sorted(made, key=lambda p: p.id or 0):
        if draft.status is not PostStatus.DRAFT:
            published.append(draft)
            continue
        assert draft.id is not None
        post, count = await publishing.publish(
            uow_factory, clock, schedule, after, draft.id, draft.user_id
        )
        published.append(post)
        alerted += count
    return CirclePost("published", published[0], alerted, tuple(published))


async def tell_limit(uow_factory: UowFactory, clock: Clock, user_id: int, chat_id: int) -> None:
    """Privately: today's posts in this circle are used up."""
    async with uow_factory() as uow:
        user, circle = await uow.users.get(user_id), await uow.circles.get(chat_id)
        if user is None or circle is None:
            return
        limit, title = circle.posts_per_day, circle.title
        text = t(user.language, "circle.limit", limit=limit, title=title)
        await outbox.add_to(uow, clock.now(), user.id, text, kind="circle.limit")
        await uow.commit()


# The mention says a match waits for them: only a match's messages send one (a notice of
# their time zone waits, unannounced, until they start the bot).
INVITED_FOR = frozenset({"match.alert", "contact.request", MATCH_FOLLOW_UP, CONTACT_FOLLOW_UP})


async def invite_to_start(
    uow_factory: UowFactory,
    clock: Clock,
    user_id: int,
    bot_username: str,
    kind: str = "match.alert",
) -> bool:
    """A message (of `kind`) could not reach a member who never started the bot: one short
    mention in their circle with a link that starts it, at most once a day, when it is about
    a match. True if queued."""
    if kind not in INVITED_FOR:
        return False
    async with uow_factory() as uow:
        now = clock.now()
        circle, user = await uow.circles.latest_of(user_id), await uow.users.get(user_id)
        if circle is None or user is None:
            return False
        if not await uow.circles.invite_once_a_day(circle.id, user_id, now):
            return False
        name = escape(user.display_name or user.username or str(user_id))
        mention = Html(f'<a href="tg://user?id={user_id}">{name}</a>')
        link = f"https://t.me/{bot_username}?start=matches"
        text = t(user.language, "circle.invite", mention=mention, link=link)  # to them
        await outbox.add_to(uow, now, circle.id, text, kind="circle.invite")
        await uow.commit()
        return True


async def migrated(
    uow_factory: UowFactory, clock: Clock, after: AfterEffects, old_id: int, new_id: int
) -> None:
    """The group became a supergroup (a new chat id): the circle keeps everything."""
    async with uow_factory() as uow:
        await uow.circles.migrate(old_id, new_id)
        await after.commit(uow, clock.now(), [CircleMoved(old_id, new_id)])


NEW_FOR = timedelta(days=1)  # a member who joined less than a day ago is new


async def member_joined(
    uow_factory: UowFactory, clock: Clock, chat: tuple[int, str], person: TelegramPerson
) -> None:
    """Telegram says someone joined the group: they are a member from now."""
    async with uow_factory() as uow:
        now = clock.now()
        await circle_of(uow, chat[0], chat[1], now)
        user, _ = await register(
            uow, dataclasses.replace(person, blocked_bot=None), now, Lang.ZH_HANS
        )
        await uow.circles.add_member(chat[0], user.id, now)
        await uow.commit()


async def links_to_flag(
    uow_factory: UowFactory, clock: Clock, chat_id: int, user_id: int
) -> Circle | None:
    """The circle, if a link from this member should go to its admins: they joined less
    than a day ago (members seen only by their posts count as there before the bot)."""
    async with uow_factory() as uow:
        circle = await uow.circles.get(chat_id)
        joined = await uow.circles.joined_at(chat_id, user_id)
    if circle is None or joined is None or circle.created_at is None:
        return None
    new = joined > circle.created_at and clock.now() - joined < NEW_FOR
    return circle if new else None


async def flag_link(
    uow_factory: UowFactory, clock: Clock, circle: Circle, admins: list[int], name: str, text: str
) -> int:
    """Tell each admin who started the bot, privately, of a link a new member posted."""
    async with uow_factory() as uow:
        now, told = clock.now(), 0
        for admin_id in admins:
            admin = await uow.users.get(admin_id)
            if admin is None or admin.blocked_bot:
                continue
            note = t(
                admin.language, "circle.link_flag", title=circle.title, name=name, text=text[:200]
            )
            await outbox.add_to(uow, now, admin.id, note, kind="circle.link")
            told += 1
        await uow.commit()
        return told
