"""The bot in trade circles (Telegram groups): joining, and members' posts written there.
Nothing but a greeting, a privacy notice for admins and one short line per post goes into
the group; alerts and anything multi-step go to private chats."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence

from telegram import (
    ChatMemberUpdated,
    LinkPreviewOptions,
    Message,
    MessageEntity,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatMemberStatus, ParseMode
from telegram.error import RetryAfter, TelegramError

from bot.context import BotContext
from bot.domain.models import Lang, Post, PostKind
from bot.services.people.users import TelegramPerson
from bot.texts import t
from bot.texts.cards import post_title
from bot.texts.circles import in_each
from handlers.transport.send_guard import NO_WAIT

log = logging.getLogger(__name__)

PRESENT = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR)
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


def _private_link(context: BotContext) -> str:
    return f"https://t.me/{context.bot.username}?start=circle"


async def bot_membership(update: Update, context: BotContext) -> None:
    """Added to a group: its circle, one greeting in every language of its members, and,
    when Telegram's privacy mode hides members' messages, how the admins can fix that."""
    change: ChatMemberUpdated | None = update.my_chat_member
    if change is None or change.chat.type not in ("group", "supergroup"):
        return
    was, now = change.old_chat_member.status, change.new_chat_member.status
    if now not in PRESENT or was in PRESENT:
        return
    circle, new = await context.use_cases.circles.bot_joined(
        change.chat.id,
        change.chat.title or "",
        change.from_user.id if change.from_user else None,
    )
    hidden = not context.bot.can_read_all_group_messages and now != ChatMemberStatus.ADMINISTRATOR
    if not (new or hidden):
        return
    langs = await context.use_cases.circles.notice_languages(
        circle.id, await _people(context, circle.id)
    )
    if new:
        text = in_each(langs, "circle.greeting", title=circle.title, link=_private_link(context))
        await context.bot.send_text(circle.id, text)
    if hidden:
        text = in_each(langs, "circle.privacy", bot=context.bot.username)
        await context.bot.send_text(circle.id, text)


async def _people(context: BotContext, chat_id: int) -> int | None:
    """How many people are in the group, the bot not counted; None when Telegram won't say."""
    try:
        return await context.bot.get_chat_member_count(chat_id) - 1
    except TelegramError:
        return None


async def group_message(update: Update, context: BotContext) -> None:
    """A member's message in the group: a post when it reads as one, else left alone; a
    link from a member who joined today goes to the admins, privately."""
    message = update.effective_message
    await _post(update, context, None, (message.text or "") if message else "")
    if message is not None and message.from_user is not None and _has_link(message):
        await _flag_link(context, message)


async def group_photo(update: Update, context: BotContext) -> None:
    """A member's photo in the group: with a caption, a post as its words would be (the
    photo kept); without one, a short reply saying how to post it."""
    message = update.effective_message
    if message is None or not message.photo or message.from_user is None:
        return
    caption = (message.caption or "").strip()
    if caption:
        await _post(update, context, None, caption, photo=message.photo[-1].file_id)
        return
    if message.from_user.is_bot:
        return
    text = t(context.lang, "circle.photo_needs_words")
    with contextlib.suppress(RetryAfter):  # the group's busy minute: no line rather than late
        await context.bot.send_message(
            message.chat.id,
            text,
            parse_mode=ParseMode.HTML,
            disable_notification=True,
            reply_parameters=ReplyParameters(message.message_id),
            rate_limit_args=NO_WAIT,  # type: ignore[arg-type]
        )


def _has_link(message: Message) -> bool:
    return any(e.type in (MessageEntity.URL, MessageEntity.TEXT_LINK) for e in message.entities)


async def _flag_link(context: BotContext, message: Message) -> None:
    author = message.from_user
    assert author is not None
    circle = await context.use_cases.circles.links_to_flag(message.chat.id, author.id)
    if circle is None:
        return
    admins = await context.bot.get_chat_administrators(message.chat.id)
    ids = [a.user.id for a in admins if not a.user.is_bot]
    name, text = author.full_name, message.text or ""
    if await context.use_cases.circles.flag_link(circle, ids, name, text):
        context.kick_outbox()


async def members_joined(update: Update, context: BotContext) -> None:
    """Telegram's service message: people joined the group (the bot itself is handled by
    `bot_membership`)."""
    message = update.effective_message
    if message is None:
        return
    chat = (message.chat.id, message.chat.title or "")
    for member in message.new_chat_members or ():
        if member.is_bot:
            continue
        person = TelegramPerson(
            member.id, member.first_name, member.last_name, member.username, member.language_code
        )
        await context.use_cases.circles.member_joined(chat, person)


async def group_offer(update: Update, context: BotContext) -> None:
    """/offer@bot <words> in a group."""
    await _post(update, context, PostKind.OFFER, " ".join(context.args or []))


async def group_need(update: Update, context: BotContext) -> None:
    """/need@bot <words> in a group."""
    await _post(update, context, PostKind.NEED, " ".join(context.args or []))


async def _post(
    update: Update,
    context: BotContext,
    kind: PostKind | None,
    text: str,
    photo: str | None = None,
) -> None:
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat is None or user is None or message is None or user.is_bot:
        return
    text = text.replace(f"@{context.bot.username}", " ")  # a mention lets it through privacy
    result = await context.use_cases.circles.post_in_circle(
        (chat.id, chat.title or ""),
        user.id,
        text,
        kind,
        update.update_id,
        photo,
    )
    if result.outcome == "chatter" and kind is not None:  # a command with nothing after it
        usage = t(context.lang, "circle.post_usage", bot=context.bot.username)
        await message.reply_text(usage, parse_mode=ParseMode.HTML)
    if result.outcome == "limit" or result.over_limit:  # told privately: not to the group
        await context.use_cases.circles.tell_limit(user.id, chat.id)
        context.kick_outbox()
    if result.post is None:
        return
    context.kick_outbox()
    text = noted(result.posts or (result.post,), context.lang, _private_link(context))
    try:
        await context.bot.send_message(
            chat.id,
            text,
            parse_mode=ParseMode.HTML,
            link_preview_options=NO_PREVIEW,
            disable_notification=True,
            reply_parameters=ReplyParameters(message.message_id),
            rate_limit_args=NO_WAIT,  # type: ignore[arg-type]  # never wait for the group
        )
    except RetryAfter:
        # The group's 20 messages a minute are used up: the post is published and its
        # alerts go out; a line minutes late would be noise, and waiting for it would hold
        # up every later message of the circle.
        log.info("circle %s: busy minute, post %s noted without a line", chat.id, result.post.id)


def noted(posts: Sequence[Post], lang: Lang, link: str) -> str:
    """The one line the group hears of a member's post, or of a price list's posts."""
    offer = posts[0].kind is PostKind.OFFER
    if len(posts) == 1:
        key = "circle.offer_noted" if offer else "circle.need_noted"
        return t(lang, key, product=post_title(posts[0], lang), link=link)
    titles = dict.fromkeys(post_title(post, lang) for post in posts)
    products = " · ".join(titles) if len(titles) > 1 else f"{next(iter(titles))} ×{len(posts)}"
    products = products if len(products) <= 80 else products[:79] + "…"
    key = "circle.offers_noted" if offer else "circle.needs_noted"
    return t(lang, key, count=len(posts), products=products, link=link)


async def group_migrated(update: Update, context: BotContext) -> None:
    """Group -> supergroup: the old group's last message names the new chat id."""
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    chat = message.chat.id
    await context.use_cases.circles.migrated(chat, message.migrate_to_chat_id)
