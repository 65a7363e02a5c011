"""📊 The week's market under /circle, for the admin who opened it: the circle's week as a
picture of its busiest products' prices with the report as its caption, in the group (its
figures are the circle's own); words alone when no product had a price. Admin rights are
asked of Telegram again when pressed."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.pictures.circle_week import week_picture
from bot.texts import fits_caption
from bot.texts.circle_report import week_report
from handlers.buttons import Pressed
from handlers.circle_admin import still_admin


async def show_report(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    chat_id = await still_admin(context, pressed)
    circle, week = await context.use_cases.circles.week_of(chat_id)
    await query.answer()
    rates = context.services.matching.policy.rates
    text, picture = week_report(circle, week, rates), week_picture(circle, week, rates)
    if picture is None:
        await context.bot.send_text(chat_id, text)
        return
    painter = context.services.painter
    assert painter is not None, "bot.app makes the painter"
    png = await painter.draw(picture)
    if fits_caption(text):
        await context.bot.send_photo(chat_id, photo=png, caption=text, parse_mode=ParseMode.HTML)
        return
    await context.bot.send_photo(chat_id, photo=png)  # then the words, as long as they are
    await context.bot.send_text(chat_id, text)
