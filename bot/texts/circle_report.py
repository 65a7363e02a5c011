"""What a circle's admins read of its market (issue 36): the week's report (the caption of
its picture, or the report itself when no product had a price to draw), and the list of
open posts nobody has responded to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal

from bot.domain.home import LANGUAGE_CURRENCIES, Conversion
from bot.domain.models import Circle, CircleWeek, Lang, Post, Price, ProductWeek
from bot.domain.vocabulary.units import unit_name
from bot.texts import Html, fits_caption, plain, t
from bot.texts.cards import cents, money_text, post_title
from bot.texts.translation import converted

NAMED = 3  # of the needs nobody asked about, those named


def circle_conversion(circle: Circle, rates: Mapping[str, float]) -> Conversion:
    """Prices shown to a circle: in its language's currency, at the operator's rates."""
    return Conversion(LANGUAGE_CURRENCIES[circle.language], rates)


def week_report(circle: Circle, week: CircleWeek, rates: Mapping[str, float]) -> Html:
    """The week's figures, its busiest products and the needs nobody asked about, in the
    circle's language and currency, short enough for a photo's caption (the products go
    first)."""
    lang, stats, conversion = circle.language, week.stats, circle_conversion(circle, rates)
    if not week.active:
        return t(lang, "circle.report.quiet", title=circle.title)
    rate = week.conversion
    shown_rate = rate is not None and stats.deals <= stats.contacts
    lines = [
        t(
            lang,
            "circle.report",
            title=circle.title,
            posts=stats.posts,
            matches=stats.matches,
            contacts=stats.contacts,
            deals=stats.deals,
            conversion=(
                t(lang, "circle.report.conversion", rate=round((rate or 0) * 100))
                if shown_rate
                else Html("")
            ),
        )
    ]
    if week.products:
        lines.append(t(lang, "circle.report.busiest"))
        lines += [_product(lang, n, p, conversion) for n, p in enumerate(week.products, 1)]
    lines.append(_unanswered(lang, week.unanswered))
    while len(lines) > 2 and not fits_caption("\n".join(lines)):
        del lines[-2]  # the last product first: the figures and the needs stay
    return Html("\n".join(lines))


def in_currency(value: float, conversion: Conversion) -> tuple[Decimal, str]:
    """A CNY amount in the reader's currency: (amount, currency)."""
    cny = cents(value)
    return converted(Price(low=cny, currency="CNY"), conversion) or (cny, "CNY")


def amount_in(value: float, conversion: Conversion) -> str:
    """A CNY amount in the reader's currency, as a card shows a price."""
    return money_text(*in_currency(value, conversion))


def _product(lang: Lang, n: int, product: ProductWeek, conversion: Conversion) -> Html:
    name = post_title(product.sample, lang)
    median = product.median
    if median is None:
        return t(lang, "circle.report.unpriced", n=n, product=name, posts=product.posts)
    return t(
        lang,
        "circle.report.product",
        n=n,
        product=name,
        posts=product.posts,
        median=amount_in(median, conversion),
        low=amount_in(min(product.prices), conversion),
        high=amount_in(max(product.prices), conversion),
        unit=unit_name(product.unit, lang, one=True) or plain(lang, "circle.report.unit"),
    )


def _unanswered(lang: Lang, needs: Sequence[Post]) -> Html:
    if not needs:
        return t(lang, "circle.report.all_answered")
    names = list(dict.fromkeys(post_title(need, lang) for need in needs))
    shown = "、".join(names[:NAMED]) if lang is not Lang.EN else ", ".join(names[:NAMED])
    more = f" +{len(names) - NAMED}" if len(names) > NAMED else ""
    return t(lang, "circle.report.unanswered", count=len(needs), products=shown + more)


def quiet_posts_text(
    lang: Lang, title: str, quiet: Sequence[tuple[Post, str]], now: datetime, days: int
) -> Html:
    """For an admin: the circle's open posts nobody has responded to, numbered as the 💡
    buttons under the list, each with its kind, product, member and age in days."""
    if not quiet:
        return t(lang, "circle.quiet.none", title=title, days=days)
    lines = [t(lang, "circle.quiet.title", title=title, days=days)]
    lines += [
        t(
            lang,
            "circle.quiet.line",
            n=n,
            kind=plain(lang, f"reminder.kind.{post.kind.value}"),
            product=post_title(post, lang),
            member=member,
            age=(now - post.created_at).days,
        )
        for n, (post, member) in enumerate(quiet, 1)
    ]
    return Html("\n".join(lines))
