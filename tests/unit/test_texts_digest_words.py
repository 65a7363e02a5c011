"""A weekly digest lists others' posts in the reader's words (issue 35's audit found a
zh-Hans reader reading "LED燈泡"); /my lists one's own posts as written."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.domain.models import Lang, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post
from bot.texts import as_plain
from bot.texts.lists import my_posts_page
from bot.texts.reminders import digest_text
from tests.readers import conversion

AT = datetime(2026, 12, 1, tzinfo=UTC)


def _post(text: str) -> Post:
    parsed = parse_post(text)
    return Post(7, 1, PostKind.OFFER, text, parsed, PostStatus.OPEN, parsed.language, AT, AT)


@pytest.mark.parametrize(
    ("written", "lang", "shown"),
    [
        ("出售 LED燈泡 9W 起訂500個 3元/個 中山", Lang.ZH_HANS, "LED灯泡 (LED燈泡)"),
        ("出售 M6不锈钢螺丝 起订10000个 0.1元/个", Lang.ZH_HANT, "不鏽鋼螺絲 (不锈钢螺丝)"),
        ("出售 304不锈钢保温杯 500ml 起订1000个 12元/个", Lang.EN, "(保温杯)"),
    ],
)
def test_a_digest_names_another_s_product_in_the_reader_s_script(
    written: str, lang: Lang, shown: str
) -> None:
    digest = as_plain(digest_text(lang, [_post(written)], 0, 0, 0, conversion=conversion(lang)))
    assert shown in digest


def test_my_posts_stay_as_written() -> None:
    page = as_plain(my_posts_page(Lang.ZH_HANS, [_post("出售 LED燈泡 9W 3元/個")], 0, 1, 1))
    assert "LED燈泡" in page and "LED灯泡" not in page
