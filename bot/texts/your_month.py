""" "Your month" (issue 36): a member's month in figures, their deals per contact beside
their circle's, and, when one buyer took over half their confirmed sales, open needs of
other buyers."""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import datetime

from bot.domain.home import Conversion
from bot.domain.models import Lang, Post
from bot.domain.your_month import YourMonth
from bot.texts import Html, t
from bot.texts.cards import post_line
from bot.texts.reminders import open_line
from bot.texts.user_settings import currency_notice


def percent(share: float) -> str:
    return f"{round(share * 100)}%"


def month_name(lang: Lang, start: datetime) -> str:
    """ "November 2026", "2026年11月"."""
    if lang is Lang.EN:
        return f"{calendar.month_name[start.month]} {start.year}"
    return f"{start.year}年{start.month}月"


def month_text(
    lang: Lang,
    month: YourMonth,
    suggested: Sequence[Post],
    *,
    bot_username: str = "",
    conversion: Conversion,
) -> Html:
    """`suggested`: open needs of buyers other than the largest, each with a link that
    opens it in the chat with the bot (none when `bot_username` is unknown)."""
    own = month.own
    lines = [
        t(lang, "month.title", month=month_name(lang, month.start)),
        t(lang, "month.figures", alerts=month.alerts, contacts=own.contacts, deals=own.deals),
    ]
    if own.conversion is None:
        lines.append(t(lang, "month.no_contacts"))
    elif month.circle is not None and month.circle_median is not None:
        lines.append(
            t(
                lang,
                "month.conversion_circle",
                rate=percent(own.conversion),
                circle=month.circle,
                median=percent(month.circle_median),
            )
        )
    else:
        lines.append(t(lang, "month.conversion", rate=percent(own.conversion)))
    share = month.top_share
    if share is not None:
        key = "month.one_big_buyer" if month.one_big_buyer else "month.buyers_spread"
        lines.append(
            t(lang, key, sales=month.sales, top=month.top_buyer_sales, share=percent(share))
        )
    if suggested:
        found = "\n".join(
            post_line(post, lang, n, conversion) + open_line(post, lang, bot_username)
            for n, post in enumerate(suggested, start=1)
        )
        lines.append(t(lang, "month.other_buyers", lines=Html(found)))
    elif month.one_big_buyer:
        lines.append(t(lang, "month.no_other_buyers"))
    lines.append(t(lang, "month.footer"))
    return Html("\n\n".join(lines) + currency_notice(conversion, lang))
