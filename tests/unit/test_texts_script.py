"""A counterpart's Chinese in the reader's script, the original beside it (issue 35): a
Taipei reader does not see 保温杯 or 义乌 alone, a Shanghai reader not 保溫杯 or 義烏 alone."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from bot.domain.models import Lang, Post, PostKind, PostStatus, User
from bot.domain.parsing import parse_post
from bot.texts import CATALOGUES, plain
from bot.texts.alerts import match_alert
from bot.texts.cards import post_card
from bot.texts.contacts import contact_card
from tests.readers import conversion
from tests.unit.markup_attacks import accepted

NOW = datetime(2026, 12, 2, tzinfo=UTC)
SIMPLIFIED = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
TRADITIONAL = "出售 304不鏽鋼保溫杯 500ml 起訂1000個 12元/個 義烏發貨"


def post(text: str) -> Post:
    parsed = parse_post(text)
    kind = PostKind(parsed.intent.value)
    return Post(1, 1, kind, text, parsed, PostStatus.OPEN, parsed.language, NOW, NOW)


def alert(text: str, reader: Lang) -> str:
    html = str(match_alert(reader, post(text), None, [], conversion=conversion(reader)))
    accepted(html)  # valid Telegram HTML
    return html


def outside_brackets(html: str) -> str:
    """What the reader reads as the text, without the originals beside it."""
    return re.sub(r"\([^()]*\)", "", html)


def test_a_taipei_reader_reads_a_simplified_offer_in_traditional() -> None:
    html = alert(SIMPLIFIED, Lang.ZH_HANT)
    assert post(SIMPLIFIED).parsed.language is Lang.ZH_HANS
    assert "<b>保溫杯 (保温杯)</b>" in html, html
    assert "304不鏽鋼 (304不锈钢)" in html, html
    assert "義烏 (义乌)" in html, html
    shown = outside_brackets(html)
    for simplified in ("保温杯", "不锈钢", "义乌"):
        assert simplified not in shown, html  # only beside, as the original


def test_a_shanghai_reader_reads_a_traditional_offer_in_simplified() -> None:
    html = alert(TRADITIONAL, Lang.ZH_HANS)
    assert post(TRADITIONAL).parsed.language is Lang.ZH_HANT
    assert "<b>保温杯 (保溫杯)</b>" in html, html
    assert "304不锈钢 (304不鏽鋼)" in html, html
    assert "义乌 (義烏)" in html, html
    shown = outside_brackets(html)
    for traditional in ("保溫杯", "不鏽鋼", "義烏"):
        assert traditional not in shown, html


@pytest.mark.parametrize(
    ("text", "reader"), [(SIMPLIFIED, Lang.ZH_HANT), (TRADITIONAL, Lang.ZH_HANS)]
)
def test_a_word_the_same_in_both_scripts_is_shown_once(text: str, reader: Lang) -> None:
    html = str(post_card(post(text), reader))
    assert "500ml" in html and "500ml (" not in html, html
    mask = str(post_card(post("出售 口罩 100元/盒"), Lang.ZH_HANT))
    assert "<b>口罩</b>" in mask, mask


def test_the_writer_s_own_script_is_left_as_written() -> None:
    own = str(post_card(post(SIMPLIFIED), Lang.ZH_HANS))
    assert "<b>保温杯</b>" in own and "(保温杯)" not in own and "義烏" not in own


def test_a_contact_card_names_the_product_in_the_reader_s_script() -> None:
    wang = User(id=1, language=Lang.ZH_HANS, display_name="王丽")
    html = str(contact_card(wang, post(SIMPLIFIED), Lang.ZH_HANT))
    accepted(html)
    assert "保溫杯 (保温杯)" in html, html


def test_the_publish_button_reads_fa_bu_not_the_machine_s_shi_chu() -> None:
    assert plain(Lang.ZH_HANT, "btn.publish") == "✅ 發布"
    wrong = [key for key, text in CATALOGUES[Lang.ZH_HANT].items() if "釋出" in text]
    assert not wrong, wrong


@pytest.mark.parametrize(
    ("reader", "shown", "unwanted"),
    [
        (Lang.ZH_HANT, "不鏽鋼保溫杯 (不锈钢保温杯)", "锈"),
        (Lang.EN, "stainless steel vacuum flask (不锈钢保温杯)", "保"),
    ],
)
def test_advice_gives_the_buyers_words_in_the_reader_s_script(
    reader: Lang, shown: str, unwanted: str
) -> None:
    """Found by the 30-day audit: a Taipei seller's advice quoted the buyers' words
    "不锈钢保温杯" in simplified script alone."""
    from bot.texts.advice import offer_advice

    html = str(
        offer_advice(
            reader,
            post(TRADITIONAL),
            14,
            None,
            [],
            ["不锈钢保温杯", "500ml"],
            conversion=conversion(reader),
        )
    )
    accepted(html)
    assert shown in html and unwanted not in outside_brackets(html), html
