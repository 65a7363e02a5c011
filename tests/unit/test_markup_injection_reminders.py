"""Markup injection, the renderers of follow-ups, advice, /settings (and the notice of a time
zone a named place moved) and trade circles (the
others and the oracle's description: `test_markup_injection_renderers.py`): adversarial
user text in every field, every language; accepted by the fake Telegram, no entity beyond
the template's."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.domain.advice import MarketPrices, PricePosition
from bot.domain.home import CURRENCY_CHOICES
from bot.domain.models import CircleStats, CircleWeek, Lang, ProductWeek
from bot.domain.money import DEFAULT_RATES
from bot.domain.your_month import Exchanges, YourMonth
from bot.pictures import market
from bot.texts import (
    advice,
    circle_report,
    circles,
    reminders,
    user_settings,
)
from bot.texts.your_month import month_text
from tests.readers import guessed
from tests.unit import markup_attacks as limit
from tests.unit.markup_attacks import Words, each_language, fuzz
from tests.unit.markup_domain import (
    NOW,
    UNITS,
    ZONES,
    CircleShape,
    PostShape,
    RelatedShape,
    UserShape,
    circle_shapes,
    counts,
    make_circle,
    make_post,
    make_related,
    make_user,
    missing_fields,
    post_shapes,
    price_positions,
    related_shapes,
    user_shapes,
)

pytestmark = pytest.mark.slow

EXAMPLES = 20
currencies = st.sampled_from(CURRENCY_CHOICES)  # the reader's; a guess, named once


@fuzz(EXAMPLES)
@given(
    st.data(), post_shapes, st.lists(post_shapes, max_size=5), counts, counts, counts, currencies
)
def test_reminders(
    data: st.DataObject,
    post: PostShape,
    fresh: list[PostShape],
    a: int,
    b: int,
    c: int,
    currency: str,
) -> None:
    zone = ZONES[a % len(ZONES)]
    each_language(
        data,
        lambda lang, w: reminders.expiry_warning_text(
            lang, make_post(post, w), a, b, zone, c, sent=a
        ),
    )
    each_language(
        data,
        lambda lang, w: reminders.digest_text(
            lang, [make_post(p, w) for p in fresh], a, b, c, conversion=guessed(currency)
        ),
    )
    warned = {p.id for p in fresh}  # each line with the too-good warning: the longest
    each_language(
        data,
        lambda lang, w: reminders.digest_text(
            lang, [make_post(p, w) for p in fresh], a, b, c, warned, conversion=guessed(currency)
        ),
    )
    pairs = data.draw(st.lists(st.tuples(post_shapes, post_shapes), max_size=3))
    each_language(  # with trusted suppliers for the reader's needs
        data,
        lambda lang, w: reminders.digest_text(
            lang,
            [make_post(p, w) for p in fresh],
            a,
            b,
            c,
            warned,
            [reminders.Supplier(make_post(n, w), make_post(o, w), a, b) for n, o in pairs],
            conversion=guessed(currency),
        ),
    )


@fuzz(EXAMPLES)
@given(st.data(), post_shapes, st.none() | price_positions, missing_fields, currencies)
def test_offer_advice(
    data: st.DataObject,
    post: PostShape,
    position: PricePosition | None,
    missing: list[str],
    currency: str,
) -> None:
    days, others = data.draw(st.integers(1, 60)), data.draw(st.integers(0, 3))

    def render(lang: Lang, w: Words) -> str:
        mine, words = make_post(post, w), [w(limit.WORD) for _ in range(others)]
        conversion = guessed(currency)
        return advice.offer_advice(
            lang, mine, days, position, missing, words, conversion=conversion
        )

    each_language(data, render)


@fuzz(EXAMPLES)
@given(st.data(), post_shapes, price_positions.filter(lambda p: p is not None), currencies)
def test_price_line(
    data: st.DataObject, post: PostShape, position: PricePosition, currency: str
) -> None:
    own = data.draw(st.booleans())

    def render(lang: Lang, w: Words) -> str:
        mine = make_post(post, w)
        return advice.price_line(lang, mine, position, guessed(currency), own=own)

    each_language(data, render)


prices = st.floats(0.01, 1e6, allow_nan=False)


@fuzz(EXAMPLES)
@given(st.data(), post_shapes, prices, st.lists(prices, max_size=40), currencies)
def test_market_caption(
    data: st.DataObject, post: PostShape, price: float, others: list[float], currency: str
) -> None:
    budgets = data.draw(st.lists(prices, max_size=40))

    def render(lang: Lang, w: Words) -> str:
        mine = make_post(post, w)
        found = MarketPrices(mine.kind, price, tuple(others), tuple(budgets))
        return market.market_caption(lang, mine, found, guessed(currency))

    each_language(data, render)


@fuzz(EXAMPLES)
@given(st.data(), post_shapes, st.integers(1, 60), related_shapes, missing_fields, currencies)
def test_need_advice(
    data: st.DataObject,
    post: PostShape,
    days: int,
    related: list[RelatedShape],
    missing: list[str],
    currency: str,
) -> None:
    def render(lang: Lang, w: Words) -> str:
        mine, rows = make_post(post, w), make_related(related, w)
        conversion, alerted = guessed(currency), len(related)
        return advice.need_advice(
            lang, mine, days, rows, missing, conversion=conversion, alerted=alerted
        )

    each_language(data, render)


@fuzz(EXAMPLES)
@given(
    st.data(),
    user_shapes,
    st.none() | st.sampled_from(["shanghai", "london", "karachi", "utc"]),
    currencies,
)
def test_user_settings(
    data: st.DataObject, user: UserShape, city: str | None, currency: str
) -> None:
    each_language(
        data,
        lambda lang, w: user_settings.settings_text(
            make_user(replace(user, language=lang), w), NOW, city, currency
        ),
    )
    place = data.draw(st.sampled_from(["Hamburg", "义乌", "Berlin", "Karachi"]))
    each_language(  # the zone a place they named moved: with the currency, or one they picked
        data,
        lambda lang, w: user_settings.zone_followed(
            make_user(replace(user, language=lang), w),
            place,
            NOW,
            city,
            currency if len(place) % 2 else None,
        ),
    )


@fuzz(EXAMPLES)
@given(st.data(), circle_shapes, st.tuples(counts, counts, counts, counts))
def test_circle_settings(data: st.DataObject, circle: CircleShape, stats: tuple) -> None:
    def render(lang: Lang, w: Words) -> str:
        shown = make_circle(replace(circle, language=lang), w)
        return circles.circle_settings_text(shown, CircleStats(*stats))

    each_language(data, render)


@fuzz(EXAMPLES)
@given(
    st.data(),
    circle_shapes,
    st.tuples(counts, counts, counts, counts, counts),
    st.lists(st.tuples(post_shapes, counts, st.lists(prices, max_size=5)), max_size=5),
    st.lists(post_shapes, max_size=4),
)
def test_week_report(
    data: st.DataObject,
    circle: CircleShape,
    stats: tuple[int, int, int, int, int],
    products: list[tuple[PostShape, int, list[float]]],
    needs: list[PostShape],
) -> None:
    unit = data.draw(st.sampled_from(UNITS))

    def render(lang: Lang, w: Words) -> str:
        shown = make_circle(replace(circle, language=lang), w)
        busiest = tuple(
            ProductWeek(make_post(p, w), n, tuple(found), unit) for p, n, found in products
        )
        week = CircleWeek(CircleStats(*stats), busiest, tuple(make_post(p, w) for p in needs))
        return circle_report.week_report(shown, week, DEFAULT_RATES)

    def month(lang: Lang, w: Words) -> str:  # "Your month": the circle's title, others' needs
        alerts, contacts, deals, sales, top = stats
        mine = YourMonth(
            datetime(2026, 3, 1, tzinfo=UTC),
            alerts,
            Exchanges(contacts, deals),
            w(0),
            0.5,
            sales,
            min(top, sales),
            7,
        )
        suggested = [make_post(p, w) for p in needs]
        return month_text(lang, mine, suggested, bot_username="Bot", conversion=guessed("EUR"))

    each_language(data, render)
    each_language(data, month)


@fuzz(EXAMPLES)
@given(st.data(), st.text(max_size=128), st.lists(post_shapes, max_size=4), st.integers(0, 30))
def test_quiet_posts_text(
    data: st.DataObject, title: str, posts: list[PostShape], days: int
) -> None:
    def render(lang: Lang, w: Words) -> str:
        quiet = [(make_post(p, w), w(limit.NAME)) for p in posts]
        return circle_report.quiet_posts_text(lang, w(limit.TITLE) + title, quiet, NOW, days)

    each_language(data, render)


@fuzz(EXAMPLES)
@given(st.data(), circle_shapes, st.lists(post_shapes, max_size=35))
def test_circle_digest(data: st.DataObject, circle: CircleShape, posts: list[PostShape]) -> None:
    def render(lang: Lang, w: Words) -> str:
        shown = make_circle(replace(circle, language=lang), w)
        return circles.circle_digest(shown, [make_post(p, w) for p in posts], "TradeCircleBot")

    each_language(data, render)


@fuzz(EXAMPLES)
@given(st.data(), circle_shapes)
def test_group_notices_in_each_language(data: st.DataObject, circle: CircleShape) -> None:
    """A group's title is whatever its creator chose: in every language's block of one
    notice it stays text."""

    def render(lang: Lang, w: Words) -> str:
        shown = make_circle(replace(circle, language=lang), w)
        langs = [lang, *(other for other in Lang if other is not lang)]
        greeting = circles.in_each(
            langs, "circle.greeting", title=shown.title, link="https://t.me/TradeCircleBot"
        )
        return f"{greeting}\n\n{circles.in_each(langs, 'circle.privacy', bot='TradeCircleBot')}"

    each_language(data, render)
