"""Markup injection, keyed strings: every placeholder of every text in `bot/texts` (the three
catalogues of each language), filled with adversarial user text, gives a message the fake
Telegram accepts (valid HTML, at most 4096 characters once parsed) with no link, mention or
formatting beyond the template's. The oracle is in `markup_attacks.py`; the renderers that
put several texts together are tested in `test_markup_injection_renderers.py`.

Each placeholder is filled up to the length its callers can pass (`LIMITS`: where a value
comes from, what Telegram or our code lets through), so a text that could outgrow a message
fails here. Values a renderer marks as `Html` are its business, tested there.

Guaranteed: user text shows as text; it cannot open or close a tag, add a link, a mention
of someone (`text_mention`) or any formatting, nor break the HTML so that Telegram refuses
the message. Not guaranteed, and not markup: Telegram itself turns a bare URL, @username,
#hashtag or /command a user typed into a `url`/`mention`/... entity when it shows the text.
Such an entity shows exactly the characters the user wrote (the fake does not add them).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.domain.models import Lang
from bot.services.errors import UserFacingError
from bot.services.people import users
from bot.texts import CATALOGUES, placeholders, t
from tests.fakes import FixedClock, InMemoryStore
from tests.unit import markup_attacks as limit
from tests.unit.markup_attacks import Words, accepted, each_language, fuzz

ENGLISH = CATALOGUES[Lang.EN]
FRAGMENT = 1000  # a card, trust line, list of lines: made by a renderer, tested there
LIMITS = {
    "name": limit.NAME,
    "username": limit.USERNAME,  # /trust @anything: services/users.py cuts it to 32
    "title": limit.TITLE,
    "product": limit.PRODUCT,
    "text": limit.ANSWER,
    "query": 100,  # search.empty / search.header: search_page cuts the words to 100
    "phone": limit.CONTACT,  # a shared number, or one written in the post
    "value": limit.PRODUCT,  # card fields are cut to 120 characters
    "company": limit.PROFILE_FIELD,
    "region": limit.PROFILE_FIELD,
    "products": limit.PROFILE_FIELD,
    "keywords": 8 * (limit.KEYWORD + 2),
    "words": 3 * (limit.WORD + 2),
    "error": 3500,  # the tail of a traceback (handlers/errors.py)
    "members": 200,
    **dict.fromkeys(["card", "trust", "posts", "lines", "reasons", "latest"], FRAGMENT),
    **dict.fromkeys(["mention", "link"], limit.NAME),
}
BY_KEY = {
    ("reminder.request_unanswered", "query"): 40,  # the product's first 40 characters
    ("circle.link_flag", "text"): 200,  # services/circles.py cuts the message to 200
    ("trust.card.comment", "text"): limit.COMMENT,
}
PART = "✉ "  # many texts are parts of a message (a card's line, a button): never sent alone
WITH_VALUES = [key for key in sorted(ENGLISH) if placeholders(ENGLISH[key])]


def limit_of(key: str, name: str) -> int:
    return BY_KEY.get((key, name), LIMITS.get(name, limit.SHORT))


@pytest.mark.parametrize("key", WITH_VALUES)
@fuzz(12)
@given(data=st.data())
def test_values_add_no_markup_and_fit(key: str, data: st.DataObject) -> None:
    names = sorted(placeholders(ENGLISH[key]))

    def message(lang: Lang, words: Words) -> str:
        return PART + t(lang, key, **{name: words(limit_of(key, name)) for name in names})

    each_language(data, message)


@pytest.mark.parametrize("lang", list(Lang))
def test_every_text_is_accepted(lang: Lang) -> None:
    for key in sorted(ENGLISH):
        accepted(PART + t(lang, key, **dict.fromkeys(placeholders(ENGLISH[key]), "1")))


async def test_an_unknown_username_of_any_length_is_cut() -> None:
    """/trust followed by a word of 4,000 characters: the refusal still fits a message."""
    store = InMemoryStore(FixedClock())
    async with store.uow_factory() as uow:
        with pytest.raises(UserFacingError) as refused:
            await users.member_of(uow, "@" + "<b>" * 1360)
    assert refused.value.key == "trust.unknown_user"
    for lang in Lang:
        accepted(t(lang, refused.value.key, **refused.value.values))
    assert len(str(refused.value.values["username"])) == users.MAX_USERNAME


def test_limits_name_placeholders_that_exist() -> None:
    every = {name for text in ENGLISH.values() for name in placeholders(text)}
    assert set(LIMITS) <= every
    assert {name for _key, name in BY_KEY} <= every and {k for k, _ in BY_KEY} <= set(ENGLISH)
