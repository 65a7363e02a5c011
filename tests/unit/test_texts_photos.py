"""A post's photo in the texts: the owner's card says who sees it, a /search result and a
digest line link to it, and a card shown to others does not claim a photo it cannot show."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from bot.domain.models import Circle, Lang, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post
from bot.texts import as_plain
from bot.texts.cards import card_message, post_card
from bot.texts.circles import circle_digest
from bot.texts.lists import search_page
from bot.texts.reminders import digest_text
from tests.readers import conversion

AT = datetime(2026, 12, 1, tzinfo=UTC)
BOT = "tradecircle_test_bot"


def _offer(photo: str | None, status: PostStatus = PostStatus.DRAFT) -> Post:
    text = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
    parsed = parse_post(text)
    post = Post(7, 1, PostKind.OFFER, text, parsed, status, parsed.language, AT, AT)
    return dataclasses.replace(post, photo=photo)


@pytest.mark.parametrize("lang", list(Lang))
def test_the_owner_s_card_says_the_photo_goes_with_it(lang: Lang) -> None:
    with_photo, without = _offer("AgAC-cups"), _offer(None)
    assert "📷" in card_message(with_photo, lang) and "📷" not in card_message(without, lang)
    assert "📷" not in post_card(with_photo, lang)  # an alert's caption sits under the photo


@pytest.mark.parametrize("lang", list(Lang))
def test_a_search_result_and_a_digest_line_link_to_the_photo(lang: Lang) -> None:
    posts = [_offer("AgAC-cups", PostStatus.OPEN), dataclasses.replace(_offer(None), id=8)]
    page = search_page(
        lang, "保温杯", posts, 0, 1, 1, bot_username=BOT, conversion=conversion(lang)
    )
    assert page.count("📷") == 1 and f'href="https://t.me/{BOT}?start=p7"' in page
    assert "start=p8" not in page
    assert (
        search_page(lang, "保温杯", posts, 0, 1, 1, conversion=conversion(lang)).count("📷") == 0
    )  # no username: no link
    digest = digest_text(lang, posts, 0, 0, 0, bot_username=BOT, conversion=conversion(lang))
    assert as_plain(digest).count("📷") == 1
    circle = circle_digest(Circle(-100, "Cups", language=lang), posts, BOT)
    assert circle.count("📷") == 1 and "start=p7" in circle
