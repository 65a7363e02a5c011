"""/start (with an optional deep-link payload) and /help."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.context import BotContext
from bot.domain.models import Action
from bot.texts import Html, plain
from bot.texts.lists import shown_card
from bot.texts.user_settings import currency_notice
from handlers.keyboards import number, post_action_data
from handlers.replies import reply, reply_html

DEEP_LINK_KEY = "start_payload"
IN_GROUP = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


async def start(update: Update, context: BotContext) -> None:
    if context.args:
        # Deep links (t.me/<bot>?start=<payload>) carry a payload: p<id> opens a post (from
        # a circle's digest); anything else is kept for later features.
        payload = context.args[0][:64]
        context.store[DEEP_LINK_KEY] = payload
        post_id = number(payload[1:]) if payload.startswith("p") else None
        if post_id is not None and post_id > 0:
            await _show_post(update, context, post_id)
            return
    user = update.effective_user
    name = user.first_name if user else ""
    await reply(update, context, "start.welcome", name=name)
    # what could not reach them before (they never started the bot)
    if user is not None and await context.use_cases.delivery.resend_after_start(user.id):
        context.kick_outbox()


async def _show_post(update: Update, context: BotContext, post_id: int) -> None:
    assert update.effective_user is not None
    viewer = update.effective_user.id
    circle_id = await context.use_cases.posting.circle_to_ask(post_id, viewer)
    if circle_id is not None and await _in_group(context, circle_id, viewer):
        await context.use_cases.posting.member_confirmed(circle_id, viewer)
    post, too_good = await context.use_cases.posting.open_post(post_id, viewer)
    label = plain(context.lang, "btn.contact")
    buttons = [[(label, post_action_data(Action.CONTACT_POST_OWNER, post.id))]]
    conversion = context.conversion
    card = shown_card(post, context.lang, too_good=too_good, conversion=conversion)
    card = Html(card + currency_notice(conversion, context.lang))
    if conversion.told:  # the card named a guessed currency: once
        await context.use_cases.people.currency_told(viewer)
    await reply_html(update, context, card, buttons, photo=post.photo)


async def _in_group(context: BotContext, chat_id: int, user_id: int) -> bool:
    """Telegram's word on whether someone is in a group now."""
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError:  # not in it, or the bot is no longer there to ask
        return False
    return member.status in IN_GROUP or (
        member.status == ChatMemberStatus.RESTRICTED and bool(getattr(member, "is_member", False))
    )


async def help_command(update: Update, context: BotContext) -> None:
    chat = update.effective_chat
    in_circle = chat is not None and chat.type != "private"
    await reply(
        update, context, "help.circle" if in_circle else "help.text", bot=context.bot.username
    )
