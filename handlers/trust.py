"""/trust and the Trust record button: the facts of a member's record."""

from __future__ import annotations

from telegram import MessageOriginHiddenUser, MessageOriginUser, Update

from bot.context import BotContext
from bot.services.errors import UserFacingError
from bot.texts.alerts import trust_card
from handlers.buttons import Pressed
from handlers.replies import reply, reply_html


def named_member(update: Update, args: list[str]) -> int | str | None:
    """Whom a command is about: `@username` after it, else the author of the message it
    replies to (or of the message that was forwarded), else None."""
    if args:
        return args[0]
    message = update.effective_message
    replied = message.reply_to_message if message else None
    if replied is None:
        return None
    origin = replied.forward_origin
    if isinstance(origin, MessageOriginUser):
        return origin.sender_user.id
    if isinstance(origin, MessageOriginHiddenUser):
        raise UserFacingError("trust.hidden_sender", name=origin.sender_user_name)
    author = replied.from_user
    return None if author is None or author.is_bot else author.id


async def trust_command(update: Update, context: BotContext) -> None:
    """/trust: your own record; /trust @username, or as a reply to someone's message (or to
    a message forwarded from them): theirs. Works in groups too (the record is public)."""
    args = context.args or []
    user = update.effective_user
    if user is None:
        return
    if len(args) > 1:
        await reply(update, context, "trust.usage")
        return
    subject = named_member(update, args) or user.id
    chat = update.effective_chat
    circle_id = chat.id if chat is not None and chat.type != "private" else None
    member, summary = await context.use_cases.trust.record_of(subject, circle_id)
    await reply_html(update, context, trust_card(summary, context.lang, own=member == user.id))


async def show_trust(update: Update, context: BotContext, pressed: Pressed) -> None:
    """The Trust record button under an alert or a contact request."""
    member, summary = await context.use_cases.trust.record_of(pressed.id_arg("user"))
    query = update.callback_query
    assert query is not None
    await query.answer()
    own = member == pressed.user_id
    await reply_html(update, context, trust_card(summary, context.lang, own=own))


async def verify_command(update: Update, context: BotContext) -> None:
    """/verify <registration>: a business registration raises the record to L2."""
    user = update.effective_user
    words = " ".join(context.args or []).strip()
    if user is None:
        return
    if not words:
        await reply(update, context, "verify.usage")
        return
    key = await context.use_cases.trust.verify_business(user.id, words)
    await reply(update, context, key)
    if key == "verify.disputed":
        context.kick_outbox()  # the admin chat's notice
