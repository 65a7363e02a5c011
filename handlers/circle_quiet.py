"""📋 Posts without response, under /circle and on Mondays with the weekly report: the list
goes to an admin in their private chat (it names members' posts nobody answered, which is
not the group's business), with a 💡 button a post that has the market's advice sent to its
member now. Admin rights are asked of Telegram at each press."""

from __future__ import annotations

from telegram import Update
from telegram.error import Forbidden

from bot.context import BotContext
from bot.domain.models import Lang
from bot.texts import plain
from bot.texts.circle_report import quiet_posts_text
from handlers.buttons import Pressed
from handlers.circle_admin import still_admin
from handlers.keyboards import inline_keyboard, token_data

PER_ROW = 5


async def list_quiet(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    chat_id = await still_admin(context, pressed)
    lang = context.lang
    try:
        await send_quiet_list(context, chat_id, pressed.user_id, lang, even_empty=True)
    except Forbidden:  # they never opened a private chat with the bot, or blocked it
        await query.answer(plain(lang, "circle.quiet.start_first"), show_alert=True)
        return
    await query.answer(plain(lang, "circle.quiet.sent_privately"))


async def send_quiet_list(
    context: BotContext, chat_id: int, admin_id: int, lang: Lang, *, even_empty: bool = False
) -> None:
    """The circle's posts without response to the admin, privately, with its 💡 buttons bound
    to them; an empty list only when `even_empty` (they asked). Forbidden: no private chat."""
    circle, quiet = await context.use_cases.circles.quiet_posts(chat_id, admin_id)
    if not quiet and not even_empty:
        return
    text = quiet_posts_text(
        lang,
        circle.title,
        [(q.post, q.member) for q in quiet],
        context.clock.now(),
        context.settings.quiet_post_after.days,
    )
    buttons = [(f"💡 {n}", token_data(q.token)) for n, q in enumerate(quiet, 1)]
    rows = [buttons[i : i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
    await context.bot.send_text(admin_id, text, reply_markup=inline_keyboard(rows))


async def advise(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    chat_id = await still_admin(context, pressed)
    member = await context.use_cases.circles.advise_now(chat_id, pressed.id_arg("post"))
    await query.answer(plain(context.lang, "circle.quiet.advised_now", member=member))
