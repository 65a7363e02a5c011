"""/trust and the Trust record button: the facts of a member's record."""

from __future__ import annotations

from telegram import Update

from bot.context import BotContext
from bot.services.identity import verify_business
from bot.services.trust import record_of
from bot.texts.alerts import trust_card
from handlers.buttons import Pressed
from handlers.replies import reply, reply_html


async def trust_command(update: Update, context: BotContext) -> None:
    """/trust: your own record; /trust @username: someone's."""
    args = context.args or []
    user = update.effective_user
    if user is None:
        return
    if len(args) > 1:
        await reply(update, context, "trust.usage")
        return
    subject: int | str = args[0] if args else user.id
    member, summary = await record_of(context.services.uow_factory, context.clock, subject)
    await reply_html(update, context, trust_card(summary, context.lang, own=member == user.id))


async def show_trust(update: Update, context: BotContext, pressed: Pressed) -> None:
    """The Trust record button under an alert or a contact request."""
    member, summary = await record_of(
        context.services.uow_factory, context.clock, pressed.id_arg("user")
    )
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
    key = await verify_business(context.services.uow_factory, context.clock, user.id, words)
    await reply(update, context, key)
