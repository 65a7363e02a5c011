"""📊 Market under the owner's card of an open post: the picture of where its price stands among comparable
offers and buyers' budgets, drawn in the painter's process, with a short caption; a
friendly line instead when the post names no price or too few posts compare."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.pictures.market import NEEDED, enough, market_caption, market_strip
from bot.texts.cards import post_title
from handlers.buttons import Pressed
from handlers.replies import reply


async def show_market(update: Update, context: BotContext, pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None and update.effective_chat is not None
    lang = context.lang
    post, prices = await context.use_cases.posting.market_of(
        pressed.id_arg("post"), pressed.user_id
    )
    await query.answer()
    product = post_title(post, lang)
    if prices is None:
        await reply(update, context, "market.no_price", product=product)
        return
    if not enough(prices):
        count = len(prices.offers) + len(prices.budgets)
        await reply(update, context, "market.too_few", product=product, count=count, needed=NEEDED)
        return
    conversion = context.conversion
    strip = market_strip(lang, post, prices, conversion)
    caption = market_caption(lang, post, prices, conversion)
    painter = context.services.painter
    assert painter is not None, "bot.app makes the painter"
    png = await painter.draw(strip)
    await context.bot.send_photo(
        update.effective_chat.id, photo=png, caption=caption, parse_mode=ParseMode.HTML
    )
    if conversion.told:  # the caption named a guessed currency: once
        await context.use_cases.people.currency_told(pressed.user_id)
