"""Markup injection, renderers: every public function of `bot/texts` that returns a message
(`Html`), in all three languages, on domain objects whose every user-provided string
(product, specs, places, terms, keywords, contacts, the text as written, names, usernames,
phones, comments, complaint answers, profile fields, circle titles, search words, words in
a match's reasons and in advice) is adversarial: the message is accepted by the fake
Telegram (valid HTML, at most 4096 characters once parsed) and has no entity beyond those
of the same message with harmless letters (oracle: `markup_attacks.py`; what it does and
does not guarantee: `test_markup_injection_keys.py`). `test_every_renderer_is_fuzzed` keeps
the list whole. No renderer makes a caption (the bot sends no media): 1024 never applies.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bot.pictures
import bot.texts
from bot.domain.advice import PricePosition
from bot.domain.home import CURRENCY_CHOICES
from bot.domain.models import Lang, Post, Rating
from bot.pictures import market
from bot.texts import (
    advice,
    alerts,
    cards,
    circle_report,
    circles,
    contacts,
    deals,
    leads,
    lists,
    profile,
    reasons,
    reminders,
    t,
    user_settings,
    your_month,
)
from tests.readers import guessed
from tests.unit import markup_attacks as limit
from tests.unit.markup_attacks import Words, each_language, fuzz
from tests.unit.markup_domain import (
    NOW,
    PostShape,
    SummaryShape,
    UserShape,
    make_post,
    make_profile,
    make_reasons,
    make_summary,
    make_user,
    post_shapes,
    price_positions,
    reason_kinds,
    summary_shapes,
    user_shapes,
)

pytestmark = pytest.mark.slow

FUZZED = {  # each has a test below or in test_markup_injection_reminders.py
    market.market_caption,
    circle_report.week_report,
    circle_report.quiet_posts_text,
    advice.need_advice,
    advice.offer_advice,
    advice.price_line,
    alerts.match_alert,
    alerts.trust_card,
    alerts.trust_line,
    cards.card_message,
    cards.expiry_notice,
    cards.field_lines,
    cards.post_card,
    cards.post_line,
    circles.circle_digest,
    circles.circle_settings_text,
    circles.in_each,
    contacts.contact_card,
    contacts.contact_declined,
    contacts.contact_request,
    deals.deal_message,
    deals.rating_thanks,
    leads.lead_text,
    lists.my_posts_page,
    lists.price_list_drafts,
    lists.search_page,
    lists.shown_card,
    profile.profile_card,
    profile.profile_saved,
    reasons.render_reasons,
    reminders.digest_text,
    reminders.expiry_warning_text,
    user_settings.settings_text,
    user_settings.zone_followed,
    your_month.month_text,
}
PART = "✉ "  # before what is only a part of a message (card lines, reasons)
EXAMPLES = 20
# the currency a reader sees prices in: with a symbol or without (PKR), the notice of a guess
currencies = st.sampled_from(CURRENCY_CHOICES)


@fuzz(EXAMPLES)
@given(st.data(), post_shapes, st.booleans(), st.integers(1, 999), currencies)
def test_cards(
    data: st.DataObject, post: PostShape, status: bool, number: int, currency: str
) -> None:
    intro, note = t(Lang.EN, "post.edited"), t(Lang.EN, "post.renewed", date="2026-03-02")
    each_language(data, lambda lang, w: cards.post_card(make_post(post, w), lang, status=status))
    each_language(
        data,
        lambda lang, w: cards.post_card(make_post(post, w), lang, conversion=guessed(currency)),
    )
    each_language(
        data, lambda lang, w: cards.card_message(make_post(post, w), lang, intro=intro, note=note)
    )
    each_language(
        data, lambda lang, w: PART + "\n".join(cards.field_lines(make_post(post, w).parsed, lang))
    )
    each_language(data, lambda lang, w: cards.expiry_notice(make_post(post, w), lang))
    each_language(data, lambda lang, w: cards.post_line(make_post(post, w), lang, number))
    each_language(
        data,
        lambda lang, w: cards.post_line(make_post(post, w), lang, number, guessed(currency)),
    )


@fuzz(EXAMPLES)
@given(
    st.data(),
    post_shapes,
    st.none() | summary_shapes(),
    reason_kinds,
    st.booleans(),
    currencies,
    st.none() | price_positions,
)
def test_alerts(
    data: st.DataObject,
    post: PostShape,
    them: SummaryShape | None,
    kinds: list[str],
    too_good: bool,
    currency: str,
    position: PricePosition | None,
) -> None:
    def alert(lang: Lang, w: Words) -> str:
        their_post, summary = make_post(post, w), make_summary(them, w) if them else None
        return alerts.match_alert(
            lang,
            their_post,
            summary,
            make_reasons(kinds, w),
            conversion=guessed(currency),
            too_good=too_good,
            position=position,
        )

    each_language(data, alert)
    each_language(  # a demand lead: the need, its buyer's line (offered: reuse a flag)
        data,
        lambda lang, w: leads.lead_text(
            lang,
            make_post(post, w),
            make_summary(them, w) if them else None,
            too_good,
            3,
            conversion=guessed(currency),
        ),
    )
    each_language(
        data,
        lambda lang, w: (
            PART + reasons.render_reasons(make_reasons(kinds, w), lang, guessed(currency))
        ),
    )
    if them is not None:
        each_language(data, lambda lang, w: alerts.trust_line(make_summary(them, w), lang))
        each_language(
            data, lambda lang, w: alerts.trust_card(make_summary(them, w), lang, own=True)
        )
        each_language(
            data, lambda lang, w: alerts.trust_card(make_summary(them, w), lang, own=False)
        )


@fuzz(EXAMPLES)
@given(
    st.data(),
    post_shapes,
    st.none() | post_shapes,
    st.none() | summary_shapes(),
    user_shapes,
    st.integers(0, 6),
    currencies,
)
def test_contacts(
    data: st.DataObject,
    about: PostShape,
    theirs: PostShape | None,
    them: SummaryShape | None,
    of: UserShape,
    written: int,
    currency: str,
) -> None:
    too_good = written % 2 == 1  # with the too-good warning or without

    def request(lang: Lang, w: Words) -> str:
        their_post = make_post(theirs, w) if theirs else None
        summary = make_summary(them, w) if them else None
        return contacts.contact_request(
            lang,
            make_post(about, w),
            their_post,
            summary,
            conversion=guessed(currency),
            too_good=too_good,
        )

    def card(lang: Lang, w: Words) -> str:
        numbers = tuple(w(limit.CONTACT) for _ in range(written))
        of_user, post = make_user(of, w), make_post(about, w)
        profile = make_profile(0, w) if written != 3 else None  # company, region (or none)
        record = make_summary(them, w) if them else None
        return contacts.contact_card(
            of_user, post, lang, numbers, profile=profile, record=record, too_good=too_good
        )

    each_language(data, request)
    each_language(data, card)
    each_language(data, lambda lang, w: contacts.contact_declined(lang, make_post(about, w)))


def _photographed(post: Post) -> Post:
    """Every other post with a photo (its links and notes drawn too)."""
    return dataclasses.replace(post, photo="AgAC-photo") if (post.id or 0) % 2 else post


@fuzz(EXAMPLES)
@given(
    st.data(),
    st.lists(post_shapes, max_size=3),
    st.integers(0, 500),
    st.integers(1, 9999),
    currencies,
)
def test_lists(
    data: st.DataObject, posts: list[PostShape], page: int, first: int, currency: str
) -> None:
    def mine(lang: Lang, w: Words) -> str:
        return lists.my_posts_page(lang, [make_post(p, w) for p in posts], page, page + 1, first)

    def found(lang: Lang, w: Words) -> str:
        query, shown = w(limit.QUERY), [_photographed(make_post(p, w)) for p in posts]
        warned = {p.id for p in posts} if page % 2 else ()  # every card warned, or none
        return lists.search_page(
            lang,
            query,
            shown,
            page,
            page + 2,
            first,
            warned,
            "a_bot",
            conversion=guessed(currency),
        )

    def price_list(lang: Lang, w: Words) -> str:
        drafts = [_photographed(make_post(p, w)) for p in posts * 4][: 10 if page % 2 else 3]
        note = t(lang, "list.published", count=len(drafts), date=w(limit.WORD))
        return lists.price_list_drafts(lang, drafts, page, note if first % 2 else None)

    each_language(data, mine)
    each_language(data, found)
    if posts:
        each_language(data, price_list)
    if posts:  # one card as a digest's link opens it, with the warning or without
        card, too_good = posts[0], page % 2 == 1
        each_language(
            data,
            lambda lang, w: lists.shown_card(
                make_post(card, w), lang, too_good=too_good, conversion=guessed(currency)
            ),
        )


@fuzz(EXAMPLES)
@given(st.data(), st.integers(0, 8))
def test_profile(data: st.DataObject, keywords: int) -> None:
    each_language(data, lambda lang, w: profile.profile_card(make_profile(keywords, w), lang))
    each_language(data, lambda lang, w: profile.profile_saved(make_profile(keywords, w), lang))


@fuzz(EXAMPLES)
@given(
    st.data(),
    st.sampled_from(["deal.question", "deal.claim", "deal.confirmed_other", "deal.denied_other"]),
    st.none() | user_shapes,
    st.none() | post_shapes,
)
def test_deals(
    data: st.DataObject, key: str, other: UserShape | None, about: PostShape | None
) -> None:
    def render(lang: Lang, w: Words) -> str:
        person = make_user(other, w) if other else None
        return deals.deal_message(lang, key, person, make_post(about, w) if about else None)

    each_language(data, render)


@fuzz(EXAMPLES)
@given(st.data(), st.none() | st.integers(1, 5), st.none() | summary_shapes())
def test_rating_thanks(
    data: st.DataObject, stars: int | None, record: SummaryShape | None
) -> None:
    """The thanks for one's stars: before the other rated, and after (with their record)."""

    def render(lang: Lang, w: Words) -> str:
        theirs = Rating(None, 1, 2, 3, stars, NOW, w(limit.COMMENT)) if stars else None
        return deals.rating_thanks(lang, theirs, make_summary(record, w) if record else None)

    each_language(data, render)


def test_every_renderer_is_fuzzed() -> None:
    """Every public function of a `bot/texts` or `bot/pictures` module that returns `Html`
    is in `FUZZED`: a new renderer fails here until it has a test above."""
    modules = [
        importlib.import_module(f"{package.__name__}.{info.name}")
        for package in (bot.texts, bot.pictures)
        for info in pkgutil.iter_modules(package.__path__)
    ]
    rendering = {
        function
        for module in modules
        for name, function in inspect.getmembers(module, inspect.isfunction)
        if function.__module__ == module.__name__
        and not name.startswith("_")
        and "Html" in str(inspect.signature(function).return_annotation)
    }
    assert rendering, "no renderers found"
    names = sorted(f"{f.__module__}.{f.__name__}" for f in rendering ^ FUZZED)
    assert rendering == FUZZED, names
