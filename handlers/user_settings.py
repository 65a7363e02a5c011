"""/settings: reminder topics, the weekly digest, alerts in quiet hours, time zone, currency
and language, each a button that switches in place."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.domain.models import Action, User
from bot.services.reminders.user_settings import (
    CITIES,
    CURRENCY_CHOICES,
    SWITCHES,
    city_of,
    is_on,
)
from bot.texts import plain
from bot.texts.user_settings import currency_name, settings_text, switch_label, zone_name
from handlers.buttons import Pressed
from handlers.keyboards import action_data, markup
from handlers.language import LABELS
from handlers.replies import reply_html

Rows = list[list[tuple[str, str]]]
CURRENCIES_A_ROW = 4


def _keyboard(user: User, currency: str) -> Rows:
    rows: Rows = [
        [(switch_label(user, s, is_on(user, s)), action_data(Action.TOGGLE_SETTING, what=s))]
        for s in SWITCHES
    ]
    zone = plain(
        user.language, "settings.zone_button", zone=zone_name(user, city_of(user.timezone))
    )
    rows.append([(zone, action_data(Action.CHOOSE_TIMEZONE))])
    money = plain(user.language, "settings.currency_button", currency=currency_name(currency))
    rows.append([(money, action_data(Action.CHOOSE_CURRENCY))])
    rows.append(
        [
            (label, action_data(Action.SET_LANGUAGE, lang=lang.value))
            for lang, label in LABELS.items()
        ]
    )
    return rows


def _cities(user: User) -> Rows:
    names = [
        (plain(user.language, f"city.{city}"), action_data(Action.SET_TIMEZONE, city=city))
        for city in CITIES
    ]
    return [names[i : i + 2] for i in range(0, len(names), 2)]


def _currencies() -> Rows:
    codes = [
        (currency_name(code), action_data(Action.SET_CURRENCY, code=code))
        for code in CURRENCY_CHOICES
    ]
    return [codes[i : i + CURRENCIES_A_ROW] for i in range(0, len(codes), CURRENCIES_A_ROW)]


def _settings(context: BotContext, member: User) -> tuple[str, Rows]:
    currency = context.currency_of(member)
    text = settings_text(member, context.clock.now(), city_of(member.timezone), currency)
    return text, _keyboard(member, currency)


async def settings_command(update: Update, context: BotContext) -> None:
    user = update.effective_user
    if user is None:
        return
    member = await context.use_cases.people.settings_of(user.id)
    text, keyboard = _settings(context, member)
    await reply_html(update, context, text, keyboard)


async def _show(update: Update, context: BotContext, member: User, note: str) -> None:
    query = update.callback_query
    assert query is not None
    await query.answer(note)
    text, keyboard = _settings(context, member)
    await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup(keyboard))


async def toggle_setting(update: Update, context: BotContext, pressed: Pressed) -> None:
    switch = str(pressed.payload.get("what"))
    member = await context.use_cases.people.toggle(pressed.user_id, switch)
    note = "settings.on" if is_on(member, switch) else "settings.off"
    await _show(update, context, member, plain(context.lang, note))


async def choose_timezone(update: Update, context: BotContext, pressed: Pressed) -> None:
    member = await context.use_cases.people.settings_of(pressed.user_id)
    query = update.callback_query
    assert query is not None
    await query.answer()
    await query.edit_message_text(
        plain(context.lang, "settings.choose_city"), reply_markup=markup(_cities(member))
    )


async def timezone_chosen(update: Update, context: BotContext, pressed: Pressed) -> None:
    member = await context.use_cases.people.set_timezone(
        pressed.user_id,
        str(pressed.payload.get("city")),
    )
    await _show(update, context, member, plain(context.lang, "button.done"))


async def choose_currency(update: Update, context: BotContext, _pressed: Pressed) -> None:
    query = update.callback_query
    assert query is not None
    await query.answer()
    await query.edit_message_text(
        plain(context.lang, "settings.choose_currency"), reply_markup=markup(_currencies())
    )


async def currency_chosen(update: Update, context: BotContext, pressed: Pressed) -> None:
    member = await context.use_cases.people.set_currency(
        pressed.user_id, str(pressed.payload.get("code"))
    )
    await _show(update, context, member, plain(context.lang, "button.done"))
