"""/circle in a trade circle, for its admins: settings (buttons), and as a reply to a
member's message: remove the post, stop or resume the member, vouch for them, settle a
disputed registration number for them. Admin rights are asked of Telegram (getChatMember) at
every action, so a demoted admin loses them at once; an anonymous admin (posting as the
group) counts as one. For a vouch or a settlement the group's creator is asked too
(getChatAdministrators): a circle its member or their partners created cannot speak for
them."""

from __future__ import annotations

from telegram import Message, Update
from telegram.constants import ChatMemberStatus, ParseMode

from bot.context import BotContext
from bot.domain.models import Circle, CircleStats
from bot.services.circles import circle_admin
from bot.services.errors import ButtonNotYours
from bot.texts import plain
from bot.texts.circles import circle_settings_text
from handlers.buttons import Pressed
from handlers.keyboards import markup, tokens_as_data
from handlers.language import LABELS

ADMINS = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)
SUBCOMMANDS = ("remove", "stop", "resume", "vouch", "settle")


async def is_admin(
    context: BotContext, chat_id: int, user_id: int, message: Message | None
) -> bool:
    if message is not None and message.sender_chat is not None:
        return message.sender_chat.id == chat_id  # an anonymous admin writes as the group
    member = await context.bot.get_chat_member(chat_id, user_id)
    return member.status in ADMINS


async def circle_command(update: Update, context: BotContext) -> None:
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat is None or user is None or message is None:
        return
    if not await is_admin(context, chat.id, user.id, message):
        await message.reply_text(plain(context.lang, "circle.admins_only"))
        return
    what = (context.args or [""])[0].lower()
    if what in SUBCOMMANDS:
        await _on_member(update, context, what, message)
        return
    circle = await context.use_cases.circles.settings_of(chat.id, chat.title or "")
    stats = await context.use_cases.circles.week_stats(chat.id)
    text, rows = await _settings(context, circle, stats, user.id)
    await message.reply_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(rows))


async def _settings(
    context: BotContext, circle: Circle, stats: CircleStats, admin_id: int
) -> tuple[str, list[list[tuple[str, str]]]]:
    lang = circle.language
    switch = (
        ("off", "circle.btn.open_off") if circle.open_to_market else ("on", "circle.btn.open_on")
    )
    weekly = (
        ("off", "circle.btn.weekly_off")
        if circle.weekly_report
        else ("on", "circle.btn.weekly_on")
    )
    choices: list[list[tuple[str, str, str]]] = [
        [("language", code.value, label) for code, label in LABELS.items()],
        [("open", switch[0], plain(lang, switch[1]))],
        [("weekly", weekly[0], plain(lang, weekly[1]))],
        [("digest", "off", plain(lang, "circle.btn.digest_off"))]
        + [("digest", str(h), f"{h:02d}:00") for h in circle_admin.DIGEST_HOURS],
        [("limit", str(n), plain(lang, "circle.btn.limit", count=n)) for n in circle_admin.LIMITS],
    ]
    rows = await context.use_cases.circles.setting_buttons(circle.id, admin_id, choices)
    report, quiet = await context.use_cases.circles.admin_buttons(circle.id, admin_id)
    rows.append([(plain(lang, "circle.btn.report"), report)])
    rows.append([(plain(lang, "circle.btn.quiet"), quiet)])
    return circle_settings_text(circle, stats), tokens_as_data(rows)


async def still_admin(context: BotContext, pressed: Pressed) -> int:
    """The circle a button under /circle is for, once Telegram says its presser is still
    one of its admins."""
    chat_id = pressed.id_arg("circle")
    if not await is_admin(context, chat_id, pressed.user_id, None):
        raise ButtonNotYours()  # no longer an admin
    return chat_id


async def setting_chosen(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    chat_id = await still_admin(context, pressed)
    what, value = str(pressed.payload["what"]), str(pressed.payload["value"])
    circle = await context.use_cases.circles.change(chat_id, what, value, pressed.user_id)
    stats = await context.use_cases.circles.week_stats(chat_id)
    text, rows = await _settings(context, circle, stats, pressed.user_id)
    await query.answer(plain(circle.language, "button.done"))
    await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(rows))


async def _on_member(update: Update, context: BotContext, what: str, message: Message) -> None:
    chat, user = update.effective_chat, update.effective_user
    assert chat is not None and user is not None
    replied = message.reply_to_message
    member = replied.from_user if replied is not None else None
    if replied is None or member is None or member.is_bot:
        await message.reply_text(plain(context.lang, "circle.reply_needed", what=what))
        return
    name = member.full_name
    if what == "remove":
        post = await context.use_cases.circles.remove_post(chat.id, member.id, replied.text or "")
        key = "circle.removed" if post is not None else "circle.no_post"
        await message.reply_text(plain(context.lang, key, name=name))
    elif what in ("stop", "resume"):
        stop = what == "stop"
        await context.use_cases.circles.stop_member(chat.id, member.id, stop)
        key = "circle.stopped" if what == "stop" else "circle.resumed"
        await message.reply_text(plain(context.lang, key, name=name))
    elif what == "vouch":
        creator, title = await _creator(context, chat.id), chat.title or ""
        count = await context.use_cases.circles.vouch(
            chat.id, user.id, member.id, creator_id=creator, title=title
        )
        await message.reply_text(plain(context.lang, "circle.vouched", name=name, count=count))
    else:
        creator = await _creator(context, chat.id)
        title = await context.use_cases.circles.settle(
            chat.id, user.id, member.id, creator_id=creator, title=chat.title or ""
        )
        await message.reply_text(plain(context.lang, "circle.settled", name=name, title=title))
        context.kick_outbox()  # the admin chat's notice


async def _creator(context: BotContext, chat_id: int) -> int | None:
    """The group's creator, as Telegram says (None when it has none any more)."""
    admins = await context.bot.get_chat_administrators(chat_id)
    return next((m.user.id for m in admins if m.status == ChatMemberStatus.OWNER), None)
